import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { SchemaBundle } from "../../shared/schema/bundle.ts";
import type { Database } from "../db/database-types.ts";
import { HttpError } from "../http/http-error.ts";
import { generalSettingOrDefault } from "../settings/general-setting-value.ts";

/** Whether the clinic works with programs: general settings programs_enabled, else its schema default. */
export async function programsEnabled(db: Kysely<Database>, bundle: SchemaBundle): Promise<boolean> {
  return (await generalSettingOrDefault(db, bundle, "programs_enabled")) === true;
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
