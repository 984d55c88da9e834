import { Anchor, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router-dom";

/** /security/forgot-password: self-service recovery arrives with account recovery (a later issue). */
export function ForgotPasswordPage() {
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Forgot password
      </Title>
      <Text>
        Resetting a password by email or text message arrives with account recovery. Until then, ask your clinic's
        administrator to reset your password.
      </Text>
      <Anchor component={Link} to="/security/login">
        Back to sign in
      </Anchor>
    </Stack>
  );
}
