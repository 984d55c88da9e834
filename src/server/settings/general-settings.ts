import type { Kysely } from "kysely";
import type { GeneralSettings } from "../../../generated/types/api/general-settings.ts";
import { type JsonSchema, type SchemaBundle, schemaById } from "../../shared/schema/bundle.ts";
import type { Database } from "../db/database-types.ts";
import { settingsVersion } from "./settings-version.ts";

export const GENERAL_SETTINGS_ID = "api/general-settings.json";

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The `default`s a schema declares, nested objects included (spec §9 defaults live in the schema). */
export function schemaDefaults(schema: JsonSchema): Json {
  const out: Json = {};
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    if (prop.default !== undefined) out[name] = structuredClone(prop.default);
    else if (prop.properties) out[name] = schemaDefaults(prop);
  }
  return out;
}

/**
 * Deployment-wide settings: each general_setting row (key = a top-level field) over the schema's
 * defaults; an object value is merged over its defaults key by key. Keys the schema does not
 * know are not served. secondsToShow is derived, and embedded_database says whether this is the
 * embedded PGlite database (not for production PHI).
 */
export async function readGeneralSettings(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  dbKind: "pglite" | "postgres",
): Promise<GeneralSettings> {
  const schema = schemaById(bundle, GENERAL_SETTINGS_ID);
  const settings = schemaDefaults(schema);
  const known = schema.properties ?? {};
  const rows = await db.selectFrom("general_setting").select(["key", "value"]).execute();
  for (const { key, value } of rows) {
    if (!Object.hasOwn(known, key) || known[key].readOnly) continue;
    settings[key] = isObject(value) && isObject(settings[key]) ? { ...settings[key], ...value } : value;
  }
  const session = isObject(settings.session_configuration) ? settings.session_configuration : null;
  if (session && typeof session.timeout === "number" && typeof session.warningThreshhold === "number") {
    session.secondsToShow = Math.max(1, session.timeout - session.warningThreshhold);
  }
  settings.embedded_database = dbKind === "pglite";
  settings.version = await settingsVersion(db);
  return settings as GeneralSettings;
}
