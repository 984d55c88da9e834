import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { loadSession } from "../auth/session-actions.ts";

/** The session could not be confirmed because the server did not answer; the tokens are kept. */
export function ServerUnreachable() {
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" maw={420}>
        <Title order={1} size="h3">
          We can't reach the server
        </Title>
        <Text c="dimmed" ta="center">
          Check your connection. You are still signed in; try again in a moment.
        </Text>
        <Button onClick={() => void loadSession()}>Try again</Button>
      </Stack>
    </Center>
  );
}
