import { Alert, Anchor, Button, Group, Stack, Title } from "@mantine/core";
import { Link, useParams } from "react-router-dom";
import { SchemaDetails } from "../../renderers/SchemaDetails.tsx";
import { patientPaths } from "../patients/patient-paths.ts";
import { LinkedPatients } from "./LinkedPatients.tsx";
import { PATIENT_USERS, PATIENT_USERS_PATH, type PatientUserRecord } from "./patient-users-api.ts";
import { RecordFacts } from "./RecordFacts.tsx";
import { RecordLoader } from "./RecordLoader.tsx";
import { useRecord } from "./settings-api.ts";
import { settingsPaths } from "./settings-paths.ts";

const ACCOUNT_FACTS = ["username", "status", "contact_information", "last_activity_code", "last_activity_at"];

/** The patient user named in the address (/settings/patient-users/:userId[/edit]). */
export function usePatientUser() {
  const { userId = "" } = useParams();
  return useRecord<PatientUserRecord>(PATIENT_USERS, userId, `${PATIENT_USERS_PATH}/${encodeURIComponent(userId)}`);
}

export const BACK_TO_PATIENT_USERS = { label: "Back to patient users", to: settingsPaths.patientUsers };

/** A patient's own account is edited on the patient's chart (the server refuses it here). */
export function EditOnChartNotice({ user }: { user: PatientUserRecord }) {
  const own = user.patients.find((p) => p.patient_id);
  return (
    <Alert color="blue" title="This is a patient's own account">
      Change their name and contact information on the patient's chart.{" "}
      {own?.patient_id && (
        <Anchor component={Link} to={patientPaths.view(own.patient_id)}>
          Open {own.full_name}
        </Anchor>
      )}
    </Alert>
  );
}

/** /settings/patient-users/:userId: the account, its contact details and the charts it answers for. */
export function PatientUserViewPage() {
  const query = usePatientUser();
  return (
    <RecordLoader query={query} what="patient user" backTo={BACK_TO_PATIENT_USERS}>
      {(user) => (
        <Stack gap="md" maw={880}>
          <Anchor component={Link} to={settingsPaths.patientUsers} size="sm">
            ← Patient users
          </Anchor>
          <Group justify="space-between" align="center" wrap="wrap">
            <Title order={1}>{user.full_name}</Title>
            {!user.is_patient && (
              <Button component={Link} to={settingsPaths.patientUserEdit(user.id)}>
                Edit patient user
              </Button>
            )}
          </Group>
          {user.is_patient && <EditOnChartNotice user={user} />}
          <SchemaDetails formId="forms/patient-user.form.json" record={user} label="Patient user details" />
          <Title order={2} size="h3">
            Account
          </Title>
          <RecordFacts entityId="entities/patient-user.json" fields={ACCOUNT_FACTS} record={user} label="Account" />
          <Title order={2} size="h3">
            Linked patients
          </Title>
          <LinkedPatients patients={user.patients} />
        </Stack>
      )}
    </RecordLoader>
  );
}
