import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { useEffect } from "react";
import { MESSAGES } from "../../../shared/api-errors.ts";
import { api } from "../../api/http.ts";

/** How often the maintenance page asks whether the server is back. */
export const MAINTENANCE_POLL_MS = 15_000;

function probe(): void {
  // Success is noticed by the API layer, which sends the user home (spec §8).
  api("health", { renew: false }).catch(() => {});
}

/** /maintenance: shown after a 503; returns to / when a later call succeeds. */
export function MaintenancePage() {
  useEffect(() => {
    const timer = window.setInterval(probe, MAINTENANCE_POLL_MS);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" gap="sm" maw={460}>
        <Title order={1} size="h2" ta="center">
          {MESSAGES.maintenance}
        </Title>
        <Text ta="center" c="dimmed">
          The service is briefly unavailable while it is being maintained. This page checks regularly and takes you back
          as soon as it is ready.
        </Text>
        <Button variant="default" onClick={probe} mt="sm">
          Check now
        </Button>
      </Stack>
    </Center>
  );
}
