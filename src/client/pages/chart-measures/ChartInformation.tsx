import { Stack } from "@mantine/core";
import { SchemaDetails } from "../../renderers/SchemaDetails.tsx";
import { ChartOpenedBy } from "../patients/ChartOpenedBy.tsx";
import type { PatientRecord } from "../patients/patient-api.ts";
import { patientEntity } from "../patients/patient-api.ts";
import { ChartTeam } from "../respondents/ChartTeam.tsx";

/** The chart's Information tab: the patient's details, their respondents, and who opened the chart. */
export function ChartInformation({ patient, ccaId }: { patient: PatientRecord; ccaId: number }) {
  return (
    <Stack gap="md">
      <SchemaDetails detailsId={patientEntity.detailsId} record={patient} />
      <ChartTeam ccaId={ccaId} patientId={patient.id} patientName={patient.full_name ?? ""} />
      <ChartOpenedBy patientId={patient.id} />
    </Stack>
  );
}
