import { type Kysely, sql } from "kysely";
import type { Permission } from "../../shared/permissions.ts";
import type { RequestUser } from "../auth/request-user.ts";
import type { Database } from "../db/database-types.ts";
import { forbidden, notFound } from "../http/http-error.ts";
import { chartVisible } from "../patients/patient-access.ts";

export const ACCOUNT_NOT_VISIBLE = "The account does not exist or you do not have access to it.";
export const ACCOUNT_WIDE_STAFF_ONLY = "Only staff can do this for this person's account.";

/** Permissions that can pass the route gate of an account action; the account check below decides. */
export const ACCOUNT_MANAGERS: Permission[] = ["settings.admin", "settings.staff", "patients.write"];

export interface ManagedAccount {
  id: number;
  userType: "clinical" | "patient";
  status: number;
  username: string | null;
  firstName: string;
}

/**
 * The account a signed-in user may act on (invite, send a reset link, send an access code), or
 * a 404 that reads the same whether the account is missing or out of reach (no existence leak):
 * - a clinical user: settings.admin;
 * - a patient user (respondent): settings.staff, or patients.write with access to EVERY chart
 *   the respondent is linked to (patient-access.ts, the one access rule). These actions are
 *   account-wide (deactivating stops the person's measures on all their charts, a reset link or
 *   an access code signs in as the person and opens all of them), so a clinician who shares one
 *   chart with a person must not act for the charts they cannot see (issue 8 §1).
 */
export async function manageableAccount(
  db: Kysely<Database>,
  user: RequestUser,
  accountId: number,
): Promise<ManagedAccount> {
  const row = await db
    .selectFrom("app_user as u")
    .select(["u.id", "u.user_type", "u.status", "u.username", "u.first_name"])
    .where("u.id", "=", accountId)
    .executeTakeFirst();
  if (!row) throw notFound(ACCOUNT_NOT_VISIBLE);
  const account: ManagedAccount = {
    id: row.id,
    userType: row.user_type,
    status: row.status,
    username: row.username,
    firstName: row.first_name,
  };
  if (row.user_type === "clinical") {
    if (user.permissions.has("settings.admin")) return account;
    throw notFound(ACCOUNT_NOT_VISIBLE);
  }
  if (user.permissions.has("settings.staff")) return account;
  if (user.permissions.has("patients.write")) {
    const charts = await respondentChartsVisible(db, user, accountId);
    if (charts.linked > 0 && charts.visible === charts.linked) return account;
    // The caller sees the person on a chart of theirs, but not all of the person's charts: a 403
    // that does not say which or how many.
    if (charts.visible > 0) throw forbidden(ACCOUNT_WIDE_STAFF_ONLY);
  }
  throw notFound(ACCOUNT_NOT_VISIBLE);
}

/**
 * How many charts the respondent is (still) linked to, and how many of them the user can see:
 * account-wide actions need them all (manageableAccount).
 */
export async function respondentChartsVisible(
  db: Kysely<Database>,
  user: RequestUser,
  respondentUserId: number,
): Promise<{ linked: number; visible: number }> {
  const row = await db
    .selectFrom("cca_user as cu")
    .select([
      sql<number>`count(*)::int`.as("linked"),
      sql<number>`count(*) filter (where ${chartVisible(user, "visible", "cu.cca_id")})::int`.as("visible"),
    ])
    .where("cu.user_id", "=", respondentUserId)
    .where("cu.deleted_at", "is", null)
    .executeTakeFirstOrThrow();
  return row;
}
