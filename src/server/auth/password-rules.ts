import { loadPasswordStrengthCheck } from "../../shared/passwords/password-strength.ts";
import type { SchemaBundle } from "../../shared/schema/bundle.ts";
import { schemaById } from "../../shared/schema/bundle.ts";

export const INVALID_PASSWORD = "Invalid password.";
export const PASSWORDS_DONT_MATCH = "Those passwords don't match.";

/**
 * Whether a password may become a user's new password (spec §5): the pattern and ceiling of
 * schemas/api/password.json, the same check the forms run, plus the deployment's
 * PASSWORD_MIN_LENGTH, which may be stricter than the schema's floor of 8.
 */
export function passwordChecker(bundle: SchemaBundle, minLength: number): (password: string) => boolean {
  const schema = schemaById(bundle, "api/password.json") as { pattern?: string; maxLength?: number };
  if (!schema.pattern) throw new Error("api/password.json has no pattern");
  // ajv compiles schema patterns with the u flag; do the same so both sides agree.
  const pattern = new RegExp(schema.pattern, "u");
  const maxLength = schema.maxLength ?? Number.POSITIVE_INFINITY;
  return (password) => {
    const length = [...password].length;
    return length >= minLength && length <= maxLength && pattern.test(password);
  };
}

/** A new password's problem as the sentence to show, or null when it is acceptable. */
export type NewPasswordRule = (password: string, username?: string | null) => string | null;

/**
 * The whole rule for a new password: the character rule above (INVALID_PASSWORD), then the
 * strength rule both sides share (src/shared/passwords: not common, not easy to guess, not
 * containing the username; issue 8 §5). Async once, at route registration: the dictionaries load.
 */
export async function newPasswordRule(bundle: SchemaBundle, minLength: number): Promise<NewPasswordRule> {
  const pattern = passwordChecker(bundle, minLength);
  const strength = await loadPasswordStrengthCheck();
  return (password, username) => (pattern(password) ? strength(password, username) : INVALID_PASSWORD);
}
