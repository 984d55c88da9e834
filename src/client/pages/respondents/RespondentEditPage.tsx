import { Alert, Anchor, Center, Loader, Stack, Text, Title } from "@mantine/core";
import { Link, useParams } from "react-router-dom";
import { errorText } from "../../api/error-text.ts";
import { Redirect } from "../../app/Redirect.tsx";
import { PatientLoader } from "../patients/PatientLoader.tsx";
import { useCanWritePatients } from "../patients/PatientPermissions.tsx";
import type { PatientRecord } from "../patients/patient-api.ts";
import { patientPaths } from "../patients/patient-paths.ts";
import { RespondentEditor } from "./RespondentEditor.tsx";
import { useChartTeam } from "./respondent-api.ts";

const NOT_FOUND = "The respondent does not exist or you do not have access to view it.";

function EditRespondent({ patient, ccauId }: { patient: PatientRecord; ccauId: number }) {
  const team = useChartTeam(Number(patient.access_control_id));
  if (team.isPending) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Loading respondent" />
      </Center>
    );
  }
  if (team.isError) {
    return (
      <Alert color="red" title="The respondent could not be loaded">
        {errorText(team.error)}
      </Alert>
    );
  }
  const member = team.data.rows.find((m) => m.ccauId === ccauId);
  if (!member) return <Alert color="yellow">{NOT_FOUND}</Alert>;
  if (member.isPatient) {
    return (
      <Alert color="blue">
        The patient's own details are edited on the{" "}
        <Anchor component={Link} to={patientPaths.edit(patient.id)}>
          patient form
        </Anchor>
        .
      </Alert>
    );
  }
  return (
    <>
      <Text c="dimmed" mt={-8}>
        {member.full_name}, {member.relation} of {patient.full_name}
      </Text>
      {/* keyed by link: another respondent's form starts from its own data */}
      <RespondentEditor key={member.ccauId} patient={patient} member={member} />
    </>
  );
}

/** /clinician/patients/patient/:patientId/respondent/:ccauId/edit */
export function RespondentEditPage() {
  const { ccauId = "" } = useParams();
  const canWrite = useCanWritePatients();
  if (!canWrite) return <Redirect to="/404" />;
  const id = /^[1-9]\d*$/.test(ccauId) ? Number(ccauId) : 0;
  return (
    <PatientLoader>
      {(patient) => (
        <Stack gap="md" maw={720}>
          <Anchor component={Link} to={patientPaths.information(patient.id)} size="sm">
            ← {patient.full_name}
          </Anchor>
          <Title order={1}>Edit respondent</Title>
          {id ? <EditRespondent patient={patient} ccauId={id} /> : <Alert color="yellow">{NOT_FOUND}</Alert>}
        </Stack>
      )}
    </PatientLoader>
  );
}
