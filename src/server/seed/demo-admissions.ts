import { type Insertable, type Kysely, sql } from "kysely";
import type { MeasureDefinition } from "../../shared/measures/types.ts";
import {
  addDays,
  type CalendarDate,
  ONE_TIME,
  occurrenceDueDate,
  occurrenceOpensOn,
  opensDaysBefore,
} from "../../shared/scheduling/due-dates.ts";
import type { SchemaBundle } from "../../shared/schema/bundle.ts";
import type { ClientMeasureTable, Database } from "../db/database-types.ts";
import { activatePatient } from "../patients/activate-patient.ts";
import { ageOn } from "../patients/patient-age.ts";
import { fitsRespondent } from "../scheduling/eligibility.ts";
import { dueInstant, generateForSchedule, generationHorizon } from "../scheduling/generate-occurrences.ts";
import type { DemoClinic } from "./demo-clinic.ts";
import { type EpisodePlan, planDemoEpisodes } from "./demo-episodes.ts";
import { historyDaysAgo, type SeedPatient, seedPatients } from "./demo-measures.ts";
import type { DemoProgramKey } from "./demo-programs.ts";
import { between, seededRandom } from "./demo-random.ts";
import {
  answersFor,
  DAY,
  insertScoredSessions,
  pathTotal,
  type ScoredSession,
  type SeedMeasure,
  scoreDemoAnswers,
} from "./demo-sessions.ts";

/** Account status 1 Inactive (schemas/enums/account-status.json), as episode-schedules.ts skips it. */
const INACTIVE = 1;
/** The measures of the demo's clinic histories (demo-measures.ts), which current admissions take over. */
const HISTORY_MEASURES = new Set(["phq-9", "gad-7"]);

interface ProgramMeasure {
  programId: number;
  measure: SeedMeasure;
  frequency: number;
  respondentKind: string;
  timing: "admission" | "discharge";
}

interface Link {
  id: number;
  ccaId: number;
  userId: number;
  relationId: number;
  respondentType: string | null;
  status: number;
}

/** One occurrence of an episode's schedule, and what became of it. */
interface Occurrence {
  index: number;
  day: CalendarDate;
  /** answered now by the seed; history: a clinic-history session it takes over; missed: never answered. */
  fate: "answered" | "history" | "missed" | "waiting";
}

interface PlannedSchedule {
  episode: number;
  pm: ProgramMeasure;
  link: Link;
  anchor: CalendarDate;
  occurrences: Occurrence[];
  /** The generator's cursor after the occurrences made here. */
  nextIndex: number;
  enabled: boolean;
}

const dayOf = (today: CalendarDate, daysAgo: number) => addDays(today, -daysAgo);
const daysBetween = (from: CalendarDate, to: CalendarDate) => Math.round((Date.parse(to) - Date.parse(from)) / DAY);

/** A time on a clinic day, between 10 am and 3 pm in the demo's US zone. */
function timeOn(random: () => number, day: CalendarDate): Date {
  return new Date(dueInstant(day).getTime() + (15 * 60 + between(random, 0, 299)) * 60_000);
}

/** The respondents a program measure goes to on a chart, as scheduleEpisodeMeasures chooses them. */
function respondentsOf(pm: ProgramMeasure, links: Link[], birthDate: string, day: CalendarDate): Link[] {
  return links.filter((l) => {
    const kind =
      pm.respondentKind === "patient"
        ? l.relationId === 1
        : l.relationId !== 1 && l.respondentType === pm.respondentKind;
    if (!kind || l.status === INACTIVE) return false;
    return fitsRespondent(pm.measure.def, {
      relationId: l.relationId,
      respondentType: l.respondentType,
      patientAge: ageOn(birthDate, day),
    }).ok;
  });
}

/** The occurrences of one admission schedule up to the episode's end, each with its fate. */
function admissionOccurrences(
  plan: EpisodePlan,
  pm: ProgramMeasure,
  link: Link,
  today: CalendarDate,
  random: () => number,
): { occurrences: Occurrence[]; nextIndex: number } {
  const anchor = dayOf(today, plan.admitted);
  // Open: everything due before today (today's and later ones are the generator's). Discharged: up to the discharge day.
  const last = plan.discharged === null ? addDays(today, -1) : dayOf(today, plan.discharged);
  const history = new Set(historyDaysAgo(plan.patient).map((d) => dayOf(today, d)));
  const fromHistory = plan.overHistory && link.relationId === 1 && HISTORY_MEASURES.has(pm.measure.def.id);
  const quitting = plan.disposition === "dropped_out" || plan.disposition === "discharged_inactivity";
  const occurrences: Occurrence[] = [];
  for (let index = 0; ; index++) {
    const day = occurrenceDueDate(pm.frequency, anchor, index);
    if (day === null || day > last) return { occurrences, nextIndex: index };
    const lateInEpisode = daysBetween(anchor, day) > 0.7 * daysBetween(anchor, last);
    let fate: Occurrence["fate"] = "answered";
    if (fromHistory) {
      if (!history.has(day)) throw new Error(`demo episode of patient ${plan.patient}: no history session on ${day}`);
      fate = "history";
    } else if ((quitting && lateInEpisode && index > 0) || (index > 0 && random() < 0.08)) {
      fate = "missed";
    }
    occurrences.push({ index, day, fate });
  }
}

