import type { Kysely } from "kysely";
import type { Gender } from "../../../generated/types/enums/gender.ts";
import { questionsById } from "../../shared/measures/questions.ts";
import type { MeasureDefinition } from "../../shared/measures/types.ts";
import { type Answers, type ScoreResult, scoreSession } from "../../shared/scoring/index.ts";
import type { Database } from "../db/database-types.ts";
import { scoreRows } from "../sessions/submit-session.ts";
import { between } from "./demo-random.ts";

/**
 * Answered, scored demo sessions (demo-measures.ts histories, demo-admissions.ts episodes): answers
 * are generated to aim at a total on a score path, then scored by the real engine, so every stored
 * total, severity and alert is what the app would have computed from those answers.
 */

export const DAY = 86_400_000;

export type Trajectory = "improving" | "stable" | "worsening";

/** Totals from first to last session, as a fraction of the measure's range. */
export const PATHS: Record<Trajectory, [number, number]> = {
  improving: [0.68, 0.18],
  stable: [0.36, 0.34],
  worsening: [0.25, 0.66],
};

export interface SeedMeasure {
  id: number;
  versionId: number;
  def: MeasureDefinition;
}

export async function seedMeasure(db: Kysely<Database>, definitionId: string): Promise<SeedMeasure> {
  const row = await db
    .selectFrom("measure")
    .select(["id", "current_version_id", "definition"])
    .where("definition_id", "=", definitionId)
    .executeTakeFirstOrThrow();
  return { id: row.id, versionId: row.current_version_id as number, def: row.definition as MeasureDefinition };
}

/** The total aimed at `progress` (0 first session, 1 last) along a trajectory, with a little noise. */
export function pathTotal(
  random: () => number,
  def: MeasureDefinition,
  trajectory: Trajectory,
  progress: number,
  shift = 0,
): number {
  const range = def.scoring?.range ?? { min: 0, max: 0 };
  const [from, to] = PATHS[trajectory];
  const share = from + shift + (to - from) * progress;
  const total = Math.round(range.min + share * (range.max - range.min)) + between(random, -2, 2);
  return Math.max(range.min, total);
}

/** Spreads a total over items (each 0..max), the same way for the same generator state. */
function spread(random: () => number, count: number, total: number, max: number): number[] {
  const target = Math.max(0, Math.min(total, count * max));
  const values = Array.from({ length: count }, () => Math.floor(target / count));
  let rest = target - values.reduce((a, b) => a + b, 0);
  while (rest > 0) {
    const k = Math.floor(random() * count);
    if (values[k] < max) {
      values[k] += 1;
      rest -= 1;
    }
  }
  for (let j = 0; j < count; j++) {
    const from = Math.floor(random() * count);
    const to = Math.floor(random() * count);
    if (from !== to && values[from] > 0 && values[to] < max) {
      values[from] -= 1;
      values[to] += 1;
    }
  }
  return values;
}

/** The option whose score is `score` (PHQ-9 and GAD-7 store the score as the value, but say so via the definition). */
function optionValue(def: MeasureDefinition, questionId: string, score: number): number | string {
  const option = questionsById(def)
    .get(questionId)
    ?.options?.find((o) => o.score === score);
  if (!option) throw new Error(`${def.id} ${questionId} has no option scored ${score}`);
  return option.value;
}

/** The highest score an item's options give (3 for PHQ-9 and GAD-7, 2 for PSC-17). */
function itemMax(def: MeasureDefinition, items: readonly string[]): number {
  const questions = questionsById(def);
  return Math.min(...items.map((id) => Math.max(...(questions.get(id)?.options ?? []).map((o) => o.score ?? 0))));
}

/**
 * One session's answers aiming at a total. With `risk`, PHQ-9 item 9 is answered above 0, the
 * answer that raises the suicide-risk alert; the engine then scores them as it would live.
 */
