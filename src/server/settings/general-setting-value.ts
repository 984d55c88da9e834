import { type Kysely, sql } from "kysely";
import { type SchemaBundle, schemaById } from "../../shared/schema/bundle.ts";
import type { Database } from "../db/database-types.ts";
import { perDatabaseLoader } from "../db/per-turn-loader.ts";
import { GENERAL_SETTINGS_ID } from "./general-settings.ts";

/** What a general setting holds: its stored JSON value, or `undefined` when it was never saved. */
export type StoredSetting = unknown;

const sharedRead = perDatabaseLoader<string, StoredSetting>(readSettings, { maxBatchSize: 100 });

/**
 * One general setting as stored now (undefined: never saved; the caller knows its default). Read
 * on every call, never cached, so a change counts from the next request on every node. Outside a
 * transaction, the calls of one turn of the event loop share one statement (db/per-turn-loader.ts):
 * the clinic's time zone is asked by the alert list, the overview and most session routes, and a
 * round trip of its own cost each of them as much as PostgreSQL's work for the setting. Inside a
 * transaction the setting is read there, so the transaction sees its own changes.
 */
export function generalSettingValue(db: Kysely<Database>, key: string): Promise<StoredSetting> {
  return sharedRead(db, key);
}

/** One general setting as stored now, else its default in the settings schema (undefined: none). */
export async function generalSettingOrDefault(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  key: string,
): Promise<StoredSetting> {
  const stored = await generalSettingValue(db, key);
  return stored === undefined ? schemaById(bundle, GENERAL_SETTINGS_ID).properties?.[key]?.default : stored;
}

async function readSettings(db: Kysely<Database>, keys: readonly string[]): Promise<StoredSetting[]> {
  const rows = await db
    .selectFrom("general_setting")
    .select(["key", "value"])
    .where(sql<boolean>`key = any(${[...keys]}::text[])`)
    .execute();
  const byKey = new Map(rows.map((row) => [row.key, row.value as StoredSetting]));
  return keys.map((key) => byKey.get(key));
}
