import type { Insertable, Kysely } from "kysely";
import type { AppUserTable, Database } from "../db/database-types.ts";

/** What a new account must state; every other column may be given, else starts empty. */
export interface NewAccount extends Partial<Insertable<AppUserTable>> {
  user_type: "clinical" | "patient";
  status: number;
  first_name: string;
  last_name: string;
}

/**
 * The app_user row of a new account: no credentials, middle name, account email or provider id,
 * never locked, no agreement signed and no sign-in yet, unless the caller says otherwise. Every
 * insert of an account (the APIs, the demo seed, the tests) starts here, so a column added
 * later gets its starting value in one place.
 */
export function newAccountRow(account: NewAccount): Insertable<AppUserTable> {
  return {
    username: null,
    password_hash: null,
    password_changed_at: null,
    middle_name: null,
    email: null,
    provider_id: null,
    locked_until: null,
    hippa_agreement_at: null,
    last_login_at: null,
    ...account,
  };
}

/** The role every patient-user account holds (enums/role.json): answering measures, managing their account. */
export const RESPONDENT_ROLE = "respondent";

/**
 * Inserts patient-user accounts that answer measures, each with the respondent role, and
 * answers their ids in the order given.
 */
export async function insertRespondentAccounts(
  db: Kysely<Database>,
  accounts: readonly Omit<NewAccount, "user_type">[],
): Promise<number[]> {
  if (accounts.length === 0) return [];
  // One multi-row INSERT ... RETURNING answers its rows in the order given, which pairs them up.
  const rows = await db
    .insertInto("app_user")
    .values(accounts.map((account) => newAccountRow({ ...account, user_type: "patient" })))
    .returning("id")
    .execute();
  await db
    .insertInto("user_role")
    .values(rows.map((row) => ({ user_id: row.id, role: RESPONDENT_ROLE })))
    .execute();
  return rows.map((row) => row.id);
}
