import { Button, Paper, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router-dom";
import { useSignedInUser } from "../../auth/useSession.ts";
import { HandBackNotice } from "./login-as/HandBackNotice.tsx";
import { sessionPaths } from "./session-paths.ts";

/** /no-sessions: nothing to answer right now. */
export function NoSessionsPage() {
  const user = useSignedInUser();
  return (
    <Stack maw={680} mx="auto" gap="md">
      <Title order={1} size="h2">
        Hello, {user.firstName}
      </Title>
      <Paper withBorder p="lg" radius="md">
        <Text fw={500}>No measures are waiting for you</Text>
        <Text size="sm" c="dimmed" mt={4}>
          When your care team sends you a questionnaire, it will appear here.
        </Text>
        {user.loggedAsRespondent ? (
          <HandBackNotice user={user} />
        ) : (
          <Button component={Link} to={sessionPaths.list} variant="light" mt="md">
            Check again
          </Button>
        )}
      </Paper>
    </Stack>
  );
}
