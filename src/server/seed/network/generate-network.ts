import { type Kysely, sql } from "kysely";
import { todayIn } from "../../../shared/scheduling/due-dates.ts";
import { defaultBundle, type SchemaBundle } from "../../../shared/schema/bundle.ts";
import { hashPassword } from "../../auth/passwords.ts";
import { syncAllPatientRecordContacts } from "../../contacts/contacts.ts";
import type { Database } from "../../db/database-types.ts";
import { upsertMeasureLibrary } from "../../measures/library-sync.ts";
import { clinicTimeZone } from "../../sessions/availability.ts";
import { seedMeasure } from "../demo-sessions.ts";
import { deferForeignKeys } from "./deferred-foreign-keys.ts";
import { deferIndexes } from "./deferred-indexes.ts";
import { deferSessionSummaries } from "./deferred-session-summaries.ts";
import { NETWORK_PASSWORD, NETWORK_RESPONDENT_COUNT } from "./network-accounts.ts";
import { dayNumber } from "./network-days.ts";
import { insertPatientHistory } from "./network-history.ts";
import { type PatientPlan, planPatient } from "./network-patient-plan.ts";
import { insertPatientBatch } from "./network-patients.ts";
import { PatternCatalogue } from "./network-patterns.ts";
import { insertNetworkPrograms, NETWORK_MEASURES, type NetworkMeasures } from "./network-programs.ts";
import { insertRespondentBatch, relationIds } from "./network-respondents.ts";
import { scoredSessionCounts } from "./network-session-counts.ts";
import { type ChartIds, planPatientSessions } from "./network-session-plan.ts";
import { insertSessionBatch, SessionBatch, type SessionTotals } from "./network-sessions.ts";
import { networkSettings } from "./network-settings.ts";
import {
  insertNetworkStaff,
  NETWORK_LOCATION_COUNT,
  NETWORK_SHAPE,
  type NetworkStaff,
  networkStaffUsernames,
} from "./network-staff.ts";
import { PhaseClock } from "./phase-clock.ts";

/**
 * A synthetic clinic network in an empty database (issue 12; docs/generate.md): settings, staff
 * and teams (network-staff.ts), `patients` patients with their accounts, charts, clinicians,
 * teams and respondents, programs (network-programs.ts) and the patients' episodes in them, whose
 * schedules' history holds exactly `measures` scored sessions of the twelve library instruments,
 * with open sessions and alerts (issue 13 §6). Deterministic: the same seed on the same day gives the same
 * rows. One transaction: a failed run leaves nothing behind. ANALYZE at the end.
 */
export interface GenerateOptions {
  patients: number;
  measures: number;
  seed: number;
  /** Progress lines (phase, counts, timing). */
  log?: (line: string) => void;
  /** The generator's clock (tests pin it); default now. */
  now?: Date;
  bundle?: SchemaBundle;
}

export interface NetworkSummary {
  patients: number;
  programs: number;
  episodes: number;
  respondents: number;
  schedules: number;
  sessions: number;
  scored: number;
  answers: number;
  alerts: number;
  phases: { phase: string; ms: number }[];
}

/** The generator refuses a database that is not empty: it would mix its people with real ones. */
export class NetworkNotEmptyError extends Error {}

// The demo seed's lock (seed/demo.ts): a generator and a demo seed never fill one database at once.
const SEED_LOCK_KEY = 725_002;
/** Patients planned and written per batch, and sessions gathered before a write. */
const PATIENT_BATCH = 5_000;
const SESSION_BATCH = 50_000;

const count = (n: number) => n.toLocaleString("en-US");

async function assertEmpty(db: Kysely<Database>): Promise<void> {
  const patient = await db.selectFrom("patient").select("id").limit(1).executeTakeFirst();
  if (patient)
    throw new NetworkNotEmptyError("The database already has patients: the generator fills an empty database only.");
  const taken = await db
    .selectFrom("app_user")
    .select("username")
    .where(sql`lower(username)`, "in", networkStaffUsernames())
    .limit(1)
    .executeTakeFirst();
  if (taken) {
    throw new NetworkNotEmptyError(
      `The database already has the account "${taken.username}": the generator fills an empty database only.`,
    );
  }
}

