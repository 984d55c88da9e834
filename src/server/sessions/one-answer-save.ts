import { type Kysely, sql } from "kysely";
import type { SavedAnswer } from "../../shared/api/respondent-sessions.ts";
import type { MeasureDefinition } from "../../shared/measures/types.ts";
import { itemAlerts } from "../../shared/scoring/alerts.ts";
import { type Answers, type AnswerValue, isAnswered } from "../../shared/scoring/index.ts";
import { raiseAlerts } from "../alerts/raise-alerts.ts";
import type { Database } from "../db/database-types.ts";
import type { ClaimedSession } from "./answer-claim.ts";
import { type AnswerInput, answerUpsert } from "./answer-save.ts";

export interface OneAnswerSaved {
  saved: SavedAnswer;
  /** The session's answers after the save (cleared ones left out), as session-store.ts loadAnswers reads them. */
  answers: Answers;
  /** The highest save number stored for the session after the save. */
  lastSeq: number;
}

/**
 * Saves one answer of a claimed session (answer-claim.ts) in one statement, with the rules of
 * answer-save.ts saveAnswers for a batch of one: the highest seq wins whatever order saves arrive
 * in (a save without seq takes the next number after everything stored), the session becomes
 * partial and started, remembers its last answered question and the clinician who handed the
 * device over, and moves to the version it is answered with while nobody had answered it yet.
 * The same statement returns the answers as they were before it, so the answers after it are
 * worked out here instead of read again; the session's lock keeps every other writer out meanwhile.
 * The session row is written only when one of those columns changes (re-answering the same
 * question changes none). An answer that meets an item alert rule raises its alert at once.
 */
export async function saveOneAnswer(
  trx: Kysely<Database>,
  session: ClaimedSession,
  def: MeasureDefinition,
  input: AnswerInput,
  opts: { administeredBy?: number } = {},
): Promise<OneAnswerSaved> {
  const administeredBy = opts.administeredBy ?? null;
  const moveVersion =
    session.status === "not_started" &&
    session.answeringVersionId !== null &&
    session.answeringVersionId !== session.versionId;
  // Whether the session row changes even if this save turns out stale (not applied).
  const touchAnyway =
    session.status !== "partial" ||
    !session.started ||
    moveVersion ||
    (administeredBy !== null && administeredBy !== session.administeredBy);
  const seq =
    input.seq ??
    sql`(select coalesce(max(a.client_seq), 0) + 1 from answer a where a.client_measure_id = ${session.id})`;
  const { rows } = await sql<{
    question_id: string | null;
    value: AnswerValue | null;
    client_seq: number | null;
    written_seq: number | null;
  }>`
    with written as (${answerUpsert(session.id, input, seq, administeredBy)}), touched as (
      update client_measure
      set status = 'partial', started_at = coalesce(started_at, now()),
        ${administeredBy !== null ? sql`clinical_administered_by = ${administeredBy},` : sql``}
        ${moveVersion ? sql`measure_version_id = ${session.answeringVersionId},` : sql``}
        last_answered_question = case when exists (select 1 from written) then ${input.questionId}
          else last_answered_question end
      where id = ${session.id} and (${touchAnyway ? sql`true` : sql`false`}
        or (exists (select 1 from written) and last_answered_question is distinct from ${input.questionId}))
    )
    select a.question_id, a.value, a.client_seq, w.client_seq as written_seq
    from (select 1) one
    left join written w on true
    left join answer a on a.client_measure_id = ${session.id}`.execute(trx);

  // The rows show the answers as they were before this statement (its snapshot).
  const answers: Record<string, AnswerValue> = {};
  let lastSeq = 0;
  let kept: { value: AnswerValue | null; seq: number } | undefined;
  for (const row of rows) {
    if (row.question_id === null) continue;
    if (row.value !== null && row.value !== undefined) answers[row.question_id] = row.value;
    lastSeq = Math.max(lastSeq, Number(row.client_seq));
    if (row.question_id === input.questionId) kept = { value: row.value ?? null, seq: Number(row.client_seq) };
  }
  const writtenSeq = rows[0]?.written_seq;
  if (writtenSeq === null || writtenSeq === undefined) {
    // A newer save of this question is stored (an older or equal seq changes nothing): say which.
    const stored = kept as { value: AnswerValue | null; seq: number };
    return { saved: { questionId: input.questionId, applied: false, ...stored }, answers, lastSeq };
  }
  const value = isAnswered(input.value) ? input.value : null;
  if (value === null) delete answers[input.questionId];
  else answers[input.questionId] = value;
  const saved = { questionId: input.questionId, applied: true, value, seq: Number(writtenSeq) };
  await raiseAlerts(trx, session, itemAlerts(def, { [input.questionId]: value }));
  return { saved, answers, lastSeq: Math.max(lastSeq, saved.seq) };
}
