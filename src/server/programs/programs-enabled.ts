import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { type SchemaBundle, schemaById } from "../../shared/schema/bundle.ts";
import type { Database } from "../db/database-types.ts";
import { HttpError } from "../http/http-error.ts";
import { generalSettingValue } from "../settings/general-setting-value.ts";
import { GENERAL_SETTINGS_ID } from "../settings/general-settings.ts";

/** Whether the clinic works with programs: general settings programs_enabled, else its schema default. */
export async function programsEnabled(db: Kysely<Database>, bundle: SchemaBundle): Promise<boolean> {
  const stored = await generalSettingValue(db, "programs_enabled");
  if (stored !== undefined) return stored === true;
  return schemaById(bundle, GENERAL_SETTINGS_ID).properties?.programs_enabled?.default === true;
}

/**
 * Every program route of a plugin scope answers 404 while programs are off (spec §2: "only when
 * programs are enabled, else 404"), in the words of an address that does not exist, so a clinic
 * without programs shows no trace of them. Runs after the access check: a caller without the
 * route's permission still hears 401/403 first.
 */
export function hideWhileProgramsOff(app: FastifyInstance, deps: { db: Kysely<Database>; bundle: SchemaBundle }) {
  app.addHook("onRequest", async (request: FastifyRequest) => {
    if (await programsEnabled(deps.db, deps.bundle)) return;
    throw new HttpError(404, `No route ${request.method} ${request.url.split("?")[0]}`, "not_found");
  });
}
