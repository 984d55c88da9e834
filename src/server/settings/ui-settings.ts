import { type Kysely, sql } from "kysely";
import type { UiSettings } from "../../../generated/types/api/ui-settings.ts";
import type { Database } from "../db/database-types.ts";
import { perDatabaseLoader } from "../db/per-turn-loader.ts";

/**
 * Each user's saved settings, the users asked during one turn of the event loop read by one
 * statement (per-turn-loader.ts: sent after every asking request arrived, so a save committed
 * before a request is seen by it). The patient list asks on every page view without `?view=`
 * (its saved view): under load its requests share the statement instead of a round trip each.
 */
const savedSettings = perDatabaseLoader<number, UiSettings>(
  readSettings,
  // A few bytes a user: a thousand ids are one small array parameter.
  { maxBatchSize: 1000 },
);

async function readSettings(db: Kysely<Database>, userIds: readonly number[]): Promise<UiSettings[]> {
  const rows = await db
    .selectFrom("ui_setting")
    .select(["user_id", "value"])
    .where("user_id", "=", sql<number>`any(${[...userIds]}::bigint[])`)
    .execute();
  const byUser = new Map(rows.map((row) => [Number(row.user_id), row.value as UiSettings]));
  return userIds.map((id) => byUser.get(id) ?? {});
}

/**
 * A user's saved UI settings (spec §3 Per-user UI settings); {} when they saved none. Inside a
 * transaction, read there (perDatabaseLoader), so the transaction sees its own changes.
 */
export function savedUiSettings(db: Kysely<Database>, userId: number): Promise<UiSettings> {
  return savedSettings(db, userId);
}

/**
 * Merges `changes` shallowly into the saved settings (a top-level key replaces its old value)
 * in one statement, so two tabs saving different keys at once both keep theirs.
 */
export async function mergeUiSettings(db: Kysely<Database>, userId: number, changes: UiSettings): Promise<UiSettings> {
  const row = await sql<{ value: UiSettings }>`
    insert into ui_setting (user_id, value) values (${userId}, ${JSON.stringify(changes)}::jsonb)
    on conflict (user_id) do update set value = ui_setting.value || excluded.value
    returning value`.execute(db);
  return row.rows[0].value;
}
