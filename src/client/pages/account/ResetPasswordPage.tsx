import { Alert, Anchor, Button, Stack, Text, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { ApiError } from "../../api/api-error.ts";
import { errorText } from "../../api/error-text.ts";
import { adoptSession } from "../../auth/session-actions.ts";
import { toastSuccess } from "../../notifications/toast.ts";
import { accountApi, RESET_KEY_INVALID } from "./account-api.ts";
import { BackToSignIn } from "./BackToSignIn.tsx";
import { ExpiredLink } from "./ExpiredLink.tsx";
import { NewPasswordFields } from "./NewPasswordFields.tsx";
import { passwordStrengthErrors, usePasswordStrengthPreload } from "./password-strength.ts";
import { useSchemaFields } from "./useSchemaFields.ts";

function Expired() {
  return (
    <ExpiredLink
      title="Reset password"
      message={RESET_KEY_INVALID}
      advice="Reset links work once and for a limited time. Ask for a new one."
    >
      <Anchor component={Link} to="/security/forgot-password" size="sm">
        Request a new link
      </Anchor>
    </ExpiredLink>
  );
}

/**
 * /security/reset-password?key= (spec §2): the link of a reset message. A new password signs the
 * person in (the returned session) and the guard takes them home. A spent or stale key reads
 * 'Reset key no longer valid' (spec §8).
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const key = params.get("key") ?? "";
  const form = useSchemaFields("api/reset-password.json", { password: "", confirmPassword: "" });
  usePasswordStrengthPreload();
  const [expired, setExpired] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const body = form.check({ key });
    if (!body) return;
    setPending(true);
    // The username is not known here: the server also refuses a password containing it.
    const weak = await passwordStrengthErrors("password", form.values.password);
    if (weak.length) {
      setPending(false);
      form.showErrors(weak);
      return;
    }
    try {
      const session = await accountApi.resetPassword(body);
      toastSuccess("Your password has been reset.");
      adoptSession(session);
    } catch (error) {
      setPending(false);
      if (error instanceof ApiError && error.code === "link_expired") setExpired(true);
      else if (error instanceof ApiError && error.fieldErrors.some((e) => e.field === "key")) setExpired(true);
      else if (error instanceof ApiError && error.fieldErrors.length) form.showErrors(error.fieldErrors);
      else setFailure(error);
    }
  }

  // A key the schema refuses (too long) is no more a key than a spent one.
  if (!key || expired || form.errors.key) return <Expired />;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h2">
          Reset password
        </Title>
        <Text size="sm">Choose a new password. You will be signed in with it.</Text>
        {failure !== null && (
          <Alert color="red" variant="light" role="alert">
            {errorText(failure)}
          </Alert>
        )}
        <NewPasswordFields form={form} />
        <Button type="submit" fullWidth loading={pending}>
          Reset password
        </Button>
        <BackToSignIn />
      </Stack>
    </form>
  );
}
