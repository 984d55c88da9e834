import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { Link } from "react-router-dom";
import { ApiError } from "../../api/api-error.ts";
import { errorText } from "../../api/error-text.ts";
import { accountApi, RESET_LINK_SENT } from "./account-api.ts";
import { BackToSignIn } from "./BackToSignIn.tsx";
import { useSchemaFields } from "./useSchemaFields.ts";

const FIELD_LABEL = "Username or email";

/** A username never holds "@" (api/username.json), so the one field can be read either way. */
function requestBody(typed: string): Record<string, string> {
  const value = typed.trim();
  if (!value) return {};
  return value.includes("@") ? { email: value } : { username: value };
}

/**
 * /security/forgot-password: a reset link goes to the account's contact. Whatever was typed, a
 * known account or not, the page gives the same answer (spec §3: never reveal who has an account).
 */
export function ForgotPasswordPage() {
  const form = useSchemaFields("api/forgot-password.json", { identifier: "" }, (v) => requestBody(v.identifier));
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const body = form.check();
    if (!body) return;
    setPending(true);
    try {
      await accountApi.forgotPassword(body);
      setSent(true);
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.length) form.showErrors(error.fieldErrors);
      else setFailure(error);
    } finally {
      setPending(false);
    }
  }

  const fieldError = form.errors.username ?? form.errors.email ?? form.errors[""];
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Forgot password
      </Title>
      {sent ? (
        <>
          <Alert color="teal" variant="light" role="status">
            {RESET_LINK_SENT}
          </Alert>
          <Text size="sm">
            The link works once and expires soon. It can take a few minutes to arrive; check your spam folder too.
          </Text>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm">Enter your username or the email address your clinic has for you.</Text>
            {failure !== null && (
              <Alert color="red" variant="light" role="alert">
                {errorText(failure)}
              </Alert>
            )}
            <TextInput
              label={FIELD_LABEL}
              name="identifier"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              value={form.values.identifier}
              onChange={(e) => form.set("identifier", e.currentTarget.value)}
              error={fieldError}
            />
            <Button type="submit" fullWidth loading={pending}>
              Send reset link
            </Button>
          </Stack>
        </form>
      )}
      <BackToSignIn>
        <Anchor component={Link} to="/security/access-code" size="sm">
          Sign in with an access code
        </Anchor>
      </BackToSignIn>
    </Stack>
  );
}
