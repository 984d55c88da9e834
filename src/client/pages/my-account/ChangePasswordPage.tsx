import { Alert, Anchor, Button, PasswordInput, Stack, Text, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router-dom";
import type { SessionResponse } from "../../../../generated/types/api/session.ts";
import { ApiError } from "../../api/api-error.ts";
import { errorText } from "../../api/error-text.ts";
import { api } from "../../api/http.ts";
import { Redirect } from "../../app/Redirect.tsx";
import { adoptSession, logout } from "../../auth/session-actions.ts";
import { useSignedInUser } from "../../auth/useSession.ts";
import { toastSuccess } from "../../notifications/toast.ts";
import { PasswordHint } from "../account/PasswordHint.tsx";
import { passwordStrengthErrors, usePasswordStrengthPreload } from "../account/password-strength.ts";
import { useSchemaFields } from "../account/useSchemaFields.ts";
import { canChangePassword } from "./account-eligibility.ts";

const EMPTY = { currentPassword: "", newPassword: "", confirmPassword: "" };
const FIELDS = ["currentPassword", "newPassword", "confirmPassword"] as const;
const AUTOCOMPLETE = {
  currentPassword: "current-password",
  newPassword: "new-password",
  confirmPassword: "new-password",
};

/**
 * /my-account/change-password: for an active respondent account only (spec §2); anyone else goes
 * to /. The server revokes other sessions and answers a fresh pair, adopted here. A wrong current
 * password offers the access-code sign-in instead (spec §8).
 */
export function ChangePasswordPage() {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const form = useSchemaFields("api/change-password.json", EMPTY);
  const [failure, setFailure] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  // Set by the server's answer, never by an empty field: only a wrong password earns the offer.
  const [wrongCurrent, setWrongCurrent] = useState(false);
  usePasswordStrengthPreload();

  if (!canChangePassword(user)) return <Redirect to="/" />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setWrongCurrent(false);
    const body = form.check();
    if (!body) return;
    setPending(true);
    const weak = await passwordStrengthErrors("newPassword", form.values.newPassword, user.username);
    if (weak.length) {
      setPending(false);
      form.showErrors(weak);
      return;
    }
    try {
      const session = await api<SessionResponse>("security/change-password", { method: "POST", body, renew: true });
      adoptSession(session);
      form.reset(EMPTY);
      toastSuccess("Your password has been changed.");
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.length) {
        form.showErrors(error.fieldErrors);
        setWrongCurrent(error.fieldErrors.some((e) => e.field === "currentPassword"));
      } else setFailure(error);
    } finally {
      setPending(false);
    }
  }

  function signInWithCode() {
    void logout();
    navigate("/security/access-code", { replace: true });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={420}>
        <Title order={2} size="h3">
          Change password
        </Title>
        <PasswordHint />
        {failure !== null && (
          <Alert color="red" variant="light" role="alert">
            {errorText(failure)}
          </Alert>
        )}
        {FIELDS.map((field) => (
          <PasswordInput
            key={field}
            label={form.titles[field]}
            name={field}
            autoComplete={AUTOCOMPLETE[field]}
            value={form.values[field]}
            onChange={(e) => form.set(field, e.currentTarget.value)}
            error={form.errorFor(field)}
            // PasswordInput does not set aria-invalid itself; a screen reader hears which fields failed.
            aria-invalid={form.errorFor(field) ? true : undefined}
          />
        ))}
        {wrongCurrent && (
          <Text size="sm">
            Forgot your current password?{" "}
            <Anchor component="button" type="button" size="sm" onClick={signInWithCode}>
              Sign out and sign in with an access code
            </Anchor>
          </Text>
        )}
        <div>
          <Button type="submit" loading={pending}>
            Change password
          </Button>
        </div>
      </Stack>
    </form>
  );
}
