import { DataList, Group, Text } from "@mantine/core";
import { formatCalendarDate, formatMoment } from "../../dates/clinic-dates.ts";
import type { PatientRecord } from "../patients/patient-api.ts";

/**
 * Whose report this is, at the top of every printed report: the patient's name, MRN and date of
 * birth (the identifiers a record filed in another system is matched on), and when it was made.
 */
export function PatientBanner({ patient, madeAt = new Date() }: { patient: PatientRecord; madeAt?: Date }) {
  return (
    <header className="print-block">
      <Group justify="space-between" align="baseline" wrap="wrap" gap="xs">
        <Text fw={700} size="lg">
          {patient.full_name ?? `${patient.first_name} ${patient.last_name}`}
        </Text>
        <Text size="sm">Made {formatMoment(madeAt.toISOString())}</Text>
      </Group>
      <DataList orientation="horizontal" labelWidth="8rem" aria-label="Patient">
        <DataList.Item>
          <DataList.ItemLabel>MRN</DataList.ItemLabel>
          <DataList.ItemValue>{patient.mrn}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Date of birth</DataList.ItemLabel>
          <DataList.ItemValue>{formatCalendarDate(patient.birth_date)}</DataList.ItemValue>
        </DataList.Item>
      </DataList>
    </header>
  );
}
