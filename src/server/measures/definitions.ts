import type { Kysely } from "kysely";
import type { MeasureDefinition } from "../../shared/measures/types.ts";
import type { Database } from "../db/database-types.ts";

/** A stored definition version: immutable once written (keyed by content). */
export interface DefinitionVersion {
  versionId: number;
  measureId: number;
  version: string;
  definition: MeasureDefinition;
}

// Keyed by content hash, not row id: one process may talk to several databases (the tests do),
// and a content hash names the same definition in every one of them.
const byHash = new Map<string, MeasureDefinition>();

/**
 * The definition a session is answered and scored with. The JSON was validated by codegen
 * (schema and cross-field rules) before it was ever stored, so it is read as it is.
 */
export async function definitionVersion(db: Kysely<Database>, versionId: number): Promise<DefinitionVersion> {
  const row = await db
    .selectFrom("measure_version")
    .select(["id", "measure_id", "version", "content_hash"])
    .where("id", "=", versionId)
    .executeTakeFirstOrThrow();
  const definition = await definitionByHash(db, versionId, row.content_hash);
  return { versionId: row.id, measureId: row.measure_id, version: row.version, definition };
}

/**
 * The definition of a version whose content hash the caller already read (the answer save reads
 * it with the session): no statement at all once this process has seen that content. A version
 * row is never changed once written (library-sync.ts only inserts them), so the cache needs no
 * invalidation.
 */
export async function definitionByHash(
  db: Kysely<Database>,
  versionId: number,
  contentHash: string,
): Promise<MeasureDefinition> {
  const cached = byHash.get(contentHash);
  if (cached) return cached;
  const stored = await db
    .selectFrom("measure_version")
    .select("definition")
    .where("id", "=", versionId)
    .executeTakeFirstOrThrow();
  const definition = stored.definition as MeasureDefinition;
  byHash.set(contentHash, definition);
  return definition;
}

/** The newest version of a library entry, or null when the entry does not exist. */
export async function currentDefinition(db: Kysely<Database>, measureId: number): Promise<DefinitionVersion | null> {
  const row = await db
    .selectFrom("measure")
    .select("current_version_id")
    .where("id", "=", measureId)
    .executeTakeFirst();
  if (!row?.current_version_id) return null;
  return definitionVersion(db, row.current_version_id);
}
