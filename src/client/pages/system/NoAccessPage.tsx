import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router-dom";

/**
 * What a signed-in user sees on a screen their role does not open (issue 9 §5): said plainly,
 * inside the app's frame so the navigation still leads somewhere, with a way home.
 */
export function NoAccessPage() {
  return (
    <Center mih="50vh" p="md">
      <Stack align="center" gap="sm" maw={480}>
        <Title order={1} size="h2" ta="center">
          You don't have access to this page
        </Title>
        <Text ta="center">
          Your account's role does not include this page. If you need it for your work, ask your clinic's administrator.
        </Text>
        <Button component={Link} to="/" mt="sm">
          Go to your home page
        </Button>
      </Stack>
    </Center>
  );
}
