import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router-dom";
import { MESSAGES } from "../../../shared/api-errors.ts";

/** /404 and every unknown route; also what a user without the permission for a screen sees (spec §2). */
export function NotFoundPage() {
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" maw={460}>
        <Text fz={56} fw={800} c="gray.6" lh={1} aria-hidden>
          404
        </Text>
        <Title order={1} size="h2" ta="center">
          Page not found
        </Title>
        <Text ta="center" c="dimmed">
          {MESSAGES.notFound}
        </Text>
        <Button component={Link} to="/" mt="sm">
          Go home
        </Button>
      </Stack>
    </Center>
  );
}
