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
  let definition = byHash.get(row.content_hash);
  if (!definition) {
    const stored = await db
      .selectFrom("measure_version")
      .select("definition")
      .where("id", "=", versionId)
      .executeTakeFirstOrThrow();
    definition = stored.definition as MeasureDefinition;
    byHash.set(row.content_hash, definition);
  }
  return { versionId: row.id, measureId: row.measure_id, version: row.version, definition };
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
