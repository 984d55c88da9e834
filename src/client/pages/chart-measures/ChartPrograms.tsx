import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { errorText } from "../../api/error-text.ts";
import { formatCalendarDate } from "../../dates/clinic-dates.ts";
import { AddToProgramDialog, DischargeDialog, UndoAdmissionDialog } from "./AdmissionDialogs.tsx";
import { type Admission, useAdmissions, waitingWords } from "./admissions-api.ts";

const STATUS_COLOR: Record<Admission["status"], string> = {
  admitted: "teal",
  discharge_pending: "yellow",
  discharged: "gray",
};

/**
 * The chart's Programs tab (spec §2 chart programs; docs/programs-episodes.md): every admission
 * (episode of care) with its dates and status in words, what a pending discharge waits for, and
 * for those who may write: Add to program, Discharge, and Undo admission while nothing was
 * answered under it. Cards rather than a table: an admission reads the same on a phone.
 */
export function ChartPrograms(props: { patientId: number; patientName: string; canWrite: boolean }) {
  const { patientId, patientName, canWrite } = props;
  const admissions = useAdmissions(patientId);
  // Home's add-program and discharge addresses (spec §2 Clinician area) open a dialog here.
  const [params] = useSearchParams();
  const action = canWrite ? params.get("action") : null;
  const [adding, setAdding] = useState(action === "add-program");
  const [discharging, setDischarging] = useState<Admission | null>(null);
  const dischargeAsked = action === "discharge" ? Number(params.get("admission")) : null;
  const [askedHandled, setAskedHandled] = useState(false);
  useEffect(() => {
    if (askedHandled || dischargeAsked === null || !admissions.data) return;
    setAskedHandled(true);
    const asked = admissions.data.rows.find((a) => a.accessControlProgramId === dischargeAsked);
    if (asked && asked.discharge_status === null) setDischarging(asked);
  }, [askedHandled, dischargeAsked, admissions.data]);
  const [undoing, setUndoing] = useState<Admission | null>(null);
  const rows = admissions.data?.rows ?? [];
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="center">
        <Title order={2} size="h3">
          Programs
        </Title>
        {canWrite && <Button onClick={() => setAdding(true)}>Add to program</Button>}
      </Group>
      {admissions.isError && (
        <Alert color="red" title="Programs could not be loaded">
          {errorText(admissions.error)}
        </Alert>
      )}
      {admissions.isSuccess && rows.length === 0 && <Text c="dimmed">{patientName} has not been in a program.</Text>}
      {rows.map((a) => (
        <Paper key={a.accessControlProgramId} withBorder p="md" component="section" aria-label={a.program.name}>
          <Stack gap={6}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Title order={3} size="h4">
                {a.program.name}
              </Title>
              <Badge variant="light" color={STATUS_COLOR[a.status]}>
                {a.status_label}
              </Badge>
            </Group>
            <Text size="sm">Admitted {formatCalendarDate(a.admission_date)}</Text>
            {a.discharge_date && (
              <Text size="sm">
                Discharged {formatCalendarDate(a.discharge_date)}
                {a.disposition_label ? ` · ${a.disposition_label}` : ""}
              </Text>
            )}
            {a.status === "discharge_pending" && (
              <Text size="sm">
                {waitingWords(a.waiting)} The discharge is final once the discharge measures are answered and the alerts
                of this admission acknowledged.
              </Text>
            )}
            {canWrite && a.status === "admitted" && (
              <Group gap="sm" mt={4}>
                <Button size="xs" variant="default" onClick={() => setDischarging(a)}>
                  Discharge
                </Button>
                {!a.answered && (
                  <Button size="xs" variant="subtle" color="red" onClick={() => setUndoing(a)}>
                    Undo admission
                  </Button>
                )}
              </Group>
            )}
          </Stack>
        </Paper>
      ))}
      <AddToProgramDialog
        opened={adding}
        onClose={() => setAdding(false)}
        patientId={patientId}
        patientName={patientName}
      />
      <DischargeDialog admission={discharging} onClose={() => setDischarging(null)} patientName={patientName} />
      <UndoAdmissionDialog admission={undoing} onClose={() => setUndoing(null)} patientName={patientName} />
    </Stack>
  );
}
