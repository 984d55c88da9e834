import { Badge, Group, Stack, Title } from "@mantine/core";
import { useParams } from "react-router-dom";
import { statusLabel } from "./account-commands.ts";
import { ClinicalUserActions } from "./ClinicalUserActions.tsx";
import { ClinicalUserEditor } from "./ClinicalUserEditor.tsx";
import { CLINICAL_USERS, type ClinicalUserRecord } from "./clinical-users-api.ts";
import { RecordFacts } from "./RecordFacts.tsx";
import { RecordLoader } from "./RecordLoader.tsx";
import { useRecord } from "./settings-api.ts";
import { settingsPaths } from "./settings-paths.ts";

const ACCOUNT_FACTS = ["username", "invited_at", "last_login", "last_activity_code", "last_activity_at"];

/** /settings/clinical-users/:userId/edit: the account (status, actions, activity), then the form. */
export function ClinicalUserEditPage() {
  const { userId = "" } = useParams();
  const query = useRecord<ClinicalUserRecord>(CLINICAL_USERS, userId, `clinical-user/${encodeURIComponent(userId)}`);
  return (
    <RecordLoader
      query={query}
      what="clinical user"
      backTo={{ label: "Back to clinical users", to: settingsPaths.clinicalUsers }}
    >
      {(user) => (
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
          <RecordFacts entityId="entities/clinical-user.json" fields={ACCOUNT_FACTS} record={user} label="Account" />
          <Title order={2} size="h3">
            Edit clinical user
          </Title>
          <ClinicalUserEditor key={user.id} user={user} />
        </Stack>
      )}
    </RecordLoader>
  );
}
