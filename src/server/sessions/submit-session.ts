import { type Kysely, sql } from "kysely";
import type { Gender } from "../../../generated/types/enums/gender.ts";
import { questionsById } from "../../shared/measures/questions.ts";
import type { MeasureDefinition } from "../../shared/measures/types.ts";
import { type Answers, type ScoreResult, scoreSession } from "../../shared/scoring/index.ts";
import type { FieldError } from "../../shared/validation/field-errors.ts";
import { attributeAndSettle } from "../admissions/finalize-discharge.ts";
import { raiseAlerts } from "../alerts/raise-alerts.ts";
import { ACTIVITY, logActivity } from "../auth/activity-log.ts";
import type { Database } from "../db/database-types.ts";
import { HttpError } from "../http/http-error.ts";
import { clinicTimeZone } from "./availability.ts";
import type { SessionRow } from "./session-store.ts";

export const REQUIRED_MISSING = "A measure cannot be scored when required questions are skipped.";
export const TOO_MANY_MISSING = "Too many questions are unanswered for this measure to be scored.";
export const INVALID_ANSWERS = "Some answers are not among the question's options.";

/** The score rows of a result: total_score, then each subscale and derived score by its id. */
export function scoreRows(clientMeasureId: number, result: ScoreResult) {
  if (!result.scorable || result.total === undefined) return [];
  return [
    { client_measure_id: clientMeasureId, score_type: "total_score", value: result.total },
    ...Object.entries(result.subscales ?? {}).map(([id, value]) => ({
      client_measure_id: clientMeasureId,
      score_type: id,
      value,
    })),
    ...Object.entries(result.derived ?? {}).map(([id, value]) => ({
      client_measure_id: clientMeasureId,
      score_type: id,
      value,
    })),
  ];
}

function refusal(def: MeasureDefinition, message: string, code: string, ids: readonly string[]): HttpError {
  const questions = questionsById(def);
  const errors: FieldError[] = ids.map((id) => ({
    field: id,
    message: `Please answer: ${questions.get(id)?.text ?? id}`,
  }));
  return new HttpError(400, message, code, errors);
}

/**
 * Submits a session in the caller's transaction, which holds the session's lock (spec §4: final).
 * The engine scores all stored answers: answers to questions branching hid count for nothing, but
 * an item alert they meet is still raised (alerts.ts: a risk answer must reach a clinician).
 * A session with required visible questions unanswered, too many missing items or an answer that
 * is not an option is refused and nothing is stored (spec §8). Otherwise the scores, severity and
 * the engine's whole result are stored, every alert raised, and 'Measure completed' logged.
 * administeredBy: the clinician who handed the device to the respondent (login-as).
 */
export async function submitSession(
  trx: Kysely<Database>,
  session: SessionRow,
  def: MeasureDefinition,
  answers: Answers,
  actorId: number,
  administeredBy?: number,
): Promise<ScoreResult> {
  const result = scoreSession(def, answers, { gender: session.patientGender as Gender });
  // An instrument without scoring ("unscored-measure") is submitted with its answers only.
  if (result.reason === "required-missing")
    throw refusal(def, REQUIRED_MISSING, "required_missing", result.missingRequired);
  if (result.reason === "too-many-missing")
    throw refusal(def, TOO_MANY_MISSING, "too_many_missing", result.missingItems);
  if (result.reason === "invalid-answers")
    throw refusal(def, INVALID_ANSWERS, "invalid_answers", result.invalidAnswers);
  const completed = await trx
    .updateTable("client_measure")
    .set({
      status: "submitted",
      completed_at: sql`now()`,
      completed_by: actorId,
      ...(administeredBy ? { clinical_administered_by: administeredBy } : {}),
      started_at: sql`coalesce(started_at, now())`,
      severity: result.severity?.label ?? null,
      score_result: JSON.stringify(result),
    })
    .where("id", "=", session.id)
    .where("status", "in", ["not_started", "partial"])
    .returning("completed_at")
    .executeTakeFirst();
  // The caller checked the status under the lock; this guards against a caller that did not.
  if (!completed) throw new HttpError(409, "This measure has already been submitted.", "already_submitted");
  const rows = scoreRows(session.id, result);
  if (rows.length) await trx.insertInto("measure_score").values(rows).execute();
  await raiseAlerts(trx, session, result.alerts);
  // The session counts in the episode it was answered in; a pending discharge may be final now.
  await attributeAndSettle(trx, session.id, await clinicTimeZone(trx));
  await logActivity(trx, {
    userId: session.respondentUserId,
    actorId,
    code: ACTIVITY.measureCompleted,
    detail: {
      clientMeasureId: session.id,
      measure: def.abbreviation,
      ...(administeredBy ? { administeredBy } : {}),
    },
  });
  return result;
}
