import { type Kysely, sql } from "kysely";
import { selectableRoles } from "../../shared/permissions.ts";
import type { FieldError } from "../../shared/validation/field-errors.ts";
import type { Database } from "../db/database-types.ts";
import type { EntityValues, SaveContext } from "../entities/entity-definition.ts";

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

/** The ids a relation field will store (after `prepare`). */
export function relationValues(values: EntityValues, field: "locations" | "superiors" | "subordinates"): number[] {
  return values.relations.find((r) => r.field === field)?.ids ?? [];
}

/** The roles the save gives: a relation too (user_role), whose values are role names where others hold ids. */
export function rolesOf(values: EntityValues): string[] {
  return (values.relations.find((r) => r.field === "roles")?.ids ?? []) as unknown as string[];
}

/**
 * Spec §4: the supervisor role cannot be combined with being supervised, and adding it removes
 * the user's current supervisors. So a supervisor's superiors are stored empty whatever the form
 * still held, and (the same rule from the other side) only a supervisor keeps supervised clinicians.
 */
export function applySupervisorRule(values: EntityValues): void {
  const supervisor = rolesOf(values).includes(SUPERVISOR_ROLE);
  const emptied = supervisor ? "superiors" : "subordinates";
  for (const relation of values.relations) if (relation.field === emptied) relation.ids = [];
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

async function rolesHeld(db: Kysely<Database>, ids: number[]): Promise<Map<number, string[]>> {
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
 * The chosen locations, locked until the save commits so a location cannot be deleted under it
 * (its delete then waits and finds the user); a location already gone is not valid. The engine
 * judged the added ones before this lock, so the error may come twice: the rejection says it once.
 */
async function locationErrors(db: Kysely<Database>, locations: number[]): Promise<FieldError[]> {
  if (locations.length === 0) return [];
  const held = await db.selectFrom("location").select("id").where("id", "in", locations).forKeyShare().execute();
  return held.length === new Set(locations).size
    ? []
    : [{ field: "locations", message: CLINICAL_USER_MESSAGES.locationNotValid }];
}

function roleErrors(ctx: SaveContext, selectable: Set<string>): FieldError[] {
  const roles = rolesOf(ctx.values);
  const current = (ctx.current?.roles as string[] | undefined) ?? [];
  // A role the user already holds may stay (editing a director does not fail).
  if (roles.some((role) => !selectable.has(role) && !current.includes(role))) {
    return [{ field: "roles", message: CLINICAL_USER_MESSAGES.roleNotValid }];
  }
  if (ctx.id === ctx.user.id && current.includes(ADMIN_ROLE) && !roles.includes(ADMIN_ROLE)) {
    return [{ field: "roles", message: CLINICAL_USER_MESSAGES.ownAdminRole }];
  }
  return [];
}

async function supervisionErrors(ctx: SaveContext): Promise<FieldError[]> {
  const M = CLINICAL_USER_MESSAGES;
  const superiors = relationValues(ctx.values, "superiors");
  const subordinates = relationValues(ctx.values, "subordinates");
  const people = await rolesHeld(ctx.db, [...superiors, ...subordinates]);
  const errors: FieldError[] = [];
  const selfId = ctx.id;
  if (selfId !== null && superiors.includes(selfId)) {
    errors.push({ field: "superiors", message: M.selfSupervision });
  } else if (superiors.some((id) => !people.get(id)?.includes(SUPERVISOR_ROLE))) {
    errors.push({ field: "superiors", message: M.supervisorNotValid });
  }
  if (selfId !== null && subordinates.includes(selfId)) {
    errors.push({ field: "subordinates", message: M.selfSupervision });
  } else if (subordinates.some((id) => !people.has(id))) {
    errors.push({ field: "subordinates", message: M.supervisedNotValid });
  } else if (subordinates.some((id) => people.get(id)?.includes(SUPERVISOR_ROLE))) {
    errors.push({ field: "subordinates", message: M.supervisorSupervised });
  }
  return errors;
}

/**
 * Every rule of a clinical user save the schema cannot express, all problems at once: roles an
 * admin may give (x-selectable), the caller's own admin role, locations that exist, a free
 * provider id, and the supervision rules.
 */
export async function checkClinicalUser(ctx: SaveContext): Promise<FieldError[]> {
  const selectable = new Set(selectableRoles(ctx.bundle).map((r) => r.value));
  const errors = [
    ...roleErrors(ctx, selectable),
    ...(await locationErrors(ctx.db, relationValues(ctx.values, "locations"))),
  ];
  const providerId = ctx.values.columns.provider_id;
  if (typeof providerId === "string" && providerId && (await providerIdOwner(ctx.db, providerId, ctx.id)) !== null) {
    errors.push({ field: "provider_id", message: CLINICAL_USER_MESSAGES.providerIdInUse });
  }
  errors.push(...(await supervisionErrors(ctx)));
  return errors;
}
