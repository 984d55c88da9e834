import { Stack, Title } from "@mantine/core";
import { Navigate } from "react-router-dom";
import { PatientEditor } from "./PatientEditor.tsx";
import { useCanWritePatients } from "./PatientPermissions.tsx";

/** /clinician/patients/add */
export function PatientAddPage() {
  if (!useCanWritePatients()) return <Navigate to="/404" replace />;
  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>Add patient</Title>
      <PatientEditor />
    </Stack>
  );
}
