import { Alert, Button, PasswordInput, Stack, Text, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router-dom";
import { defaultBundle, schemaById } from "../../../shared/schema/bundle.ts";
import { SchemaValidator } from "../../../shared/validation/validator.ts";
import { ApiError } from "../../api/api-error.ts";
import { errorText } from "../../api/error-text.ts";
import { api } from "../../api/http.ts";
import { adoptSession, logout, type SessionResponse } from "../../auth/session-actions.ts";
import { useSignedInUser } from "../../auth/useSession.ts";
import { CenteredLayout } from "../../layout/CenteredLayout.tsx";
import { toastSuccess } from "../../notifications/toast.ts";
import { passwordStrengthErrors, usePasswordStrengthPreload } from "../account/password-strength.ts";
import { errorsByField } from "./field-errors.ts";

const SCHEMA_ID = "api/change-password.json";
const FIELDS = ["currentPassword", "newPassword", "confirmPassword"] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

/** The server's ajv configuration and schema, so the browser says what the server would. */
const validator = new SchemaValidator(defaultBundle);
const properties = schemaById(defaultBundle, SCHEMA_ID).properties ?? {};
const AUTOCOMPLETE: Record<Field, string> = {
  currentPassword: "current-password",
  newPassword: "new-password",
  confirmPassword: "new-password",
};

function validate(values: Values): Record<string, string> {
  const result = validator.validate(SCHEMA_ID, values);
  return result.ok ? {} : errorsByField(result.errors);
}

/** /force-reset-password: an account in status 5 (Password Reset) chooses a new password first. */
export function ForceResetPasswordPage() {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>({ currentPassword: "", newPassword: "", confirmPassword: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  usePasswordStrengthPreload();

  function change(field: Field, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    // After a first attempt, messages follow the typing instead of waiting for the next submit.
    if (submitted) setErrors(validate(next));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setFailure(null);
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    setPending(true);
    const weak = await passwordStrengthErrors("newPassword", values.newPassword, user?.username);
    if (weak.length) {
      setPending(false);
      setErrors(errorsByField(weak));
      return;
    }
    try {
      const session = await api<SessionResponse>("security/change-password", {
        method: "POST",
        body: values,
        renew: true,
      });
      toastSuccess("Your password has been changed.");
      // The guard sees the account no longer needs a change and leaves this page for home.
      adoptSession(session);
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.length) setErrors(errorsByField(error.fieldErrors));
      else setFailure(error);
      setPending(false);
    }
  }

  function signOut() {
    void logout();
    navigate("/security/login", { replace: true });
  }

  return (
    <CenteredLayout>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={1} size="h2">
            Choose a new password
          </Title>
          <Text size="sm" c="dimmed">
            {user.firstName}, your password must be changed before you continue. Use 8 or more characters with no
            spaces, including a digit, an upper-case letter, a lower-case letter and a symbol.
          </Text>
          {failure !== null && (
            <Alert color="red" variant="light">
              {errorText(failure)}
            </Alert>
          )}
          {FIELDS.map((field) => (
            <PasswordInput
              key={field}
              label={properties[field]?.title ?? field}
              name={field}
              autoComplete={AUTOCOMPLETE[field]}
              value={values[field]}
              onChange={(e) => change(field, e.currentTarget.value)}
              error={errors[field] ?? (field === "newPassword" && errors.confirmPassword ? true : undefined)}
              // PasswordInput does not set aria-invalid itself; a screen reader hears which fields failed.
              aria-invalid={errors[field] || (field === "newPassword" && errors.confirmPassword) ? true : undefined}
            />
          ))}
          <Button type="submit" fullWidth loading={pending}>
            Change password
          </Button>
          <Button variant="subtle" color="gray" onClick={signOut}>
            Sign out
          </Button>
        </Stack>
      </form>
    </CenteredLayout>
  );
}
