import { type Kysely, sql } from "kysely";
import { selectableRoles } from "../../shared/permissions.ts";
import type { SchemaBundle } from "../../shared/schema/bundle.ts";
import type { FieldError } from "../../shared/validation/field-errors.ts";
import type { Database } from "../db/database-types.ts";

export const SUPERVISOR_ROLE = "supervisor";
export const ADMIN_ROLE = "admin";

/** Spec §5 texts, and ours where the spec has none. */
export const CLINICAL_USER_MESSAGES = {
  providerIdInUse: "Id already in use",
  providerIdInUseSentence: "provider id in use",
  roleNotValid: "Role is not valid",
  locationNotValid: "Location is not valid",
  supervisorNotValid: "Supervisors must be users with the supervisor role",
  supervisedNotValid: "Supervised clinician is not valid",
  supervisorSupervised: "A supervisor cannot be supervised",
  selfSupervision: "A user cannot supervise themselves",
  ownAdminRole: "You cannot remove your own admin role",
  notFound: "The clinical user does not exist.",
} as const;

/** The editable fields of a clinical user, as validated by entities/clinical-user.json. */
export interface ClinicalUserBody {
  first_name: string;
  last_name: string;
  email?: string | null;
  mobile_number?: string | null;
  provider_id?: string | null;
  roles: string[];
  locations: number[];
  superiors?: number[];
  subordinates?: number[];
}

/** What will be stored, after the supervisor rule has shaped the supervision lists. */
export interface ClinicalUserChanges {
  first_name: string;
  last_name: string;
  email: string | null;
  mobile_number: string | null;
  provider_id: string | null;
  roles: string[];
  locations: number[];
  superiors: number[];
  subordinates: number[];
}

/**
 * Spec §4: the supervisor role cannot be combined with being supervised, and adding it removes
 * the user's current supervisors. So a supervisor's superiors are stored empty whatever the form
 * still held, and (the same rule from the other side) only a supervisor keeps supervised clinicians.
 */
export function shapeChanges(body: ClinicalUserBody): ClinicalUserChanges {
  const supervisor = body.roles.includes(SUPERVISOR_ROLE);
  return {
    first_name: body.first_name,
    last_name: body.last_name,
    email: body.email ?? null,
    mobile_number: body.mobile_number ?? null,
    provider_id: body.provider_id ?? null,
    roles: [...new Set(body.roles)].sort(),
    locations: [...new Set(body.locations)],
    superiors: supervisor ? [] : [...new Set(body.superiors ?? [])],
    subordinates: supervisor ? [...new Set(body.subordinates ?? [])] : [],
  };
}

/** The user (other than `selfId`) holding a provider id, compared without regard to case. */
export async function providerIdOwner(
  db: Kysely<Database>,
  providerId: string,
  selfId: number | null,
): Promise<number | null> {
  let query = db.selectFrom("app_user").select("id").where(sql`lower(provider_id)`, "=", providerId.toLowerCase());
  if (selfId !== null) query = query.where("id", "<>", selfId);
  return (await query.executeTakeFirst())?.id ?? null;
}

async function rolesOf(db: Kysely<Database>, ids: number[]): Promise<Map<number, string[]>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("app_user as u")
    .leftJoin("user_role as r", "r.user_id", "u.id")
    .select(["u.id", "r.role"])
    .where("u.id", "in", ids)
    .where("u.user_type", "=", "clinical")
    .execute();
  const out = new Map<number, string[]>();
  for (const row of rows) {
    const roles = out.get(row.id) ?? [];
    if (row.role) roles.push(row.role);
    out.set(row.id, roles);
  }
  return out;
}

/**
 * Every rule of a clinical user save the schema cannot express, all problems at once:
 * roles an admin may give (x-selectable; roles the user already holds may stay), the caller's
 * own admin role, existing locations, a free provider id, and the supervision rules.
 */
export async function checkClinicalUser(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  opts: { actorId: number; selfId: number | null; currentRoles: string[]; changes: ClinicalUserChanges },
): Promise<FieldError[]> {
  const { changes, selfId } = opts;
  const errors: FieldError[] = [];
  const M = CLINICAL_USER_MESSAGES;

  const selectable = new Set(selectableRoles(bundle).map((r) => r.value));
  if (changes.roles.some((role) => !selectable.has(role) && !opts.currentRoles.includes(role))) {
    errors.push({ field: "roles", message: M.roleNotValid });
  } else if (selfId === opts.actorId && opts.currentRoles.includes(ADMIN_ROLE) && !changes.roles.includes(ADMIN_ROLE)) {
    errors.push({ field: "roles", message: M.ownAdminRole });
  }

  const found = await db.selectFrom("location").select("id").where("id", "in", changes.locations).execute();
  if (found.length !== changes.locations.length) errors.push({ field: "locations", message: M.locationNotValid });

  if (changes.provider_id && (await providerIdOwner(db, changes.provider_id, selfId)) !== null) {
    errors.push({ field: "provider_id", message: M.providerIdInUse });
  }

  const people = await rolesOf(db, [...changes.superiors, ...changes.subordinates]);
  if (selfId !== null && changes.superiors.includes(selfId)) {
    errors.push({ field: "superiors", message: M.selfSupervision });
  } else if (changes.superiors.some((id) => !people.get(id)?.includes(SUPERVISOR_ROLE))) {
    errors.push({ field: "superiors", message: M.supervisorNotValid });
  }
  if (selfId !== null && changes.subordinates.includes(selfId)) {
    errors.push({ field: "subordinates", message: M.selfSupervision });
  } else if (changes.subordinates.some((id) => !people.has(id))) {
    errors.push({ field: "subordinates", message: M.supervisedNotValid });
  } else if (changes.subordinates.some((id) => people.get(id)?.includes(SUPERVISOR_ROLE))) {
    errors.push({ field: "subordinates", message: M.supervisorSupervised });
  }
  return errors;
}
