import { type Kysely, sql } from "kysely";
import type { AnalyticsQuery } from "../../../../generated/types/api/analytics-query.ts";
import type { ScorePair } from "../../../shared/analytics/clinical-significance.ts";
import type { SchemaBundle } from "../../../shared/schema/bundle.ts";
import type { RequestUser } from "../../auth/request-user.ts";
import type { Database } from "../../db/database-types.ts";
import { effectiveQuery } from "../effective-query.ts";
import { atDischarge } from "../outcome-columns.ts";
import { compileOutcomeQueryFor } from "../outcome-query.ts";
import { TOTAL_SCORE } from "../outcome-words.ts";

/**
 * Each paired episode's admission and discharge total score, per measure of the query. The pairs
 * are the explorer's own "Admission and discharge pairs" (outcome-query.ts, program-paired): the
 * episode's first session of the measure by a respondent, and its last discharge session by the
 * same respondent, both kept by every other filter of the query and the caller's chart
 * visibility. The query's "Results to include" and "Taken at" are set for that pairing (the
 * analysis needs both ends), and scores are read, never item-level answers. One statement: the
 * compiled query, grouped by episode, respondent and measure.
 */
export async function pairedScores(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  user: RequestUser,
  asked: AnalyticsQuery,
): Promise<Map<number, ScorePair[]>> {
  const query = effectiveQuery(
    { ...asked, scorableFilter: true, results_to_include: "program_paired", completed: "any" },
    bundle,
  );
  const { compiled } = await compileOutcomeQueryFor(db, bundle, user, query);
  const result = await sql<{ measure_id: number | string; pre: number; post: number }>`select cm.measure_id,
      max(case when not ${atDischarge} then ms.value end)::float8 as pre,
      max(case when ${atDischarge} then ms.value end)::float8 as post
    from ${compiled.from}
    where ${compiled.where} and ms.score_type = ${TOTAL_SCORE}
    group by cm.measure_id, cm.access_control_program_id, cm.ccau_id
    having count(*) filter (where not ${atDischarge}) = 1 and count(*) filter (where ${atDischarge}) = 1
    order by cm.measure_id`.execute(db);
  const pairs = new Map<number, ScorePair[]>();
  for (const row of result.rows) {
    const id = Number(row.measure_id);
    const list = pairs.get(id) ?? [];
    list.push({ pre: Number(row.pre), post: Number(row.post) });
    pairs.set(id, list);
  }
  return pairs;
}
