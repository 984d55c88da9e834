import { createHash } from "node:crypto";
import { type Kysely, sql } from "kysely";
import { MEASURE_LIBRARY } from "../../shared/measures/library.ts";
import { answerableCount } from "../../shared/measures/questions.ts";
import type { MeasureDefinition } from "../../shared/measures/types.ts";
import type { Database } from "../db/database-types.ts";

// Any constant works; nodes starting together against one database take turns on it.
const LIBRARY_LOCK_KEY = 725_005;

/** sha256 of the definition as the file states it: the identity of one version of its content. */
export function contentHash(def: MeasureDefinition): string {
  return createHash("sha256").update(JSON.stringify(def)).digest("hex");
}

/**
 * Brings table `measure` in step with the definitions in measures/ (issue 4 §1), inside the
 * caller's transaction: a new definition is inserted, a changed one gets its new JSON, every
 * distinct content is kept in measure_version (sessions point at the one they were answered
 * with), and a definition whose file is gone is taken out of the library, never deleted.
 * Idempotent; the advisory lock makes several nodes starting at once take turns.
 */
export async function upsertMeasureLibrary(
  trx: Kysely<Database>,
  defs: readonly MeasureDefinition[] = MEASURE_LIBRARY,
): Promise<void> {
  await sql`select pg_advisory_xact_lock(${LIBRARY_LOCK_KEY})`.execute(trx);
  for (const def of defs) {
    const hash = contentHash(def);
    const row = {
      definition_id: def.id,
      version: def.version,
      content_hash: hash,
      abbreviation: def.abbreviation,
      short_name: def.shortName,
      name: def.name,
      condition: def.condition,
      respondent: def.respondent,
      question_count: answerableCount(def),
      definition: JSON.stringify(def),
      license_status: def.license.status,
      discontinued_at: def.discontinued?.date ?? null,
      in_library: true,
    };
    await trx
      .insertInto("measure")
      .values(row)
      .onConflict((oc) =>
        oc
          .column("definition_id")
          .doUpdateSet({ ...row, updated_at: sql`now()` })
          .where(sql<boolean>`measure.content_hash is distinct from excluded.content_hash or not measure.in_library`),
      )
      .execute();
    const measure = await trx
      .selectFrom("measure")
      .select("id")
      .where("definition_id", "=", def.id)
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("measure_version")
      .values({ measure_id: measure.id, version: def.version, content_hash: hash, definition: JSON.stringify(def) })
      .onConflict((oc) => oc.columns(["measure_id", "content_hash"]).doNothing())
      .execute();
    await sql`update measure set current_version_id = v.id
      from measure_version v
      where v.measure_id = measure.id and v.content_hash = ${hash} and measure.id = ${measure.id}
        and measure.current_version_id is distinct from v.id`.execute(trx);
  }
  // Replacements name another definition id; resolved once every row exists.
  for (const def of defs) {
    const replacement = def.discontinued?.replacementId ?? null;
    await sql`update measure set replaced_by = (select r.id from measure r where r.definition_id = ${replacement})
      where definition_id = ${def.id}
        and replaced_by is distinct from (select r.id from measure r where r.definition_id = ${replacement})`.execute(
      trx,
    );
  }
  const ids = defs.map((d) => d.id);
  await trx
    .updateTable("measure")
    .set({ in_library: false, updated_at: sql`now()` })
    .where("in_library", "=", true)
    .$if(ids.length > 0, (q) => q.where("definition_id", "not in", ids))
    .execute();
}

/** The start-up sync (start.ts): the whole library in one transaction. */
export async function syncMeasureLibrary(
  db: Kysely<Database>,
  defs: readonly MeasureDefinition[] = MEASURE_LIBRARY,
): Promise<void> {
  await db.transaction().execute((trx) => upsertMeasureLibrary(trx, defs));
}
