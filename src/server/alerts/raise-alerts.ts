import type { Kysely } from "kysely";
import type { RaisedAlert } from "../../shared/scoring/index.ts";
import type { Database } from "../db/database-types.ts";

/**
 * Stores the alerts a scoring rule raised on a session, once per rule: raising the same rule
 * again (an answer saved, then the submit) changes nothing, and an acknowledged alert stays
 * acknowledged. The message is the definition's own sentence.
 */
export async function raiseAlerts(
  trx: Kysely<Database>,
  session: { id: number; ccaId: number },
  alerts: readonly RaisedAlert[],
  raisedAt?: Date,
): Promise<void> {
  if (alerts.length === 0) return;
  await trx
    .insertInto("alert")
    .values(
      alerts.map((a) => ({
        client_measure_id: session.id,
        cca_id: session.ccaId,
        rule_id: a.id,
        level: a.level,
        question_id: a.questionId ?? null,
        scale: a.scale ?? null,
        message: a.message,
        ...(raisedAt ? { raised_at: raisedAt } : {}),
      })),
    )
    .onConflict((oc) => oc.columns(["client_measure_id", "rule_id"]).doNothing())
    .execute();
}
