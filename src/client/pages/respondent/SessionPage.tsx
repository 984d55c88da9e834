import { Paper, Stack, Text, Title } from "@mantine/core";
import { useSignedInUser } from "../../auth/useSession.ts";

/** /session for respondents. Answering measures arrives with a later issue; until then, nothing is due. */
export function SessionPage() {
  const user = useSignedInUser();
  return (
    <Stack maw={640} mx="auto" gap="md">
      <Title order={1} size="h2">
        Hello, {user.firstName}
      </Title>
      <Paper withBorder p="lg" radius="md">
        <Text>No measures are waiting for you</Text>
        <Text size="sm" c="dimmed" mt={4}>
          When your care team sends you a questionnaire, it will appear here.
        </Text>
      </Paper>
    </Stack>
  );
}
