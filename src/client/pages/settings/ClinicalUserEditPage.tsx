import { Badge, Group, Stack, Title } from "@mantine/core";
import { useParams } from "react-router-dom";
import { RecordLoader } from "../../entities/RecordLoader.tsx";
import { SchemaDetails } from "../../renderers/SchemaDetails.tsx";
import { statusLabel } from "./account-commands.ts";
import { ClinicalUserActions } from "./ClinicalUserActions.tsx";
import { ClinicalUserEditor } from "./ClinicalUserEditor.tsx";
import { type ClinicalUserRecord, clinicalUserEntity } from "./clinical-users-api.ts";
import { settingsPaths } from "./settings-paths.ts";

/** /settings/clinical-users/:userId/edit: the account (status, actions, activity), then the form. */
export function ClinicalUserEditPage() {
  const { userId = "" } = useParams();
  return (
    <RecordLoader<ClinicalUserRecord>
      entity={clinicalUserEntity}
      id={userId}
      backTo={{ label: "Back to clinical users", to: settingsPaths.clinicalUsers }}
    >
      {(user, reload) => (
        <Stack gap="lg" maw={720}>
          <Group justify="space-between" align="center" wrap="wrap" gap="sm">
            <Group gap="sm" align="center">
              <Title order={1}>{user.full_name}</Title>
              <Badge variant="light" color={user.status === 1 ? "gray" : user.status === 2 ? "teal" : "blue"}>
                {statusLabel(user.status)}
              </Badge>
            </Group>
            <ClinicalUserActions user={user} variant="page" />
          </Group>
          <SchemaDetails detailsId={clinicalUserEntity.detailsId} record={user} />
          <Title order={2} size="h3">
            Edit clinical user
          </Title>
          <ClinicalUserEditor key={user.id} user={user} reload={reload} />
        </Stack>
      )}
    </RecordLoader>
  );
}