/** Plans every schedule of the episodes: admission measures, and discharge measures once discharged. */
function planSchedules(
  plans: EpisodePlan[],
  charts: SeedPatient[],
  links: Map<number, Link[]>,
  measures: ProgramMeasure[],
  programIds: Record<DemoProgramKey, number>,
  today: CalendarDate,
  random: () => number,
): PlannedSchedule[] {
  return plans.flatMap((plan, episode) => {
    const chart = charts[plan.patient];
    const chartLinks = links.get(chart.ccaId) ?? [];
    const own = measures.filter((m) => m.programId === programIds[plan.program]);
    const admission = own
      .filter((pm) => pm.timing === "admission")
      .flatMap((pm) =>
        respondentsOf(pm, chartLinks, chart.birthDate, dayOf(today, plan.admitted)).map((link) => ({
          episode,
          pm,
          link,
          anchor: dayOf(today, plan.admitted),
          ...admissionOccurrences(plan, pm, link, today, random),
          enabled: plan.status !== "final",
        })),
      );
    if (plan.discharged === null) return admission;
    const day = dayOf(today, plan.discharged);
    const discharge = own
      .filter((pm) => pm.timing === "discharge")
      .flatMap((pm) =>
        respondentsOf(pm, chartLinks, chart.birthDate, day).map((link) => ({
          episode,
          pm: { ...pm, frequency: ONE_TIME },
          link,
          anchor: day,
          occurrences: [
            { index: 0, day, fate: plan.hold === "measure" ? ("waiting" as const) : ("answered" as const) },
          ],
          nextIndex: 1,
          enabled: plan.status !== "final",
        })),
      );
    return [...admission, ...discharge];
  });
}

/**
 * Admissions of the demo clinic over the last 18 months (issue 11 §5; the plan is demo-episodes.ts),
 * with their program schedules and answered sessions, so analytics has episodes to show.
 *
 * Written with SQL rather than through admitPatient and dischargePatient, because those record
 * today's admission and discharge: they schedule a late intake for today and discharge measures
 * due today, and a history is none of that. The rows keep every invariant those functions keep
 * (docs/programs-episodes.md): each admission has its program assignment row; its admission
 * measures are recurring schedules of the episode anchored on the admission day, for the
 * respondents scheduleEpisodeMeasures would choose (kind, live account, eligibility at the time),
 * and every occurrence carries the episode; a discharge has its disposition, day and one-time
 * discharge measures due on that day; a final discharge has every discharge measure submitted and
 * every alert of the episode acknowledged before discharge_final_at, its schedules disabled and its
 * unanswered occurrences withdrawn ('disabled'); a pending one waits for its discharge measure or
 * an alert. Answered sessions are generated along the episode's score path and scored by the real
 * engine, each completed inside its episode. A current admission made on a day of the chart's
 * clinic history (demo-measures.ts) takes over the sessions in its window: the ones on its
 * schedule's days become its occurrences, the others (a measure outside the program) are
 * attributed to it, as submitting attributes them. The upcoming occurrences of episodes not finally
 * discharged are made by the real generator (generateForSchedule), and admitted patients are
 * activated with activatePatient.
 */
