import { Alert, Button, Center, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { formatMoment } from "../../dates/clinic-dates.ts";
import { entityKeys, useEntityRecord } from "../../entities/entity-api.ts";
import { RecordForm } from "../../entities/RecordForm.tsx";
import { SchemaDetails } from "../../renderers/SchemaDetails.tsx";
import { hasInsurance, type InsuranceRecord, insuranceEntity, saveInsurance } from "./insurance-api.ts";

export interface ChartInsuranceProps {
  patientId: number;
  patientName: string;
  /** patients.write: the Edit button shows (the server refuses a save without it anyway). */
  canWrite: boolean;
}

/**
 * The chart's Insurance tab (spec §2, issue 11 §3): the patient's primary and secondary coverage
 * as the details file lays them out, and for those who may write patients an Edit form from the
 * insurance form file. A save someone else made first is said at the top of the form, which then
 * offers to reload (RecordForm); the person's edits stay on screen until they do.
 */
export function ChartInsurance({ patientId, patientName, canWrite }: ChartInsuranceProps) {
  const client = useQueryClient();
  const query = useEntityRecord<InsuranceRecord>(insuranceEntity, String(patientId));
  const [editing, setEditing] = useState(false);

  if (query.isPending)
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Loading insurance" />
      </Center>
    );
  if (query.isError)
    return (
      <Alert color="red" title="The insurance could not be loaded">
        {query.error.message}
      </Alert>
    );

  const record = query.data;
  const reload = () => query.refetch({ throwOnError: true }).then((answer) => answer.data);

  if (editing)
    return (
      <Stack gap="md" maw={720}>
        <Title order={2} size="h3">
          {hasInsurance(record) ? "Edit insurance" : "Add insurance"}
        </Title>
        <RecordForm<InsuranceRecord>
          formId={insuranceEntity.formId}
          record={record}
          save={(body) => saveInsurance(patientId, body)}
          reload={reload}
          submitLabel="Save insurance"
          success="Insurance saved"
          failure="The insurance could not be saved"
          onSaved={(saved) => {
            client.setQueryData(entityKeys.one(insuranceEntity.resource, String(patientId)), saved);
            setEditing(false);
          }}
        >
          <Button variant="default" onClick={() => setEditing(false)}>
            Cancel
          </Button>
        </RecordForm>
      </Stack>
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap">
        {hasInsurance(record) ? (
          <Text size="sm" c="dimmed">
            Last updated {formatMoment(record.updated_at)}
          </Text>
        ) : (
          <Text>No insurance on file for {patientName}.</Text>
        )}
        {canWrite && (
          <Button variant="default" onClick={() => setEditing(true)}>
            {hasInsurance(record) ? "Edit insurance" : "Add insurance"}
          </Button>
        )}
      </Group>
      {hasInsurance(record) && <SchemaDetails detailsId={insuranceEntity.detailsId} record={record} />}
    </Stack>
  );
}
