import { Anchor, Button, Group, Stack, Title } from "@mantine/core";
import { Link } from "react-router-dom";
import { SchemaDetails } from "../../renderers/SchemaDetails.tsx";
import { ChartMeasures } from "../chart-measures/ChartMeasures.tsx";
import { ChartTeam } from "../respondents/ChartTeam.tsx";
import { PatientLoader } from "./PatientLoader.tsx";
import { useCanWritePatients } from "./PatientPermissions.tsx";
import { patientPaths } from "./patient-paths.ts";

/** /clinician/patients/patient/:patientId: the patient's details, read-only. */
export function PatientViewPage() {
  const canWrite = useCanWritePatients();
  return (
    <PatientLoader>
      {(patient) => (
        <Stack gap="md" maw={880}>
          <Anchor component={Link} to={patientPaths.list} size="sm">
            ← Patients
          </Anchor>
          <Group justify="space-between" align="center" wrap="wrap">
            <Title order={1}>{patient.full_name}</Title>
            {canWrite && (
              <Button component={Link} to={patientPaths.edit(patient.id)}>
                Edit patient
              </Button>
            )}
          </Group>
          {typeof patient.access_control_id === "number" &&
            typeof patient.client_clinic_assignment_user_id === "number" && (
              <ChartMeasures
                patientId={patient.id}
                ccaId={patient.access_control_id}
                ccauId={patient.client_clinic_assignment_user_id}
                patientName={patient.full_name ?? ""}
                canWrite={canWrite}
              />
            )}
          <SchemaDetails formId="forms/patient.form.json" record={patient} label="Patient details" />
          {typeof patient.access_control_id === "number" && (
            <ChartTeam ccaId={patient.access_control_id} patientId={patient.id} patientName={patient.full_name ?? ""} />
          )}
        </Stack>
      )}
    </PatientLoader>
  );
}
