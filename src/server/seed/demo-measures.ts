import { type Kysely, sql } from "kysely";
import type { SchemaBundle } from "../../shared/schema/bundle.ts";
import type { Answers, ScoreResult } from "../../shared/scoring/index.ts";
import type { Database } from "../db/database-types.ts";
import { entityStore } from "../entities/entity-store.ts";
import { appendHistory } from "../history/record-history.ts";
import { upsertMeasureLibrary } from "../measures/library-sync.ts";
import { patientEntity } from "../patients/patient-entity.ts";
import type { DemoClinic } from "./demo-clinic.ts";
import { seededRandom } from "./demo-random.ts";
import {
  answersFor,
  DAY,
  insertScoredSessions,
  pathTotal,
  type SeedMeasure,
  scoreDemoAnswers,
  seedMeasure,
  startOfDayUtc,
  type Trajectory,
} from "./demo-sessions.ts";

const SESSION_INTERVAL_DAYS = 14;
const JORDAN_MRN = "MRN1001";

/** A demo chart as the demo seed's later steps need it; `index` is its place in demoPatients(). */
export interface SeedPatient {
  index: number;
  mrn: string;
  patientId: number;
  userId: number;
  ccauId: number;
  ccaId: number;
  gender: string;
  birthDate: string;
  /** Who acknowledges this chart's alerts: an assigned clinician, else a member of its team. */
  clinicianId: number;
}

/**
 * The days (before the seed's day) of a demo patient's history sessions, oldest first, one two-weekly
 * PHQ-9 and GAD-7 pair each; none for one chart in seven. `index` is the patient's place in
 * demoPatients(). demo-admissions.ts reads it too: a current admission takes over the sessions in
 * its window, and earlier episodes end before the history begins.
 */
export function historyDaysAgo(index: number): number[] {
  const jordan = index === 0;
  if (!jordan && index % 7 === 6) return [];
  const count = jordan ? 5 : 3 + (index % 6);
  // Jordan's last sessions were the two-week ones of his Intensive Outpatient Program admission.
  const lastDaysAgo = jordan ? 11 : 3 + (index % 10);
  return Array.from({ length: count }, (_, k) => lastDaysAgo + (count - 1 - k) * SESSION_INTERVAL_DAYS);
}

export async function seedPatients(db: Kysely<Database>, clinic: DemoClinic): Promise<SeedPatient[]> {
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
      "p.birth_date",
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
    birthDate: r.birth_date,
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
  const days = historyDaysAgo(i);
  // About one chart in four has thoughts of self-harm in its PHQ-9 history (Jordan's once, early on).
  const riskPatient = patient.mrn === JORDAN_MRN || i % 4 === 1;
  return days.map((daysAgo, k) => {
    const progress = days.length === 1 ? 1 : k / (days.length - 1);
    const total = pathTotal(random, measure.def, trajectory, progress);
    const risk = riskPatient && (patient.mrn === JORDAN_MRN ? k === 0 : total >= 12);
    const completedAt = new Date(now.getTime() - daysAgo * DAY);
    completedAt.setUTCHours(15, (i * 7) % 60, 0, 0);
    const answers = answersFor(random, measure.def, total, risk);
    const result = scoreDemoAnswers(measure.def, answers, patient.gender, patient.mrn);
    return { patient, measure, completedAt, answers, result };
  });
}

/**
 * Completed PHQ-9 and GAD-7 histories for the demo patients (issue 4 "Done when"), so scores,
 * progress charts and alerts are there on first start. Six charts in seven get three to eight
 * two-weekly sessions on their own respondent link, improving, stable or worsening; answers are
 * generated from those paths and scored by the real engine. Charts with thoughts of self-harm
 * get PHQ-9 item-9 alerts: older ones acknowledged by their clinician, the newest left active on
 * every other such chart. Jordan Rivera's next PHQ-9 and GAD-7 come from his Intensive Outpatient
 * Program admission (demo-admissions.ts). Deterministic for a given day, and bulk-inserted.
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
  const withHistory = patients.filter((p) => historyDaysAgo(p.index).length > 0);

  const planned = withHistory.flatMap((p) => [
    ...planHistory(p, phq9, now, 9000 + p.index),
    ...planHistory(p, gad7, now, 7000 + p.index),
  ]);
  // The newest alert of every other such chart stays active; everything else was acknowledged the next day.
  const newest = new Map<number, number>();
  for (const [k, s] of planned.entries()) if (s.result.alerts.length) newest.set(s.patient.patientId, k);
  await insertScoredSessions(
    db,
    planned.map((s, k) => {
      const active = newest.get(s.patient.patientId) === k && s.patient.index % 8 === 1;
      return {
        ccauId: s.patient.ccauId,
        ccaId: s.patient.ccaId,
        measure: s.measure,
        dueDate: startOfDayUtc(s.completedAt),
        completedAt: s.completedAt,
        completedBy: s.patient.userId,
        answers: s.answers,
        result: s.result,
        createdAt: new Date(startOfDayUtc(s.completedAt).getTime() - 7 * DAY),
        acknowledged: active
          ? null
          : { by: s.patient.clinicianId, at: new Date(Math.min(s.completedAt.getTime() + DAY, now.getTime())) },
      };
    }),
  );

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
