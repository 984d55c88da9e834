import type { Kysely } from "kysely";
import type { Database } from "../db/database-types.ts";

/** The respondent's most recently submitted session (of one measure, when given), or null. */
export async function latestSubmittedSession(
  db: Kysely<Database>,
  ccauId: number,
  measureId?: number,
): Promise<number | null> {
  let query = db
    .selectFrom("client_measure")
    .select("id")
    .where("ccau_id", "=", ccauId)
    .where("status", "=", "submitted");
  if (measureId !== undefined) query = query.where("measure_id", "=", measureId);
  const row = await query.orderBy("completed_at", "desc").orderBy("id", "desc").limit(1).executeTakeFirst();
  return row?.id ?? null;
}
