import { Button, Center, Group, Stack, Text, Title } from "@mantine/core";
import { Link, useNavigate } from "react-router-dom";

/** /404 and every unknown route: what happened, and two ways back (spec §2, issue 9 §5). */
export function NotFoundPage() {
  const navigate = useNavigate();
  // A page opened from a typed address or a bookmark has nowhere to go back to in this tab.
  const canGoBack = typeof window !== "undefined" && (window.history.state?.idx ?? 0) > 0;
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" maw={480}>
        <Text fz={56} fw={800} c="gray.6" lh={1} aria-hidden>
          404
        </Text>
        <Title order={1} size="h2" ta="center">
          Page not found
        </Title>
        <Text ta="center">
          There is no page at this address. The link may be mistyped or out of date, or the page may have moved.
        </Text>
        <Group justify="center" mt="sm">
          {canGoBack && (
            <Button variant="default" onClick={() => navigate(-1)}>
              Go back
            </Button>
          )}
          <Button component={Link} to="/">
            Go to your home page
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
