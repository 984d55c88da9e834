import { Button, Stack, Text, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "react-router-dom";
import { SchemaForm } from "../../renderers/SchemaForm.tsx";
import { BACK_TO_PATIENT_USERS, EditOnChartNotice, usePatientUser } from "./PatientUserViewPage.tsx";
import { PATIENT_USERS, type PatientUserRecord, savePatientUser } from "./patient-users-api.ts";
import { RecordLoader } from "./RecordLoader.tsx";
import { refreshAfterChange } from "./settings-api.ts";
import { settingsPaths } from "./settings-paths.ts";
import { useFormSave } from "./useFormSave.ts";

function PatientUserEditor({ user }: { user: PatientUserRecord }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const { submit, fieldErrors, saving } = useFormSave({
    save: (body) => savePatientUser(user.id, body),
    success: "Patient user updated",
    failure: "The patient user could not be saved",
    onSaved: async () => {
      await refreshAfterChange(client, PATIENT_USERS);
      navigate(settingsPaths.patientUser(user.id));
    },
  });
  return (
    <SchemaForm
      formId="forms/patient-user.form.json"
      formData={user}
      submitLabel="Save patient user"
      serverErrors={fieldErrors}
      submitting={saving}
      onSubmit={submit}
    >
      <Button variant="default" component={Link} to={settingsPaths.patientUser(user.id)}>
        Cancel
      </Button>
    </SchemaForm>
  );
}

/** /settings/patient-users/:userId/edit */
export function PatientUserEditPage() {
  const query = usePatientUser();
  return (
    <RecordLoader query={query} what="patient user" backTo={BACK_TO_PATIENT_USERS}>
      {(user) => (
        <Stack gap="md" maw={720}>
          <div>
            <Title order={1}>Edit patient user</Title>
            <Text c="dimmed">{user.full_name}</Text>
          </div>
          {user.is_patient ? <EditOnChartNotice user={user} /> : <PatientUserEditor key={user.id} user={user} />}
        </Stack>
      )}
    </RecordLoader>
  );
}