function checkOptions(opts: GenerateOptions): void {
  for (const key of ["patients", "measures", "seed"] as const) {
    const value = opts[key];
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${key} must be a whole number, 0 or more`);
  }
}

/** Who acknowledges a chart's alerts and set up its schedules: its clinician, else its team's first member, else the admin. */
function responsible(plan: PatientPlan, staff: NetworkStaff): number {
  if (plan.clinicians.length) return staff.clinicianIds[plan.clinicians[0]];
  if (plan.teams.length) return staff.clinicianIds[staff.teamMembers[plan.teams[0]][0]];
  return staff.adminId;
}

/** Where the patient is seen: the location of their clinician's (or their own) team. */
function locationOf(plan: PatientPlan, staff: NetworkStaff): number {
  const team = plan.clinicians.length ? staff.clinicianTeams[plan.clinicians[0]][0] : plan.teams[0];
  return (team ?? plan.n) % NETWORK_LOCATION_COUNT;
}

export async function generateNetwork(db: Kysely<Database>, opts: GenerateOptions): Promise<NetworkSummary> {
  checkOptions(opts);
  const log = opts.log ?? (() => {});
  const bundle = opts.bundle ?? defaultBundle;
  const now = opts.now ?? new Date();
  const clock = new PhaseClock(log);
  // Hashed once for every account: argon2 per account would take hours.
  const passwordHash = await clock.run("password hash", () => hashPassword(NETWORK_PASSWORD));
  const summary = await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
    await assertEmpty(trx);
    // Room for the hash joins of the session writes; this transaction only.
    await sql`set local work_mem = '64MB'`.execute(trx);
    // The history's reads are many small plans: compiling them (a server's JIT) costs more than it saves.
    await sql`set local jit = off`.execute(trx);

    const staff = await clock.run("settings, locations, staff, teams", async () => {
      await networkSettings(trx);
      await upsertMeasureLibrary(trx);
      return insertNetworkStaff(trx, { seed: opts.seed, passwordHash, now });
    });
    const today = todayIn(await clinicTimeZone(trx), now);
    const counts = scoredSessionCounts(opts.seed, opts.patients, opts.measures);
    const shape = {
      clinicians: NETWORK_SHAPE.clinicians,
      teams: NETWORK_SHAPE.teams,
      clinicianTeams: staff.clinicianTeams,
    };
    // The sign-in patients' own care has stopped (their one open questionnaire is the only one), so
    // in a network smaller than 10 x NETWORK_RESPONDENT_COUNT they are a tenth of it, not all of it.
    const signInCount = Math.min(NETWORK_RESPONDENT_COUNT, Math.ceil(opts.patients / 10));

    // Patients, their charts and respondents, a batch at a time.
    const plans: PatientPlan[] = [];
    const charts: ChartIds[] = [];
    const patientIds: number[] = [];
    const relations = relationIds(bundle);
    const claimed = new Set<string>();
    let respondents = 0;
    await clock.run("patients, charts, respondents", async (progress) => {
      for (let start = 0; start < opts.patients; start += PATIENT_BATCH) {
        const batch = Array.from({ length: Math.min(PATIENT_BATCH, opts.patients - start) }, (_, k) =>
          planPatient(opts.seed, start + k, { today, staff: shape, signInCount, scored: counts[start + k] }),
        );
        const ids = await insertPatientBatch(trx, batch, { staff, passwordHash, now });
        const links = await insertRespondentBatch(
          trx,
          batch,
          ids.map((x) => x.ccaId),
          { relations, claimed },
        );
        batch.forEach((plan, k) => {
          const who = responsible(plan, staff);
          respondents += links[k].length;
          plans.push(plan);
          patientIds.push(ids[k].patientId);
          charts.push({
            ccaId: ids[k].ccaId,
            patientId: ids[k].patientId,
            self: ids[k].self,
            caregivers: links[k].filter((l) => l.respondentType === "caregiver"),
            responsibleId: who,
            schedulerId: who,
            location: locationOf(plan, staff),
          });
        });
        progress(`${count(start + batch.length)} / ${count(opts.patients)} patients`);
      }
    });
    await clock.run("patient record contacts", () => syncAllPatientRecordContacts(trx));
    // Statistics for the rows written so far (visible to ANALYZE inside this transaction): without
    // them the planner takes the new tables for empty, and the history's reads and the triage
    // triggers of the session writes probe them row by row.
    await clock.run("analyze patients", () =>
      sql`analyze patient, app_user, user_role, client_clinic_assignment, cca_user, cca_clinician, cca_team, contact`.execute(
        trx,
      ),
    );
    await clock.run("patient history (version 1)", () => insertPatientHistory(trx, bundle, patientIds, staff.adminId));

    const catalogue = await clock.run("answer patterns (scored by the engine)", async () => {
      const measures = {} as NetworkMeasures;
      for (const key of NETWORK_MEASURES) measures[key] = await seedMeasure(trx, key);
      const c = new PatternCatalogue(
        opts.seed,
        NETWORK_MEASURES.map((key) => measures[key]),
      );
      await c.load(trx);
      return { catalogue: c, measures };
    });
    const programs = await clock.run("programs, their teams and measures", () =>
      insertNetworkPrograms(trx, staff, catalogue.measures),
    );

    const totals: SessionTotals = { episodes: 0, schedules: 0, sessions: 0, scored: 0, answers: 0, alerts: 0 };
    const restoreForeignKeys = await deferForeignKeys(trx, ["client_measure", "answer", "measure_score", "alert"]);
    const restoreSummaries = await deferSessionSummaries(trx);
    // The triage triggers find a chart's open sessions and open alerts through these two.
    const restoreIndexes = await deferIndexes(
      trx,
      ["client_measure", "alert"],
      ["client_measure_pending_idx", "alert_open_chart_idx"],
    );
    await clock.run("episodes, schedules, sessions, answers, scores, alerts", async (progress) => {
      const ctx = { seed: opts.seed, today: dayNumber(today), now: now.getTime(), programs, ...catalogue };
      // A batch is written while the next is planned: on a server the two run side by side.
      let writing: Promise<void> = Promise.resolve();
      const write = (batch: SessionBatch, done: number) =>
        insertSessionBatch(trx, batch, now.getTime()).then((written) => {
          for (const key of Object.keys(totals) as (keyof SessionTotals)[]) totals[key] += written[key];
          progress(
            `${count(done)} / ${count(plans.length)} patients, ${count(totals.scored)} / ${count(opts.measures)} scored sessions`,
          );
        });
      let batch = new SessionBatch();
      for (let i = 0; i < plans.length; i++) {
        // Now and then let the write in flight send its next statement.
        if (i % 1_000 === 0) await new Promise((resolve) => setImmediate(resolve));
        batch.add(planPatientSessions(plans[i], charts[i], ctx));
        if (batch.size >= SESSION_BATCH || i === plans.length - 1) {
          await writing;
          writing = write(batch, i + 1);
          batch = new SessionBatch();
        }
      }
      await writing;
    });
    await clock.run("indexes of the session tables built", (progress) => restoreIndexes(progress));
    await clock.run("foreign keys of the session tables checked", (progress) => restoreForeignKeys(progress));
    await clock.run("episode ends and patients' latest results marked", () => restoreSummaries());
    if (totals.scored !== opts.measures) {
      throw new Error(`generated ${totals.scored} scored sessions, not the ${opts.measures} asked for`);
    }
    return { patients: plans.length, programs: programs.length, respondents, ...totals };
  });
  // Fresh statistics for the planner, and the visibility map set: the tables went from empty to full
  // in one transaction, and until a vacuum has marked their pages all-visible no scan can be
  // index-only (chart_access by person: 1,642 heap pages for a clinician's list instead of 30;
  // docs/benchmarks.md). A clinic's own data gets this from autovacuum as it grows.
  await clock.run("vacuum and analyze", () => sql`vacuum (analyze)`.execute(db));
  return { ...summary, phases: clock.phases };
}
