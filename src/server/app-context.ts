import type { Kysely } from "kysely";
import type { SchemaBundle } from "../shared/schema/bundle.ts";
import type { AccessTokens } from "./auth/access-token.ts";
import type { AppConfig } from "./config.ts";
import type { Database } from "./db/database-types.ts";
import type { MessageQueue } from "./messaging/message-queue.ts";

/** What every route module is handed: no globals, so tests build the same app with their own. */
export interface AppContext {
  config: AppConfig;
  db: Kysely<Database>;
  dbKind: "pglite" | "postgres";
  bundle: SchemaBundle;
  tokens: AccessTokens;
  /** Outgoing email and SMS: `messages.enqueue(trx, message)` (messaging/message-queue.ts). */
  messages: MessageQueue;
  /** Callers waiting for a database connection now (DbHandle); absent: no pool-queue load shedding. */
  waitingForConnection?: () => number;
}

/** What buildApp needs: the message queue is made from the rest unless a caller brings its own. */
export type AppContextInput = Omit<AppContext, "messages"> & { messages?: MessageQueue };
