import { PasswordInput } from "@mantine/core";
import { PASSWORD_RULE } from "./PasswordHint.tsx";

/** The part of a schema-fields form (useSchemaFields) that chooses a new password. */
export interface NewPasswordForm {
  values: { password: string; confirmPassword: string };
  errors: Record<string, string>;
  titles: Record<string, string>;
  set: (field: "password" | "confirmPassword", value: string) => void;
  errorFor: (field: "password" | "confirmPassword") => string | true | undefined;
}

/**
 * A new password and its confirmation (account setup, reset password), labelled by the request
 * schema's titles, with spec §5's password rule under the first.
 */
export function NewPasswordFields({ form }: { form: NewPasswordForm }) {
  return (
    <>
      <PasswordInput
        label={form.titles.password}
        name="password"
        autoComplete="new-password"
        value={form.values.password}
        onChange={(e) => form.set("password", e.currentTarget.value)}
        error={form.errorFor("password")}
        // PasswordInput does not set aria-invalid itself; a screen reader hears which fields failed.
        aria-invalid={form.errorFor("password") ? true : undefined}
        description={PASSWORD_RULE}
        inputWrapperOrder={["label", "input", "description", "error"]}
      />
      <PasswordInput
        label={form.titles.confirmPassword}
        name="confirmPassword"
        autoComplete="new-password"
        value={form.values.confirmPassword}
        onChange={(e) => form.set("confirmPassword", e.currentTarget.value)}
        error={form.errorFor("confirmPassword")}
        aria-invalid={form.errorFor("confirmPassword") ? true : undefined}
      />
    </>
  );
}
