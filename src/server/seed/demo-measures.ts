import { type Kysely, sql } from "kysely";
import type { Gender } from "../../../generated/types/enums/gender.ts";
import { questionsById } from "../../shared/measures/questions.ts";
import type { MeasureDefinition } from "../../shared/measures/types.ts";
import type { SchemaBundle } from "../../shared/schema/bundle.ts";
import { type Answers, type ScoreResult, scoreSession } from "../../shared/scoring/index.ts";
import type { Database } from "../db/database-types.ts";
import { entityStore } from "../entities/entity-store.ts";
import { appendHistory } from "../history/record-history.ts";
import { upsertMeasureLibrary } from "../measures/library-sync.ts";
import { patientEntity } from "../patients/patient-entity.ts";
import { scoreRows } from "../sessions/submit-session.ts";
import type { DemoClinic } from "./demo-clinic.ts";
import { between, seededRandom } from "./demo-random.ts";

const DAY = 86_400_000;
const SESSION_INTERVAL_DAYS = 14;
const JORDAN_MRN = "MRN1001";
const JORDAN_DUE_IN_DAYS = 3;

type Trajectory = "improving" | "stable" | "worsening";

interface SeedMeasure {
  id: number;
  versionId: number;
  def: MeasureDefinition;
}

interface SeedPatient {
  index: number;
  mrn: string;
  patientId: number;
  userId: number;
  ccauId: number;
  ccaId: number;
  gender: string;
  /** Who acknowledges this chart's alerts: an assigned clinician, else a member of its team. */
  clinicianId: number;
}

/** Totals from first to last session, as a fraction of the measure's range. */
const PATHS: Record<Trajectory, [number, number]> = {
  improving: [0.68, 0.18],
  stable: [0.36, 0.34],
  worsening: [0.25, 0.66],
};

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

/**
 * One session's answers aiming at a total. With `risk`, PHQ-9 item 9 is answered above 0, the
 * answer that raises the suicide-risk alert; the engine then scores them as it would live.
 */
