import { Alert, Button, Stack, Text, TextInput, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { ApiError } from "../../api/api-error.ts";
import { errorText } from "../../api/error-text.ts";
import { accountApi } from "./account-api.ts";
import { BackToSignIn } from "./BackToSignIn.tsx";
import { useSchemaFields } from "./useSchemaFields.ts";

/** /security/forgot-username: the username goes to the email address; the page never says whether one exists. */
export function ForgotUsernamePage() {
  const form = useSchemaFields("api/recover-username.json", { email: "" });
  const [answer, setAnswer] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const body = form.check();
    if (!body) return;
    setPending(true);
    try {
      setAnswer((await accountApi.recoverUsername(body)).message);
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.length) form.showErrors(error.fieldErrors);
      else setFailure(error);
    } finally {
      setPending(false);
    }
  }

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Forgot username
      </Title>
      {answer !== null ? (
        <>
          <Alert color="teal" variant="light" role="status">
            {answer}
          </Alert>
          <Text size="sm">It can take a few minutes to arrive. Check your spam folder too.</Text>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm">Enter the email address your clinic has for you. We will send your username there.</Text>
            {failure !== null && (
              <Alert color="red" variant="light" role="alert">
                {errorText(failure)}
              </Alert>
            )}
            <TextInput
              label={form.titles.email}
              name="email"
              type="email"
              autoComplete="email"
              value={form.values.email}
              onChange={(e) => form.set("email", e.currentTarget.value)}
              error={form.errors.email}
            />
            <Button type="submit" fullWidth loading={pending}>
              Send my username
            </Button>
          </Stack>
        </form>
      )}
      <BackToSignIn />
    </Stack>
  );
}
