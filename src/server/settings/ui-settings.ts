import { type Kysely, sql } from "kysely";
import type { UiSettings } from "../../../generated/types/api/ui-settings.ts";
import type { Database } from "../db/database-types.ts";

/** A user's saved UI settings (spec §3 Per-user UI settings); {} when they saved none. */
export async function savedUiSettings(db: Kysely<Database>, userId: number): Promise<UiSettings> {
  const row = await db.selectFrom("ui_setting").select("value").where("user_id", "=", userId).executeTakeFirst();
  return (row?.value ?? {}) as UiSettings;
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
