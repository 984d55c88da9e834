import { type Kysely, sql } from "kysely";
import type { Permission } from "../../shared/permissions.ts";
import type { RequestUser } from "../auth/request-user.ts";
import type { Database } from "../db/database-types.ts";
import { notFound } from "../http/http-error.ts";
import { chartVisible } from "../patients/patient-access.ts";

export const ACCOUNT_NOT_VISIBLE = "The account does not exist or you do not have access to it.";

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
 * - a patient user (respondent): settings.staff, or patients.write with access to one of the
 *   charts the respondent is linked to (patient-access.ts, the one access rule).
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
  if (user.permissions.has("patients.write") && (await respondentChartVisible(db, user, accountId))) return account;
  throw notFound(ACCOUNT_NOT_VISIBLE);
}

/** Whether the user can see a chart the respondent is (still) linked to. */
export async function respondentChartVisible(
  db: Kysely<Database>,
  user: RequestUser,
  respondentUserId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom("cca_user as cu")
    .select(sql<number>`1`.as("one"))
    .where("cu.user_id", "=", respondentUserId)
    .where("cu.deleted_at", "is", null)
    .where(chartVisible(user, "visible", "cu.cca_id"))
    .executeTakeFirst();
  return Boolean(row);
}
