import { Alert, Anchor, Button, Divider, Group, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { Link } from "react-router-dom";
import { ApiError } from "../../api/api-error.ts";
import { errorText } from "../../api/error-text.ts";
import { login } from "../../auth/session-actions.ts";
import { errorsByField } from "./field-errors.ts";

/**
 * /security/login. On success the session store changes and the AnonymousOnly guard sends the
 * user on: to the page they were going to, or to their home. The server's message shows as is
 * (the same words for an unknown username and a wrong password).
 */
export function LoginPage() {
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    setFailure(null);
    setFieldErrors({});
    try {
      await login(username, password);
    } catch (error) {
      if (error instanceof ApiError && error.code === "validation" && error.fieldErrors.length) {
        setFieldErrors(errorsByField(error.fieldErrors));
      } else {
        setFailure(error);
        setPassword("");
      }
      setPending(false);
    }
  }

  const passwordExpired = failure instanceof ApiError && failure.code === "password_expired";

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h2">
          Sign in
        </Title>
        {failure !== null && (
          <Alert color="red" variant="light" title={passwordExpired ? errorText(failure) : undefined}>
            {passwordExpired ? (
              <Text size="sm">
                Your password must be changed before you can sign in.{" "}
                <Anchor component={Link} to="/security/forgot-password" size="sm">
                  Use Forgot password
                </Anchor>{" "}
                to choose a new one.
              </Text>
            ) : (
              errorText(failure)
            )}
          </Alert>
        )}
        <TextInput
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          value={username}
          onChange={(e) => setUsername(e.currentTarget.value)}
          error={fieldErrors.username}
        />
        <PasswordInput
          label="Password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={fieldErrors.password}
        />
        <Group justify="space-between" gap="xs">
          <Anchor component={Link} to="/security/forgot-username" size="sm">
            Forgot username?
          </Anchor>
          <Anchor component={Link} to="/security/forgot-password" size="sm">
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" fullWidth loading={pending}>
          Sign in
        </Button>
        <Divider label="or" labelPosition="center" />
        {/* Respondents (patients, parents, teachers) can sign in without a password (spec §2, §6). */}
        <Button component={Link} to="/security/access-code" variant="default" fullWidth>
          Sign in with an access code
        </Button>
      </Stack>
    </form>
  );
}
