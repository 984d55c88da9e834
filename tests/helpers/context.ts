import type { AppContext } from "../../src/server/app-context.ts";
import { AccessTokens } from "../../src/server/auth/access-token.ts";
import { type AppConfig, loadConfig } from "../../src/server/config.ts";
import { MessageQueue } from "../../src/server/messaging/message-queue.ts";
import { defaultBundle } from "../../src/shared/schema/bundle.ts";
import type { TestApp } from "./test-app.ts";

/**
 * An AppContext over a test app's database, for calling server functions directly (inviteUser,
 * cancelInvitations) the way other modules do. Messages are kept (no transports), as in the app.
 */
export function contextOf(t: TestApp, dbKind: "pglite" | "postgres", config?: Partial<AppConfig>): AppContext {
  const full = { ...loadConfig({ LOG_LEVEL: "silent" }), ...config };
  return {
    config: full,
    db: t.db,
    dbKind,
    bundle: defaultBundle,
    tokens: new AccessTokens("test-secret-test-secret-test-secret-0123456789", 900),
    messages: new MessageQueue({ config: full, db: t.db, dbKind, log: t.app.log, transports: {} }),
  };
}
