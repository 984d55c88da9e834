import { Stack, Text, Title } from "@mantine/core";
import { useParams } from "react-router-dom";
import { EntityEditor } from "../../entities/EntityEditor.tsx";
import { RecordLoader } from "../../entities/RecordLoader.tsx";
import { EditOnChartNotice } from "./PatientUserViewPage.tsx";
import { type PatientUserRecord, patientUserEntity } from "./patient-users-api.ts";
import { settingsPaths } from "./settings-paths.ts";

const toView = (user: PatientUserRecord) => settingsPaths.patientUser(user.id);

/** /settings/patient-users/:userId/edit */
export function PatientUserEditPage() {
  const { userId = "" } = useParams();
  return (
    <RecordLoader<PatientUserRecord>
      entity={patientUserEntity}
      id={userId}
      backTo={{ label: "Back to patient users", to: settingsPaths.patientUsers }}
    >
      {(user, reload) => (
        <Stack gap="md" maw={720}>
          <div>
            <Title order={1}>Edit patient user</Title>
            <Text c="dimmed">{user.full_name}</Text>
          </div>
          {user.is_patient ? (
            <EditOnChartNotice user={user} />
          ) : (
            <EntityEditor
              key={user.id}
              entity={patientUserEntity}
              record={user}
              reload={reload}
              afterSave={toView}
              cancelTo={toView(user)}
            />
          )}
        </Stack>
      )}
    </RecordLoader>
  );
}