function answersFor(random: () => number, def: MeasureDefinition, total: number, risk: boolean): Answers {
  const items: readonly string[] = def.scoring?.items ?? [];
  const riskItem = def.alerts.find((a) => a.questionId)?.questionId;
  const answers: Record<string, number | string> = {};
  const spreadItems = risk && riskItem ? items.filter((id) => id !== riskItem) : items;
  const riskScore = risk && riskItem ? (total >= 18 ? 2 : 1) : 0;
  spread(random, spreadItems.length, total - riskScore, 3).forEach((score, k) => {
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

async function seedMeasure(db: Kysely<Database>, definitionId: string): Promise<SeedMeasure> {
  const row = await db
    .selectFrom("measure")
    .select(["id", "current_version_id", "definition"])
    .where("definition_id", "=", definitionId)
    .executeTakeFirstOrThrow();
  return { id: row.id, versionId: row.current_version_id as number, def: row.definition as MeasureDefinition };
}

async function seedPatients(db: Kysely<Database>, clinic: DemoClinic): Promise<SeedPatient[]> {
  const rows = await db
    .selectFrom("patient as p")
    .innerJoin("client_clinic_assignment as cca", "cca.patient_id", "p.id")
    .innerJoin("cca_user as cu", (j) =>
      j.onRef("cu.cca_id", "=", "cca.id").onRef("cu.user_id", "=", "p.user_id").on("cu.relation_id", "=", 1),
    )
    .select([
      "p.id",
      "p.mrn",
      "p.user_id",
      "p.gender",
      "cu.id as ccau_id",
      "cca.id as cca_id",
      sql<number | null>`(select min(cc.clinician_id) from cca_clinician cc where cc.cca_id = cca.id)`.as("clinician"),
    ])
    .orderBy(sql`length(p.mrn)`)
    .orderBy("p.mrn")
    .execute();
  return rows.map((r, index) => ({
    index,
    mrn: r.mrn,
    patientId: r.id,
    userId: r.user_id as number,
    ccauId: r.ccau_id,
    ccaId: r.cca_id,
    gender: r.gender,
    clinicianId: r.clinician ?? clinic.users.clinician2,
  }));
}

interface PlannedSession {
  patient: SeedPatient;
  measure: SeedMeasure;
  completedAt: Date;
  answers: Answers;
  result: ScoreResult;
}

/** Completed sessions of one measure for one patient, oldest first, on a two-weekly rhythm. */
function planHistory(patient: SeedPatient, measure: SeedMeasure, now: Date, seed: number): PlannedSession[] {
  const random = seededRandom(seed);
  const i = patient.index;
  const trajectory: Trajectory =
    patient.mrn === JORDAN_MRN ? "improving" : (["improving", "stable", "worsening"] as const)[i % 3];
  const count = patient.mrn === JORDAN_MRN ? 5 : 3 + (i % 6);
  const lastDaysAgo = patient.mrn === JORDAN_MRN ? 12 : 3 + (i % 10);
  // About one chart in four has thoughts of self-harm in its PHQ-9 history (Jordan's once, early on).
  const riskPatient = patient.mrn === JORDAN_MRN || i % 4 === 1;
  const range = measure.def.scoring?.range ?? { min: 0, max: 0 };
  const [from, to] = PATHS[trajectory];
  return Array.from({ length: count }, (_, k) => {
    const progress = count === 1 ? 1 : k / (count - 1);
    const share = from + (to - from) * progress;
    const total = Math.round(range.min + share * (range.max - range.min)) + between(random, -2, 2);
    const risk = riskPatient && (patient.mrn === JORDAN_MRN ? k === 0 : total >= 12);
    const daysAgo = lastDaysAgo + (count - 1 - k) * SESSION_INTERVAL_DAYS;
    const completedAt = new Date(now.getTime() - daysAgo * DAY);
    completedAt.setUTCHours(15, (i * 7) % 60, 0, 0);
    const answers = answersFor(random, measure.def, Math.max(range.min, total), risk);
    const result = scoreSession(measure.def, answers, { gender: patient.gender as Gender });
    if (!result.scorable) throw new Error(`demo ${measure.def.id} session for ${patient.mrn} is not scorable`);
    return { patient, measure, completedAt, answers, result };
  });
}

function startOfDayUtc(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

async function insertInChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 1000): Promise<void> {
  for (let k = 0; k < rows.length; k += size) await insert(rows.slice(k, k + size));
}

/**
 * Completed PHQ-9 and GAD-7 histories for the demo patients (issue 4 "Done when"), so scores,
 * progress charts and alerts are there on first start. Six charts in seven get three to eight
 * two-weekly sessions on their own respondent link, improving, stable or worsening; answers are
 * generated from those paths and scored by the real engine. Charts with thoughts of self-harm
 * get PHQ-9 item-9 alerts: older ones acknowledged by their clinician, the newest left active on
 * every other such chart. Jordan Rivera (MRN1001) also has a PHQ-9 due in three days on his own
 * link, for the demo respondent to answer. Deterministic for a given day, and bulk-inserted.
 */
export async function seedDemoMeasures(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  clinic: DemoClinic,
  now = new Date(),
): Promise<void> {
  await upsertMeasureLibrary(db);
  const phq9 = await seedMeasure(db, "phq-9");
  const gad7 = await seedMeasure(db, "gad-7");
  const patients = await seedPatients(db, clinic);
  const withHistory = patients.filter((p) => p.mrn === JORDAN_MRN || p.index % 7 !== 6);

  const planned = withHistory.flatMap((p) => [
    ...planHistory(p, phq9, now, 9000 + p.index),
    ...planHistory(p, gad7, now, 7000 + p.index),
  ]);
  const inserted = await db
    .insertInto("client_measure")
    .values(
      planned.map((s) => ({
        ccau_id: s.patient.ccauId,
        measure_id: s.measure.id,
        measure_version_id: s.measure.versionId,
        due_date: startOfDayUtc(s.completedAt),
        status: "submitted" as const,
        started_at: new Date(s.completedAt.getTime() - 6 * 60_000),
        completed_at: s.completedAt,
        completed_by: s.patient.userId,
        last_answered_question: Object.keys(s.answers).at(-1) ?? null,
        severity: s.result.severity?.label ?? null,
        score_result: JSON.stringify(s.result),
        created_at: new Date(startOfDayUtc(s.completedAt).getTime() - 7 * DAY),
      })),
    )
    .returning("id")
    .execute();

  const answers = planned.flatMap((s, k) =>
    Object.entries(s.answers).map(([questionId, value]) => ({
      client_measure_id: inserted[k].id,
      question_id: questionId,
      value: JSON.stringify(value),
      client_seq: 1,
      saved_at: s.completedAt,
    })),
  );
  await insertInChunks(answers, (chunk) => db.insertInto("answer").values(chunk).execute());
  const scores = planned.flatMap((s, k) => scoreRows(inserted[k].id, s.result));
  await insertInChunks(scores, (chunk) => db.insertInto("measure_score").values(chunk).execute());

  // The newest alert of every other such chart stays active; everything else was acknowledged the next day.
  const alerts = planned.flatMap((s, k) => s.result.alerts.map((a) => ({ s, k, a })));
  const newest = new Map<number, number>();
  for (const [n, { s }] of alerts.entries()) newest.set(s.patient.patientId, n);
  const alertRows = alerts.map(({ s, k, a }, n) => {
    const active = newest.get(s.patient.patientId) === n && s.patient.index % 8 === 1;
    const acknowledgedAt = new Date(Math.min(s.completedAt.getTime() + DAY, now.getTime()));
    return {
      client_measure_id: inserted[k].id,
      cca_id: s.patient.ccaId,
      rule_id: a.id,
      level: a.level,
      question_id: a.questionId ?? null,
      scale: a.scale ?? null,
      message: a.message,
      raised_at: s.completedAt,
      acknowledged_by: active ? null : s.patient.clinicianId,
      acknowledged_at: active ? null : acknowledgedAt,
    };
  });
  if (alertRows.length) await db.insertInto("alert").values(alertRows).execute();

  const jordan = patients.find((p) => p.mrn === JORDAN_MRN);
  if (jordan) {
    const due = startOfDayUtc(new Date(now.getTime() + JORDAN_DUE_IN_DAYS * DAY));
    const schedule = await db
      .insertInto("schedule")
      .values({
        ccau_id: jordan.ccauId,
        measure_id: phq9.id,
        frequency: 1,
        due_date: due,
        created_by: clinic.users.clinician,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("client_measure")
      .values({
        ccau_id: jordan.ccauId,
        measure_id: phq9.id,
        measure_version_id: phq9.versionId,
        schedule_id: schedule.id,
        due_date: due,
        created_at: now,
      })
      .execute();
  }

  // Scheduling activates a patient (spec §4): those not yet active get a new history version.
  const inactive = await db
    .selectFrom("patient")
    .select("id")
    .where("active", "=", false)
    .where(
      "id",
      "in",
      withHistory.map((p) => p.patientId),
    )
    .execute();
  const ids = inactive.map((r) => r.id);
  if (ids.length === 0) return;
  await db.updateTable("patient").set({ active: true, updated_at: sql`now()` }).where("id", "in", ids).execute();
  for (const record of await entityStore(patientEntity, bundle).readMany(db, ids)) {
    await appendHistory(db, { entity: "patient", entityId: record.id, data: record, changedBy: clinic.users.admin });
  }
}
