import { type Kysely, sql } from "kysely";
import { pgErrorCode } from "./pg-errors.ts";

/**
 * A transaction left open and idle this long ends (PostgreSQL closes its connection): between two
 * statements of a request's transaction there is only JavaScript, so a minute idle means a fault
 * of ours, and its locks and snapshot would otherwise hold back every other writer and VACUUM.
 */
export const IDLE_IN_TRANSACTION_TIMEOUT_MS = 60_000;

/**
 * The session settings of every connection of the server's pool (pg sends them when it connects,
 * so they cost no statement): a statement running longer than `statementTimeoutMs` is cancelled
 * by PostgreSQL itself (SQLSTATE 57014), whoever waits for it. 0 leaves statements unlimited.
 */
export function sessionTimeouts(statementTimeoutMs: number): {
  statement_timeout?: number;
  idle_in_transaction_session_timeout: number;
} {
  return {
    ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs } : {}),
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
  };
}

/**
 * Lifts the limit for the rest of the caller's transaction (SET LOCAL ends with it). Migrations
 * use it: one that builds an index over a million rows may run for minutes, and a node waiting on
 * the migration lock while another node migrates must wait, not fail its start.
 */
export async function unlimitedStatements<DB>(trx: Kysely<DB>): Promise<void> {
  await sql`SET LOCAL statement_timeout = 0`.execute(trx);
}

/** True when PostgreSQL cancelled the statement (statement_timeout, or someone's pg_cancel_backend). */
export function isStatementCancelled(err: unknown): boolean {
  return pgErrorCode(err) === "57014";
}
