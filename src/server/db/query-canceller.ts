import pg from "pg";
import type { PoolClientLike } from "./request-connections.ts";

/**
 * Cancels statements on other connections with pg_cancel_backend, through a pool of its own: the
 * server's pool may be the very thing that is full, and a cancel must not queue behind the work
 * it is meant to stop. One connection, opened on the first cancel and closed after a quiet
 * minute; a role may always cancel its own sessions' statements.
 */
export function queryCanceller(connectionString: string): {
  cancel(client: PoolClientLike): Promise<void>;
  end(): Promise<void>;
} {
  let pool: pg.Pool | null = null;
  return {
    async cancel(client) {
      const pid = client.processID;
      if (!pid) return;
      pool ??= new pg.Pool({
        connectionString,
        max: 1,
        idleTimeoutMillis: 60_000,
        allowExitOnIdle: true,
        statement_timeout: 5_000,
        application_name: "query-canceller",
      });
      await pool.query("SELECT pg_cancel_backend($1)", [pid]);
    },
    async end() {
      await pool?.end();
      pool = null;
    },
  };
}