export function answersFor(random: () => number, def: MeasureDefinition, total: number, risk: boolean): Answers {
  const items: readonly string[] = def.scoring?.items ?? [];
  const riskItem = def.alerts.find((a) => a.questionId)?.questionId;
  const answers: Record<string, number | string> = {};
  const spreadItems = risk && riskItem ? items.filter((id) => id !== riskItem) : items;
  const riskScore = risk && riskItem ? (total >= 18 ? 2 : 1) : 0;
  spread(random, spreadItems.length, total - riskScore, itemMax(def, items)).forEach((score, k) => {
    answers[spreadItems[k]] = optionValue(def, spreadItems[k], score);
  });
  if (risk && riskItem) answers[riskItem] = optionValue(def, riskItem, riskScore);
  // PHQ-9's difficulty item: asked of anyone who checked off a problem.
  const difficulty = questionsById(def).get("q10")?.options;
  if (difficulty && !items.includes("q10") && total > 0) {
    answers.q10 = difficulty[Math.min(difficulty.length - 1, Math.floor(total / 7))].value;
  }
  return answers;
}

/** The engine's score of generated answers; a demo session the engine cannot score is a seed bug. */
export function scoreDemoAnswers(def: MeasureDefinition, answers: Answers, gender: string, who: string): ScoreResult {
  const result = scoreSession(def, answers, { gender: gender as Gender });
  if (!result.scorable) throw new Error(`demo ${def.id} session for ${who} is not scorable`);
  return result;
}

export function startOfDayUtc(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

export interface ScoredSession {
  ccauId: number;
  ccaId: number;
  measure: SeedMeasure;
  /** The due day as stored (start of the calendar day in UTC). */
  dueDate: Date;
  completedAt: Date;
  completedBy: number;
  answers: Answers;
  result: ScoreResult;
  createdAt: Date;
  scheduleId?: number | null;
  episodeId?: number | null;
  opensOn?: string | null;
  /** Who acknowledged its alerts and when; null leaves them active. */
  acknowledged: { by: number; at: Date } | null;
}

async function insertInChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 1000): Promise<void> {
  for (let k = 0; k < rows.length; k += size) await insert(rows.slice(k, k + size));
}

/**
 * Inserts submitted sessions in bulk as the submit route leaves them: the session, its answers,
 * its score rows and the alerts the engine raised. Answers the new ids in the order given.
 */
export async function insertScoredSessions(db: Kysely<Database>, sessions: ScoredSession[]): Promise<number[]> {
  if (sessions.length === 0) return [];
  const ids: number[] = [];
  await insertInChunks(sessions, async (chunk) => {
    const rows = await db
      .insertInto("client_measure")
      .values(
        chunk.map((s) => ({
          ccau_id: s.ccauId,
          measure_id: s.measure.id,
          measure_version_id: s.measure.versionId,
          schedule_id: s.scheduleId ?? null,
          access_control_program_id: s.episodeId ?? null,
          opens_on: s.opensOn ?? null,
          due_date: s.dueDate,
          status: "submitted" as const,
          started_at: new Date(s.completedAt.getTime() - 6 * 60_000),
          completed_at: s.completedAt,
          completed_by: s.completedBy,
          last_answered_question: Object.keys(s.answers).at(-1) ?? null,
          severity: s.result.severity?.label ?? null,
          score_result: JSON.stringify(s.result),
          created_at: s.createdAt,
        })),
      )
      .returning("id")
      .execute();
    ids.push(...rows.map((r) => r.id));
  });

  const answers = sessions.flatMap((s, k) =>
    Object.entries(s.answers).map(([questionId, value]) => ({
      client_measure_id: ids[k],
      question_id: questionId,
      value: JSON.stringify(value),
      client_seq: 1,
      saved_at: s.completedAt,
    })),
  );
  await insertInChunks(answers, (chunk) => db.insertInto("answer").values(chunk).execute());
  const scores = sessions.flatMap((s, k) => scoreRows(ids[k], s.result));
  await insertInChunks(scores, (chunk) => db.insertInto("measure_score").values(chunk).execute());
  const alerts = sessions.flatMap((s, k) =>
    s.result.alerts.map((a) => ({
      client_measure_id: ids[k],
      cca_id: s.ccaId,
      rule_id: a.id,
      level: a.level,
      question_id: a.questionId ?? null,
      scale: a.scale ?? null,
      message: a.message,
      raised_at: s.completedAt,
      acknowledged_by: s.acknowledged?.by ?? null,
      acknowledged_at: s.acknowledged?.at ?? null,
    })),
  );
  await insertInChunks(alerts, (chunk) => db.insertInto("alert").values(chunk).execute());
  return ids;
}
