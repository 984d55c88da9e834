import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Database } from "../db/database-types.ts";

/** What a respondent reads when a definition (an older stored one) has no title of its own. */
export const GENERIC_RESPONDENT_TITLE = "Questionnaire";

/**
 * The respondent-facing title of a measure (respondentTitle), from the library's current
 * definition: a session answered with an older version still reads the current wording, and
 * a respondent never reads the clinical name, abbreviation or a diagnostic label.
 */
export function respondentTitleOf(measure: string): RawBuilder<string> {
  return sql<string>`coalesce(${sql.ref(measure)}.definition ->> 'respondentTitle', ${GENERIC_RESPONDENT_TITLE})`;
}

export async function respondentTitle(db: Kysely<Database>, measureId: number): Promise<string> {
  const row = await db
    .selectFrom("measure as m")
    .select(respondentTitleOf("m").as("title"))
    .where("m.id", "=", measureId)
    .executeTakeFirst();
  return row?.title ?? GENERIC_RESPONDENT_TITLE;
}
