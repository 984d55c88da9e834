import { Anchor, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router-dom";
import { Redirect } from "../../app/Redirect.tsx";
import { PatientLoader } from "../patients/PatientLoader.tsx";
import { useCanWritePatients } from "../patients/PatientPermissions.tsx";
import { patientPaths } from "../patients/patient-paths.ts";
import { RespondentEditor } from "./RespondentEditor.tsx";

/** /clinician/patients/patient/:patientId/respondent/add (spec §2 respondent/add). */
export function RespondentAddPage() {
  if (!useCanWritePatients()) return <Redirect to="/404" />;
  return (
    <PatientLoader>
      {(patient) => (
        <Stack gap="md" maw={720}>
          <Anchor component={Link} to={patientPaths.information(patient.id)} size="sm">
            ← {patient.full_name}
          </Anchor>
          <div>
            <Title order={1}>Add respondent</Title>
            <Text c="dimmed">A parent, teacher or caregiver who answers measures about {patient.full_name}.</Text>
          </div>
          <RespondentEditor key={patient.id} patient={patient} />
        </Stack>
      )}
    </PatientLoader>
  );
}
