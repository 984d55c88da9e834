import { Stack, Text, Title } from "@mantine/core";
import { Redirect } from "../../app/Redirect.tsx";

import { PatientEditor } from "./PatientEditor.tsx";
import { PatientLoader } from "./PatientLoader.tsx";
import { useCanWritePatients } from "./PatientPermissions.tsx";

/** /clinician/patients/patient/:patientId/edit */
export function PatientEditPage() {
  if (!useCanWritePatients()) return <Redirect to="/404" />;
  return (
    <PatientLoader>
      {(patient, reload) => (
        <Stack gap="md" maw={720}>
          <div>
            <Title order={1}>Edit patient</Title>
            <Text c="dimmed">{patient.full_name}</Text>
          </div>
          {/* keyed by id: another patient's form starts from its own data */}
          <PatientEditor key={patient.id} patient={patient} reload={reload} />
        </Stack>
      )}
    </PatientLoader>
  );
}
