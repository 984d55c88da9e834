import { useEffect } from "react";
import { loadPasswordStrengthCheck } from "../../../shared/passwords/password-strength.ts";
import type { FieldError } from "../../../shared/validation/field-errors.ts";

/**
 * Starts loading the strength rule's dictionaries when a page that sets a password opens: they
 * are a few megabytes, fetched only here (a chunk of their own), so the rest of the app stays light.
 */
export function usePasswordStrengthPreload(): void {
  useEffect(() => {
    void loadPasswordStrengthCheck().catch(() => undefined);
  }, []);
}

/**
 * The strength rule the server applies (src/shared/passwords), run before sending: the person
 * sees the same sentence at once. If the dictionaries cannot load, the server's answer still says it.
 */
export async function passwordStrengthErrors(
  field: string,
  password: string,
  username?: string | null,
): Promise<FieldError[]> {
  try {
    const problem = (await loadPasswordStrengthCheck())(password, username);
    return problem ? [{ field, message: problem }] : [];
  } catch {
    return [];
  }
}
