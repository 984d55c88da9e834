import { Stack, Title } from "@mantine/core";
import { Redirect } from "../../app/Redirect.tsx";

import { PatientEditor } from "./PatientEditor.tsx";
import { useCanWritePatients } from "./PatientPermissions.tsx";

/** /clinician/patients/add */
export function PatientAddPage() {
  if (!useCanWritePatients()) return <Redirect to="/404" />;
  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>Add patient</Title>
      <PatientEditor />
    </Stack>
  );
}
