import { Button, Center, Group, Stack, Text, Title } from "@mantine/core";
import { useRouteError } from "react-router-dom";
import { MESSAGES } from "../../shared/api-errors.ts";

/** A screen's code failed to load: a new version replaced it, the network dropped, or it timed out. */
export function isScreenLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|module script|screen took too long/i.test(
    message,
  );
}

/** The router's last resort when a screen throws while rendering or loading. */
export function RouteError() {
  const error = useRouteError();
  const loadFailed = isScreenLoadError(error);
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" gap="sm" maw={460}>
        <Title order={1} size="h2" ta="center">
          {loadFailed ? "This screen could not be loaded" : "Something went wrong"}
        </Title>
        <Text ta="center" c="dimmed">
          {loadFailed ? "Check your connection, then reload the page." : MESSAGES.unexpected}
        </Text>
        <Group>
          <Button onClick={() => window.location.reload()}>Reload</Button>
          <Button component="a" href="/" variant="default">
            Go home
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
