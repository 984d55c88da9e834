import type { Kysely } from "kysely";
import type { SchemaBundle } from "../shared/schema/bundle.ts";
import type { AccessTokens } from "./auth/access-token.ts";
import type { AppConfig } from "./config.ts";
import type { Database } from "./db/database-types.ts";

/** What every route module is handed: no globals, so tests build the same app with their own. */
export interface AppContext {
  config: AppConfig;
  db: Kysely<Database>;
  dbKind: "pglite" | "postgres";
  bundle: SchemaBundle;
  tokens: AccessTokens;
}
