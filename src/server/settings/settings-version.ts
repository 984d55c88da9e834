import { type Kysely, sql } from "kysely";
import type { Database } from "../db/database-types.ts";

/** The general_setting row holding the settings' version (not a setting: the schema marks it readOnly). */
export const SETTINGS_VERSION_KEY = "version";

/** The settings' version; 1 until the first update. */
export async function settingsVersion(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("general_setting")
    .select("value")
    .where("key", "=", SETTINGS_VERSION_KEY)
    .executeTakeFirst();
  return typeof row?.value === "number" ? row.value : 1;
}

/** Locks the version row for the rest of the transaction (made at 1 when missing) and answers it. */
export async function lockSettingsVersion(trx: Kysely<Database>): Promise<number> {
  await sql`insert into general_setting (key, value) values (${SETTINGS_VERSION_KEY}, '1'::jsonb)
    on conflict (key) do nothing`.execute(trx);
  const row = await sql<{ value: unknown }>`select value from general_setting
    where key = ${SETTINGS_VERSION_KEY} for update`.execute(trx);
  return Number(row.rows[0].value);
}
