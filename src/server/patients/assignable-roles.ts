import { type SchemaBundle, schemaById } from "../../shared/schema/bundle.ts";

/**
 * Roles a patient can be assigned to: those that see their assigned patients
 * (patients.viewAssigned in enums/role.json: clinician, supervisor, therapist). Derived from
 * the role data so a new role that sees assigned patients becomes assignable without code.
 */
export function assignableRoles(bundle: SchemaBundle): string[] {
  const roles = schemaById(bundle, "enums/role.json").oneOf ?? [];
  return roles
    .filter((r) => (r["x-permissions"] as string[] | undefined)?.includes("patients.viewAssigned"))
    .map((r) => r.const as string);
}

/**
 * An account that can still take patients: any status but 1 (Inactive). Invited and not yet
 * invited clinicians count, so a new hire can be given patients before their first sign-in.
 */
export const DEACTIVATED_STATUS = 1;
