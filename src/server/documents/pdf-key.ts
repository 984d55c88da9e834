import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/database-types.ts";
import { documentDb } from "./document-store.ts";

/** Time for the browser to start and load the page's first script: the key is spent within seconds. */
const KEY_TTL_MS = 2 * 60_000;

const hashOf = (key: string) => createHash("sha256").update(key).digest("hex");

/**
 * A new single-use key for one document's render (spec §2: the pdf-key query parameter). Only its
 * hash is stored; a new key replaces the last (a retried render), so at most one works at a time.
 */
export async function issuePdfKey(db: Kysely<Database>, documentId: number, now = new Date()): Promise<string> {
  const key = randomBytes(32).toString("base64url");
  await documentDb(db)
    .updateTable("document")
    .set({ key_hash: hashOf(key), key_expires_at: new Date(now.getTime() + KEY_TTL_MS), key_used_at: null })
    .where("id", "=", documentId)
    .execute();
  return key;
}

/**
 * Spends a key: the document it opens and who asked for it, once, before it expires and while
 * the document is being rendered; null otherwise. One statement, so two uses race to one winner.
 */
export async function spendPdfKey(
  db: Kysely<Database>,
  key: string,
  now = new Date(),
): Promise<{ documentId: number; requesterId: number } | null> {
  const row = await documentDb(db)
    .updateTable("document")
    .set({ key_used_at: now })
    .where("key_hash", "=", hashOf(key))
    .where("key_used_at", "is", null)
    .where("key_expires_at", ">", now)
    .where("status", "=", "generating")
    .returning(["id", "requested_by"])
    .executeTakeFirst();
  return row ? { documentId: Number(row.id), requesterId: Number(row.requested_by) } : null;
}
