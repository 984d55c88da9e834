import { createHash } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/database-types.ts";

export const GENESIS_HASH = "0".repeat(64);
const BATCH = 5000;

/** A row as the chain hashes it: every field as text, exactly as the insert trigger read it. */
interface ChainRow {
  fields: (string | null)[];
  seq: string;
  prev_hash: string;
  hash: string;
}

export interface ChainReport {
  ok: boolean;
  checked: number;
  /** The first row that does not fit the chain, and why. */
  broken?: { seq: number; reason: string };
}

/**
 * The canonical text of a row (0007_audit_trail.sql audit_event_canonical), rebuilt here rather
 * than asked of the database, so a replaced database function cannot vouch for altered rows.
 */
export function canonical(fields: (string | null)[]): string {
  return fields.map((f) => (f === null ? "~" : `${Buffer.byteLength(f, "utf8")}:${f}`)).join("|");
}

export function rowHash(fields: (string | null)[]): string {
  return createHash("sha256").update(canonical(fields), "utf8").digest("hex");
}

async function rowsAfter(db: Kysely<Database>, after: string): Promise<ChainRow[]> {
  const result = await sql<Record<string, string | null>>`
    select seq::text as seq,
      to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at,
      user_id::text as user_id, roles, acting_as_user_id::text as acting_as_user_id, action, route,
      patient_id::text as patient_id, record_type, record_id::text as record_id, detail::text as detail,
      status::text as status, outcome, source_ip, request_id, prev_hash, hash
    from audit_event where audit_event.seq > ${after}::bigint order by audit_event.seq limit ${BATCH}`.execute(db);
  return result.rows.map((r) => ({
    seq: r.seq as string,
    prev_hash: r.prev_hash as string,
    hash: r.hash as string,
    fields: [
      r.seq,
      r.at,
      r.user_id,
      r.roles,
      r.acting_as_user_id,
      r.action,
      r.route,
      r.patient_id,
      r.record_type,
      r.record_id,
      r.detail,
      r.status,
      r.outcome,
      r.source_ip,
      r.request_id,
      r.prev_hash,
    ],
  }));
}

/**
 * Walks the whole trail in seq order and checks each row: its seq follows the last (no row
 * removed), it names the last row's hash, and its own hash matches its fields (not altered).
 * The chain head must name the last row (no rows cut off the end).
 */
export async function verifyChain(db: Kysely<Database>): Promise<ChainReport> {
  let expectedSeq = 1n;
  let previous = GENESIS_HASH;
  let checked = 0;
  let after = "0";
  for (;;) {
    const rows = await rowsAfter(db, after);
    for (const row of rows) {
      const seq = Number(row.seq);
      if (BigInt(row.seq) !== expectedSeq)
        return { ok: false, checked, broken: { seq, reason: `expected row ${expectedSeq} next: rows are missing` } };
      if (row.prev_hash !== previous)
        return { ok: false, checked, broken: { seq, reason: "does not name the previous row's hash" } };
      if (rowHash(row.fields) !== row.hash)
        return { ok: false, checked, broken: { seq, reason: "its fields do not match its hash: the row was altered" } };
      previous = row.hash;
      expectedSeq += 1n;
      checked += 1;
    }
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1].seq;
  }
  const head = await db.selectFrom("audit_chain_head").select(["seq", "hash"]).where("id", "=", 1).executeTakeFirst();
  const lastSeq = Number(expectedSeq - 1n);
  if (!head || Number(head.seq) !== lastSeq || head.hash !== previous) {
    return {
      ok: false,
      checked,
      broken: {
        seq: lastSeq + 1,
        reason: `the chain head names row ${head?.seq ?? "none"}: rows after ${lastSeq} are missing`,
      },
    };
  }
  return { ok: true, checked };
}
