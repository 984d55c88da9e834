import { type Kysely, type RawBuilder, sql } from "kysely";
import type { SavedAnswer } from "../../shared/api/respondent-sessions.ts";
import { isAnswerable, isChoice, questionsById } from "../../shared/measures/questions.ts";
import type { MeasureDefinition, Question } from "../../shared/measures/types.ts";
import { itemAlerts } from "../../shared/scoring/alerts.ts";
import { type AnswerValue, isAnswered, isValidAnswer } from "../../shared/scoring/index.ts";
import type { FieldError } from "../../shared/validation/field-errors.ts";
import { raiseAlerts } from "../alerts/raise-alerts.ts";
import type { Database } from "../db/database-types.ts";
import { badRequest, HttpError, notFound } from "../http/http-error.ts";
import type { SessionRow } from "./session-store.ts";

export interface AnswerInput {
  questionId: string;
  value: AnswerValue | null;
  /** The client's save counter; absent: newer than every save before it. */
  seq?: number;
}

export const ALREADY_SUBMITTED = "This measure has already been submitted.";
export const SESSION_EXPIRED = "This measure is past its due date and can no longer be answered.";
export const SESSION_NOT_OPEN = "This measure cannot be answered yet. It opens a few days before its due date.";

/** Writes are refused once a session is final or its due day is over (spec §4 Measure session). */
export function assertWritable(session: Pick<SessionRow, "status" | "expired" | "notYetOpen">): void {
  if (session.status === "submitted") throw new HttpError(409, ALREADY_SUBMITTED, "already_submitted");
  if (session.status === "disabled") throw notFound();
  if (session.expired) throw new HttpError(409, SESSION_EXPIRED, "session_expired");
  if (session.notYetOpen) throw new HttpError(409, SESSION_NOT_OPEN, "session_not_open");
}

/** Why a value does not fit its question, in words a respondent understands; null when it fits. */
function answerProblem(question: Question, value: AnswerValue | null): string | null {
  if (!isAnswerable(question) || question.readOnly) return "This question cannot be answered.";
  if (!isAnswered(value) || isValidAnswer(question, value)) return null;
  if (question.type === "checkbox") return "Choose only this question's options, each at most once.";
  if (isChoice(question)) return "Choose one of this question's options.";
  if (question.type === "number") {
    const whole = question.integer ? "a whole number" : "a number";
    if (question.min !== undefined && question.max !== undefined)
      return `Enter ${whole} from ${question.min} to ${question.max}.`;
    return `Enter ${whole}.`;
  }
  if (question.type === "date") return "Enter a date as YYYY-MM-DD.";
  return "Enter text.";
}

/**
 * Checks a batch of answers against the session's definition: every question must exist (on
 * the given page, when one is named), be answerable, and hold a value it accepts. All
 * problems are reported at once, each under its question id.
 */
export function checkAnswers(def: MeasureDefinition, inputs: readonly AnswerInput[], pageId?: string): void {
  const page = pageId ? def.pages.find((p) => p.id === pageId) : undefined;
  if (pageId && !page) throw notFound("This page does not exist.");
  const questions = page ? new Map(page.questions.map((q) => [q.id, q])) : questionsById(def);
  const errors: FieldError[] = [];
  for (const input of inputs) {
    const question = questions.get(input.questionId);
    const problem = question ? answerProblem(question, input.value) : "This question is not on this page.";
    if (problem) errors.push({ field: input.questionId, message: problem });
  }
  if (errors.length) throw badRequest(errors);
}

/** Stored answers are JSON; a cleared answer is SQL null so "not answered" has one spelling. */
export function storedValue(value: AnswerValue | null) {
  return isAnswered(value) ? sql`${JSON.stringify(value)}::jsonb` : sql`null`;
}

/**
 * Writes one answer unless a later save of it is stored: the highest seq wins whatever order saves
 * arrive in. Returns the stored seq when it wrote, no row when the save was stale. A statement of
 * its own (saveAnswers) or the first step of a larger one (one-answer-save.ts).
 */
export function answerUpsert(
  sessionId: number,
  input: { questionId: string; value: AnswerValue | null },
  seq: number | RawBuilder<unknown>,
  administeredBy: number | null,
): RawBuilder<{ client_seq: number }> {
  return sql<{ client_seq: number }>`
      insert into answer (client_measure_id, question_id, value, client_seq, saved_at, administered_by)
      values (${sessionId}, ${input.questionId}, ${storedValue(input.value)}, ${seq}, now(), ${administeredBy}::bigint)
      on conflict (client_measure_id, question_id) do update
        set value = excluded.value, client_seq = excluded.client_seq, saved_at = excluded.saved_at,
          administered_by = excluded.administered_by
        where answer.client_seq < excluded.client_seq
      returning client_seq`;
}

/**
 * Saves answers in the caller's transaction, holding the session's lock. For each question the
 * highest seq wins whatever order saves arrive in: INSERT ... ON CONFLICT DO UPDATE only where
 * the stored seq is lower. A save without seq takes the next number after everything stored.
 * administeredBy: the clinician who handed the device to the respondent (login-as), kept on each
 * answer it saved and on the session. The session becomes partial, and an answer that meets an item alert rule (PHQ-9 item 9 above 0)
 * raises its alert at once: a risk answer reaches a clinician even if the session is never submitted.
 */
export async function saveAnswers(
  trx: Kysely<Database>,
  session: SessionRow,
  def: MeasureDefinition,
  inputs: readonly AnswerInput[],
  opts: { lastAnsweredQuestion?: string | null; administeredBy?: number } = {},
): Promise<SavedAnswer[]> {
  const administeredBy = opts.administeredBy ?? null;
  const max = await trx
    .selectFrom("answer")
    .select(sql<number>`coalesce(max(client_seq), 0)`.as("seq"))
    .where("client_measure_id", "=", session.id)
    .executeTakeFirstOrThrow();
  const implicitSeq = Number(max.seq) + 1;
  const saved: SavedAnswer[] = [];
  for (const input of inputs) {
    const seq = input.seq ?? implicitSeq;
    const written = await answerUpsert(session.id, input, seq, administeredBy).execute(trx);
    if (written.rows.length > 0) {
      saved.push({
        questionId: input.questionId,
        applied: true,
        value: isAnswered(input.value) ? input.value : null,
        seq,
      });
      continue;
    }
    const kept = await trx
      .selectFrom("answer")
      .select(["value", "client_seq"])
      .where("client_measure_id", "=", session.id)
      .where("question_id", "=", input.questionId)
      .executeTakeFirstOrThrow();
    saved.push({
      questionId: input.questionId,
      applied: false,
      value: (kept.value ?? null) as AnswerValue | null,
      seq: Number(kept.client_seq),
    });
  }
  const applied = saved.filter((s) => s.applied);
  const last = opts.lastAnsweredQuestion ?? applied.at(-1)?.questionId;
  await trx
    .updateTable("client_measure")
    .set({
      status: "partial",
      started_at: sql`coalesce(started_at, now())`,
      ...(administeredBy ? { clinical_administered_by: administeredBy } : {}),
      ...(last && questionsById(def).has(last) ? { last_answered_question: last } : {}),
    })
    .where("id", "=", session.id)
    .execute();
  const risky = Object.fromEntries(applied.map((s) => [s.questionId, s.value]));
  await raiseAlerts(trx, session, itemAlerts(def, risky));
  return saved;
}