export async function seedDemoAdmissions(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  clinic: DemoClinic,
  programIds: Record<DemoProgramKey, number>,
  now = new Date(),
): Promise<void> {
  // Calendar days as demo-measures.ts counts them: from the seed's day in UTC.
  const today = now.toISOString().slice(0, 10);
  const random = seededRandom(20260312);
  const charts = await seedPatients(db, clinic);
  const plans = planDemoEpisodes(today).filter((p) => charts[p.patient]);
  const measureRows = await db
    .selectFrom("program_measure as pm")
    .innerJoin("measure as m", "m.id", "pm.measure_id")
    .select(["pm.program_id", "pm.measure_id", "pm.frequency", "pm.respondent_kind", "pm.timing"])
    .select(["m.current_version_id", "m.definition"])
    .where("m.in_library", "=", true)
    .where("m.current_version_id", "is not", null)
    .orderBy("pm.id")
    .execute();
  const measures: ProgramMeasure[] = measureRows.map((r) => ({
    programId: r.program_id,
    measure: { id: r.measure_id, versionId: r.current_version_id as number, def: r.definition as MeasureDefinition },
    frequency: r.frequency,
    respondentKind: r.respondent_kind,
    timing: r.timing,
  }));
  const linkRows = await db
    .selectFrom("cca_user as cu")
    .innerJoin("app_user as u", "u.id", "cu.user_id")
    .select(["cu.id", "cu.cca_id", "cu.user_id", "cu.relation_id", "cu.respondent_type", "u.status"])
    .where("cu.deleted_at", "is", null)
    .orderBy("cu.id")
    .execute();
  const links = new Map<number, Link[]>();
  for (const r of linkRows) {
    const link = {
      id: r.id,
      ccaId: r.cca_id,
      userId: r.user_id,
      relationId: r.relation_id,
      respondentType: r.respondent_type,
      status: r.status,
    };
    links.set(r.cca_id, [...(links.get(r.cca_id) ?? []), link]);
  }

  // The admissions (episodes), in plan order: one multi-row INSERT ... RETURNING keeps the order.
  const finalAt = new Map<number, Date>();
  const episodes = await db
    .insertInto("access_control_program")
    .values(
      plans.map((p) => {
        const chart = charts[p.patient];
        return {
          cca_id: chart.ccaId,
          program_id: programIds[p.program],
          admission_date: dayOf(today, p.admitted),
          discharge_date: p.discharged === null ? null : dayOf(today, p.discharged),
          disposition: p.disposition,
          discharge_status: p.status === "open" ? null : p.status,
          discharged_by: p.discharged === null ? null : chart.clinicianId,
          created_by: chart.clinicianId,
          created_at: timeOn(random, dayOf(today, p.admitted)),
          version: p.status === "open" ? 1 : p.status === "pending" ? 2 : 3,
        };
      }),
    )
    .returning("id")
    .execute();
  const episodeIds = episodes.map((e) => e.id);
  await db
    .insertInto("program_assignment")
    .values(
      plans.map((p, k) => ({ patient_id: charts[p.patient].patientId, access_control_program_id: episodeIds[k] })),
    )
    .execute();

  const schedules = planSchedules(plans, charts, links, measures, programIds, today, random);
  const scheduleRows = schedules.length
    ? await db
        .insertInto("schedule")
        .values(
          schedules.map((s) => {
            const next = occurrenceDueDate(s.pm.frequency, s.anchor, s.nextIndex);
            return {
              ccau_id: s.link.id,
              measure_id: s.pm.measure.id,
              frequency: s.pm.frequency,
              due_date: dueInstant(s.anchor),
              created_by: charts[plans[s.episode].patient].clinicianId,
              created_at: timeOn(random, s.anchor),
              access_control_program_id: episodeIds[s.episode],
              program_timing: s.pm.timing,
              enabled: s.enabled,
              next_index: s.nextIndex,
              next_due_date: next === null ? null : dueInstant(next),
            };
          }),
        )
        .returning("id")
        .execute()
    : [];
  const scheduleIds = scheduleRows.map((r) => r.id);

  // Sessions: answered ones scored by the engine; missed and waiting ones as plain rows.
  const answered: ScoredSession[] = [];
  const unanswered: Insertable<ClientMeasureTable>[] = [];
  const takenOver: {
    ccauId: number;
    measureId: number;
    due: Date;
    scheduleId: number;
    episodeId: number;
    opensOn: string | null;
  }[] = [];
  for (const [k, s] of schedules.entries()) {
    const plan = plans[s.episode];
    const chart = charts[plan.patient];
    const admitted = dayOf(today, plan.admitted);
    const end = plan.discharged === null ? today : dayOf(today, plan.discharged);
    const span = Math.max(1, daysBetween(admitted, end));
    const episodeRandom = seededRandom(31_000 + s.episode);
    const shift = (episodeRandom() - 0.5) * 0.12;
    for (const o of s.occurrences) {
      const opensOn = occurrenceOpensOn(s.pm.frequency, o.day, o.index);
      const base = {
        ccau_id: s.link.id,
        measure_id: s.pm.measure.id,
        measure_version_id: s.pm.measure.versionId,
        schedule_id: scheduleIds[k],
        access_control_program_id: episodeIds[s.episode],
        due_date: dueInstant(o.day),
        opens_on: opensOn,
        created_at: timeOn(random, opensOn ?? admitted),
      };
      if (o.fate === "history") {
        takenOver.push({
          ccauId: s.link.id,
          measureId: s.pm.measure.id,
          due: dueInstant(o.day),
          scheduleId: scheduleIds[k],
          episodeId: episodeIds[s.episode],
          opensOn,
        });
        continue;
      }
      if (o.fate !== "answered") {
        // A final discharge withdrew what was never answered; otherwise it stays, missed or waiting.
        unanswered.push({ ...base, status: plan.status === "final" ? "disabled" : "not_started" });
        continue;
      }
      const discharge = s.pm.timing === "discharge";
      // Answered in the occurrence's window: the intake and discharge measures on their day.
      const lead = discharge || o.index === 0 ? 0 : between(random, 0, Math.min(2, opensDaysBefore(s.pm.frequency)));
      const completedDay = addDays(o.day, -lead) < admitted ? admitted : addDays(o.day, -lead);
      const completedAt = timeOn(random, completedDay);
      const progress = discharge ? 1 : daysBetween(admitted, completedDay) / span;
      const total = pathTotal(episodeRandom, s.pm.measure.def, plan.trajectory, Math.min(1, progress), shift);
      const alertHold = discharge && plan.hold === "alert";
      const risk = alertHold || (plan.risk && total >= 12);
      const answers = answersFor(episodeRandom, s.pm.measure.def, total, risk);
      const result = scoreDemoAnswers(s.pm.measure.def, answers, chart.gender, chart.mrn);
      // Alerts are acknowledged within a day: before a final discharge, which waits for them.
      const acknowledgedAt = new Date(
        Math.min(completedAt.getTime() + between(random, 2, 20) * 3_600_000, now.getTime() - 60_000),
      );
      answered.push({
        ccauId: s.link.id,
        ccaId: chart.ccaId,
        measure: s.pm.measure,
        dueDate: dueInstant(o.day),
        completedAt,
        completedBy: s.link.userId,
        answers,
        result,
        createdAt: base.created_at,
        scheduleId: scheduleIds[k],
        episodeId: episodeIds[s.episode],
        opensOn,
        acknowledged: alertHold ? null : { by: chart.clinicianId, at: acknowledgedAt },
      });
      if (plan.status === "final") {
        const done = result.alerts.length ? acknowledgedAt : completedAt;
        const episodeId = episodeIds[s.episode];
        if (done > (finalAt.get(episodeId) ?? new Date(0))) finalAt.set(episodeId, done);
      }
    }
  }
  await insertScoredSessions(db, answered);
  if (unanswered.length) await db.insertInto("client_measure").values(unanswered).execute();

  // The clinic-history sessions a current admission took over become its schedule's occurrences.
  if (takenOver.length) {
    const values = sql.join(
      takenOver.map(
        (t) =>
          sql`(${t.ccauId}::bigint, ${t.measureId}::bigint, ${t.due}::timestamptz, ${t.scheduleId}::bigint, ${t.episodeId}::bigint, ${t.opensOn}::date)`,
      ),
    );
    const { numAffectedRows } = await sql`update client_measure cm
      set schedule_id = v.schedule_id, access_control_program_id = v.episode_id, opens_on = v.opens_on
      from (values ${values}) as v(ccau_id, measure_id, due, schedule_id, episode_id, opens_on)
      where cm.ccau_id = v.ccau_id and cm.measure_id = v.measure_id and cm.due_date = v.due
        and cm.status = 'submitted' and cm.schedule_id is null`.execute(db);
    if (Number(numAffectedRows) !== takenOver.length) throw new Error("demo admissions: a history session is missing");
  }
  // The chart's other sessions answered during a current admission are the episode's, as at submit.
  for (const [k, p] of plans.entries()) {
    if (!p.overHistory) continue;
    await db
      .updateTable("client_measure")
      .set({ access_control_program_id: episodeIds[k] })
      .where(
        "ccau_id",
        "in",
        (links.get(charts[p.patient].ccaId) ?? []).map((l) => l.id),
      )
      .where("access_control_program_id", "is", null)
      .where("status", "=", "submitted")
      .where("due_date", ">=", dueInstant(dayOf(today, p.admitted)))
      .where("due_date", "<=", dueInstant(p.discharged === null ? today : dayOf(today, p.discharged)))
      .execute();
  }

  // A final discharge became final once its discharge measures were answered and its alerts acknowledged.
  const finals = plans.flatMap((p, k) => {
    if (p.status !== "final") return [];
    const discharged = timeOn(random, dayOf(today, p.discharged as number));
    const done = finalAt.get(episodeIds[k]) ?? discharged;
    return [sql`(${episodeIds[k]}::bigint, ${done > discharged ? done : discharged}::timestamptz)`];
  });
  if (finals.length) {
    await sql`update access_control_program acp set discharge_final_at = v.final_at
      from (values ${sql.join(finals)}) as v(id, final_at) where acp.id = v.id`.execute(db);
  }

  // Upcoming occurrences of the episodes still in care, made by the real generator.
  const horizon = await generationHorizon(db, now);
  for (const [k, s] of schedules.entries()) if (s.enabled) await generateForSchedule(db, scheduleIds[k], horizon);

  // Spec §4 Activation: admission activates a patient.
  for (const patientId of new Set(plans.map((p) => charts[p.patient].patientId))) {
    await activatePatient(db, bundle, patientId, clinic.users.admin);
  }
}
