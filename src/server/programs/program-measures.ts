import { type Kysely, sql } from "kysely";
import type { Database } from "../db/database-types.ts";
import { isUniqueViolation } from "../db/pg-errors.ts";
import { badRequest, notFound } from "../http/http-error.ts";

export const MEASURE_INVALID = "Measure is not valid";
export const MEASURE_ALREADY_ON = "This measure is already on the program for that respondent and time";
export const PROGRAM_MEASURE_NOT_FOUND = "The measure is not on this program.";

export interface ProgramMeasureBody {
  measure_id: number;
  frequency: number;
  respondent_kind?: string;
  timing?: "admission" | "discharge";
  auto_complete?: boolean;
  is_scorable?: boolean;
}

/** The measures a program assigns, admission ones first, then by measure name. */
export async function programMeasures(db: Kysely<Database>, programId: number) {
  return db
    .selectFrom("program_measure as pm")
    .innerJoin("measure as m", "m.id", "pm.measure_id")
    .select([
      "pm.id",
      "pm.program_id",
      "pm.measure_id",
      "m.name",
      "m.abbreviation",
      "pm.frequency",
      "pm.respondent_kind",
      "pm.timing",
      "pm.auto_complete",
      "pm.is_scorable",
    ])
    .where("pm.program_id", "=", programId)
    .orderBy(sql`pm.timing = 'discharge'`)
    .orderBy(sql`lower(m.name)`)
    .orderBy("pm.id")
    .execute();
}

/**
 * Adds a measure to a program. The measure must be in the library and not discontinued; one
 * measure is on a program once per respondent kind and timing (the unique index settles races).
 */
export async function addProgramMeasure(db: Kysely<Database>, programId: number, body: ProgramMeasureBody) {
  const measure = await db
    .selectFrom("measure")
    .select("id")
    .where("id", "=", body.measure_id)
    .where("in_library", "=", true)
    .where("discontinued_at", "is", null)
    .executeTakeFirst();
  if (!measure) throw badRequest([{ field: "measure_id", message: MEASURE_INVALID }]);
  try {
    const row = await db
      .insertInto("program_measure")
      .values({
        program_id: programId,
        measure_id: body.measure_id,
        frequency: body.frequency,
        respondent_kind: body.respondent_kind ?? "patient",
        timing: body.timing ?? "admission",
        auto_complete: body.auto_complete ?? false,
        is_scorable: body.is_scorable ?? true,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  } catch (err) {
    if (isUniqueViolation(err, "program_measure_once")) {
      throw badRequest([{ field: "measure_id", message: MEASURE_ALREADY_ON }]);
    }
    throw err;
  }
}

export async function removeProgramMeasure(db: Kysely<Database>, programId: number, programMeasureId: number) {
  const removed = await db
    .deleteFrom("program_measure")
    .where("id", "=", programMeasureId)
    .where("program_id", "=", programId)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) throw notFound(PROGRAM_MEASURE_NOT_FOUND);
}
