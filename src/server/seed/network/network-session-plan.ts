import type { Disposition } from "../../../../generated/types/enums/disposition.ts";
import type { MeasureDefinition } from "../../../shared/measures/types.ts";
import { FREQUENCY_STEPS, ONE_TIME, opensDaysBefore } from "../../../shared/scheduling/due-dates.ts";
import { ageOn } from "../../patients/patient-age.ts";
import { fitsRespondent } from "../../scheduling/eligibility.ts";
import { LOOKAHEAD_DAYS } from "../../scheduling/generate-occurrences.ts";
import type { SeedMeasure, Trajectory } from "../demo-sessions.ts";
import {
  calendarDay,
  checkSeries,
  DAY_MS,
  type DayNumber,
  dayOfMonth,
  occurrenceDay,
  opensDay,
} from "./network-days.ts";
import type { PatientPlan } from "./network-patient-plan.ts";
import { PATTERN_VARIANTS, type PatternCatalogue } from "./network-patterns.ts";
import type { NetworkMeasures, NetworkProgram, ProgramMeasurePlan } from "./network-programs.ts";
import { chance, numberedStream, type Random, weighted } from "./network-random.ts";

/**
 * One patient's episodes of care, schedules and sessions (pure: no database), as the app would
 * have left them (docs/programs-episodes.md, docs/scheduling.md).
 *
 * A patient whose care was measured was admitted to a program (some twice: an earlier episode,
 * finally discharged, then another). The program's admission measures are schedules of the
 * episode anchored on the admission day (recurring, or One Time for an intake measure), each of
 * their occurrences due by the app's own rule (shared/scheduling/due-dates.ts) and attributed to
 * the episode: the first, due on the admission day, is the admission session. An open episode's
 * schedules run, with every occurrence up to the generator's horizon (today + LOOKAHEAD_DAYS), the
 * current one open (not started, or partly answered) and the cursor past them, exactly as the
 * occurrence job leaves a schedule. A discharged episode has its disposition and discharge day:
 * its admission schedules stopped (disabled, no occurrence after the discharge day) and its
 * discharge measures scheduled once, due that day. A final discharge has them answered on the
 * discharge day and every alert of the episode acknowledged before discharge_final_at, its
 * unanswered occurrences withdrawn; a pending one (the last ten days) waits for them.
 *
 * Totals follow the episode's trajectory from admission to discharge (most improve, some stay
 * where they were, a few get worse), with noise; suicide-risk answers raise alerts, acknowledged
 * but sometimes the newest of an open episode. The patient's number of scored sessions (its share
 * of --measures) is exact: it sets how many occurrences the episodes hold, and so how long they were.
 */

/** A chart respondent: the patient's own link or a caregiver's. */
export interface Respondent {
  ccauId: number;
  userId: number;
  relationId: number;
  respondentType: string | null;
}

/** The ids of a chart the plan refers to. */
export interface ChartIds {
  ccaId: number;
  patientId: number;
  self: Respondent;
  /** The chart's caregivers (a program's caregiver measure goes to each of them, as on admission). */
  caregivers: Respondent[];
  /** Who acknowledges the chart's alerts and discharges it: an assigned clinician, else a team member, else the admin. */
  responsibleId: number;
  /** Who admitted the patient and set up the chart's schedules. */
  schedulerId: number;
  /** The location (index) of the chart's clinician or team: where the patient is admitted. */
  location: number;
}

export type SessionStatus = "not_started" | "partial" | "submitted" | "disabled";

export interface PlannedEpisode {
  programId: number;
  ccaId: number;
  patientId: number;
  admission: DayNumber;
  discharge: DayNumber | null;
  status: "pending" | "final" | null;
  disposition: Disposition | null;
  createdAt: number;
  createdBy: number;
  dischargedBy: number | null;
  /** When the discharge became final: its measures answered and its alerts acknowledged. */
  finalAt: number | null;
}

export interface PlannedSchedule {
  ccauId: number;
  measureId: number;
  frequency: number;
  anchor: DayNumber;
  enabled: boolean;
  nextIndex: number;
  nextDue: DayNumber | null;
  createdAt: number;
  createdBy: number;
  /** Index into the patient's episodes; null outside programs. */
  episode: number | null;
  timing: "admission" | "discharge" | null;
}

export interface PlannedSession {
  /** Index into the patient's schedules. */
  schedule: number;
  /** Index into the patient's episodes; null outside programs. */
  episode: number | null;
  ccauId: number;
  ccaId: number;
  measureId: number;
  due: DayNumber;
  opensOn: DayNumber | null;
  status: SessionStatus;
  createdAt: number;
  startedAt: number | null;
  completedAt: number | null;
  completedBy: number | null;
  patternId: number | null;
  /** How many of the pattern's answers are stored (all when submitted, a few when partial). */
  answered: number;
  lastQuestion: string | null;
  /** Submitted with an answer that raises an alert (the pattern's). */
  raisesAlert: boolean;
  /** Acknowledgement of the alerts the pattern raises (submitted sessions only). */
  ack: { by: number; at: number; disposition: string } | null;
}

export interface PatientSessions {
  episodes: PlannedEpisode[];
  schedules: PlannedSchedule[];
  sessions: PlannedSession[];
}

export interface SessionContext {
  seed: number;
  /** The clinic's today. */
  today: DayNumber;
  now: number;
  measures: NetworkMeasures;
  programs: NetworkProgram[];
  catalogue: PatternCatalogue;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MONTHLY = 5;
/** The due day of a sign-in patient's open PHQ-9, from today: open for a month of benchmarking. */
export const SIGN_IN_DUE_IN_DAYS = 30;
/** Alert acknowledgements' dispositions ("other" would need a note). */
const ALERT_DISPOSITIONS = ["safety_plan", "patient_contacted", "crisis_referral", "not_significant"] as const;
/** Discharged episodes end within this many days back, and begin no earlier than ~3 years back when they can. */
const DISCHARGED_WITHIN = 1_000;
const ADMITTED_WITHIN = 1_100;
/** A discharge in the last PENDING_DAYS days may still wait for its discharge measures. */
const PENDING_DAYS = 10;

const between = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));
/** A calendar day's start in UTC (how due dates are stored), plus hours, in ms. */
const at = (day: DayNumber, hours = 0) => day * DAY_MS + hours * HOUR;

/** The first day from `day` on (or back, with step -1) that falls on the 1st-28th of its month. */
function onDay28(day: DayNumber, step: 1 | -1): DayNumber {
  let d = day;
  while (dayOfMonth(d) > 28) d += step;
  return d;
}

/** The anchor of a schedule whose occurrence `index` falls on `target` (days 1-28 when monthly). */
function anchorFor(frequency: number, target: DayNumber, index: number): DayNumber {
  const step = FREQUENCY_STEPS[frequency];
  if (!step) return target;
  if ("days" in step) return target - index * step.days;
  const date = new Date(target * DAY_MS);
  return Math.round(
    Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - index * step.months, date.getUTCDate()) / DAY_MS,
  );
}

function stepDays(frequency: number): number {
  const step = FREQUENCY_STEPS[frequency];
  return !step ? 0 : "days" in step ? step.days : 30;
}

/** Totals from admission to discharge, as a share of the measure's range from its better end. */
const PATHS: Record<Trajectory, [number, number]> = {
  improving: [0.66, 0.2],
  stable: [0.42, 0.38],
  worsening: [0.3, 0.62],
};

/**
 * The total aimed at `progress` (0 admission, 1 discharge) along a trajectory, with noise in
 * proportion to the range: for WHO-5, where higher is better, improving means rising.
 */
function pathTotal(random: Random, def: MeasureDefinition, trajectory: Trajectory, progress: number, shift: number) {
  const range = def.scoring?.range ?? { min: 0, max: 0 };
  const [from, to] = PATHS[trajectory];
  const badness = Math.max(0, Math.min(1, from + shift + (to - from) * progress));
  const share = def.scoring?.higherIsBetter ? 1 - badness : badness;
  const spread = range.max - range.min;
  const noise = Math.round((random() + random() - 1) * Math.max(1.5, 0.1 * spread));
  return Math.max(range.min, Math.min(range.max, Math.round(range.min + share * spread) + noise));
}

/** How bad a total is, 0 (best) to 1 (worst) of the range. */
function badnessOf(def: MeasureDefinition, total: number): number {
  const range = def.scoring?.range ?? { min: 0, max: 1 };
  const share = (total - range.min) / Math.max(1, range.max - range.min);
  return def.scoring?.higherIsBetter ? 1 - share : share;
}

interface PatientDraw {
  riskProne: boolean;
  /** Whether the newest alert of an open episode is still waiting for its acknowledgement. */
  newestAlertOpen: boolean;
}

/** One series: a schedule of one measure for one respondent, and how its history went. */
interface Series {
  measure: SeedMeasure;
  respondent: Respondent;
  frequency: number;
  anchor: DayNumber;
  /** The history's occurrences: answered (true) or missed (false). */
  slots: boolean[];
  /** open: runs on, up to the horizon; closed: stopped at a discharge; once: a sign-in's One Time. */
  mode: "open" | "closed" | "once";
  /** After a final discharge what was never answered is withdrawn. */
  withdrawn: boolean;
  enabled: boolean;
  episode: number | null;
  timing: "admission" | "discharge" | null;
  createdAt: number;
  /** Along the episode: the day's progress, its trajectory and the patient's offset. */
  progress: (day: DayNumber) => number;
  trajectory: Trajectory;
  shift: number;
}

export function planPatientSessions(plan: PatientPlan, ids: ChartIds, ctx: SessionContext): PatientSessions {
  const random = numberedStream(ctx.seed, "sessions", plan.n);
  const draw: PatientDraw = { riskProne: chance(random, 0.12), newestAlertOpen: chance(random, 0.3) };
  const out: PatientSessions = { episodes: [], schedules: [], sessions: [] };
  const series: Series[] = plan.care === "none" ? [] : planEpisodes(random, plan, ids, ctx, out.episodes);
  if (plan.signIn) {
    // The sign-in patient's one open questionnaire: outside programs.
    series.push({
      measure: ctx.measures["phq-9"],
      respondent: ids.self,
      frequency: ONE_TIME,
      anchor: ctx.today + SIGN_IN_DUE_IN_DAYS,
      slots: [],
      mode: "once",
      withdrawn: false,
      enabled: true,
      episode: null,
      timing: null,
      createdAt: ctx.now - between(random, 1, 72) * HOUR,
      progress: () => 1,
      trajectory: "stable",
      shift: 0,
    });
  }
  for (const s of series) planSeries(random, s, plan, ids, draw, ctx, out);
  acknowledge(random, ids, draw, ctx, out);
  finalize(out);
  return out;
}

// --- Episodes -------------------------------------------------------------------------------

interface ResolvedMeasure {
  pm: ProgramMeasurePlan;
  measure: SeedMeasure;
  respondent: Respondent;
}

/** The respondents a program measure goes to on the chart, as scheduleEpisodeMeasures chooses them. */
function resolve(pms: ProgramMeasurePlan[], ids: ChartIds, age: number, ctx: SessionContext): ResolvedMeasure[] {
  return pms.flatMap((pm) => {
    const measure = ctx.measures[pm.measure];
    const who = pm.respondent === "patient" ? [ids.self] : ids.caregivers;
    return who
      .filter(
        (r) =>
          fitsRespondent(measure.def, { relationId: r.relationId, respondentType: r.respondentType, patientAge: age })
            .ok,
      )
      .map((respondent) => ({ pm, measure, respondent }));
  });
}

interface EpisodeShape {
  program: NetworkProgram;
  recurring: ResolvedMeasure[];
  intake: ResolvedMeasure[];
  discharge: ResolvedMeasure[];
  /** Scored sessions of each recurring series, of each intake and discharge measure (0 or 1). */
  recurringScored: number[];
  intakeScored: number[];
  dischargeScored: number[];
  /** Occurrences of the recurring series in the history (answered or missed). */
  history: number;
}

/**
 * Shares an episode's scored sessions out: one for each discharge measure of a final discharge
 * and each intake measure, the rest over the recurring series in turn. With too few for that, the
 * intake and the discharge measures after the first are left out (removed from the chart), then
 * the first discharge measure (a final discharge with its discharge measure removed).
 */
function share(
  program: NetworkProgram,
  all: { recurring: ResolvedMeasure[]; intake: ResolvedMeasure[]; discharge: ResolvedMeasure[] },
  scored: number,
  open: boolean,
  final: boolean,
): Omit<EpisodeShape, "history"> {
  let intake = all.intake;
  let discharge = final ? all.discharge : open ? [] : all.discharge;
  const recurring = all.recurring;
  if (!open) {
    const fixed = () => intake.length + (final ? discharge.length : 0);
    while (fixed() + 1 > scored && (discharge.length > 1 || intake.length > 0)) {
      if (discharge.length > 1) discharge = discharge.slice(0, -1);
      else intake = intake.slice(0, -1);
    }
    if (final && fixed() + 1 > scored) discharge = [];
  }
  const dischargeScored: number[] = discharge.map(() => (final ? 1 : 0));
  const intakeScored: number[] = intake.map((_, k) => (k < scored - (final ? discharge.length : 0) ? 1 : 0));
  const rest = Math.max(
    0,
    scored - dischargeScored.reduce((a, b) => a + b, 0) - intakeScored.reduce((a, b) => a + b, 0),
  );
  const r = recurring.length;
  const recurringScored = recurring.map((_, j) => Math.floor(rest / r) + (j < rest % r ? 1 : 0));
  return { program, recurring, intake, discharge, recurringScored, intakeScored, dischargeScored };
}

/** Programs a patient of this age (at the reference day) at this location can be admitted to, by weight. */
function pickProgram(
  random: Random,
  programs: NetworkProgram[],
  location: number,
  age: number,
  perSeries: (p: NetworkProgram) => number,
): NetworkProgram {
  // The programs for the age, or (a child younger than any program takes) for the nearest age.
  const distance = (p: NetworkProgram) => Math.max(0, p.ages[0] - age, age - p.ages[1]);
  const nearest = Math.min(...programs.map(distance));
  const fits = (p: NetworkProgram) => distance(p) === nearest;
  const roomyHere = programs.filter((p) => p.location === location && fits(p) && perSeries(p) <= p.maxOccurrences);
  const candidates = programs.filter(fits);
  const roomy = roomyHere.length ? roomyHere : candidates.filter((p) => perSeries(p) <= p.maxOccurrences);
  // A history about as long as the program's usual stay makes it likelier.
  const typical = (p: NetworkProgram) => p.lengthDays / Math.max(1, stepDays(p.frequency)) + 1;
  const likeness = (p: NetworkProgram) => 1 / (1 + 2 * Math.abs(Math.log(Math.max(1, perSeries(p)) / typical(p))));
  if (roomy.length)
    return weighted(
      random,
      roomy.map((p) => [p, p.weight * likeness(p)] as const),
    );
  return candidates.reduce((best, p) => (p.maxOccurrences > best.maxOccurrences ? p : best));
}

function trajectoryOf(random: Random): Trajectory {
  return weighted<Trajectory>(random, [
    ["improving", 0.6],
    ["stable", 0.27],
    ["worsening", 0.13],
  ]);
}

/** How the episode ended: stepped down (transferred) when it went well, to a higher level of care when it did not. */
function dispositionOf(random: Random, trajectory: Trajectory, completedShare: number): Disposition {
  if (trajectory === "worsening") {
    return weighted<Disposition>(random, [
      ["admitted", 0.5],
      ["dropped_out", 0.3],
      ["transferred", 0.2],
    ]);
  }
  if (completedShare < 0.25) {
    return weighted<Disposition>(random, [
      ["dropped_out", 0.5],
      ["discharged_inactivity", 0.25],
      ["transferred", 0.25],
    ]);
  }
  if (trajectory === "improving") {
    return weighted<Disposition>(random, [
      ["transferred", 0.75],
      ["discharged_inactivity", 0.15],
      ["dropped_out", 0.1],
    ]);
  }
  return weighted<Disposition>(random, [
    ["transferred", 0.45],
    ["discharged_inactivity", 0.3],
    ["dropped_out", 0.25],
  ]);
}

/**
 * One episode, planned from its end: `end` is the discharge day of a discharged one (null: open,
 * its next occurrence due within a step from today). Answers the episode and its series.
 */
function planEpisode(
  random: Random,
  plan: PatientPlan,
  ids: ChartIds,
  ctx: SessionContext,
  scored: number,
  end: { open: true } | { open: false; status: "pending" | "final"; latest: DayNumber; earliest: DayNumber },
  index: number,
): { episode: PlannedEpisode; series: Series[] } {
  const { today } = ctx;
  const birth = plan.birthDate;
  const ageAt = (day: DayNumber) => ageOn(birth, calendarDay(day));
  const open = end.open;
  const final = !end.open && end.status === "final";
  // Occurrences of each recurring series the history needs, with ~3% missed among them.
  const missedShare = 0.03;
  const estimate = (p: NetworkProgram) => {
    const series = p.recurring.length;
    const fixed = p.intake.length + (final ? p.discharge.length : 0);
    return Math.ceil(Math.max(1, scored - fixed) / series);
  };
  // The program: chosen by the patient's age some way into the window the episode falls in.
  const reference = open ? today : Math.round((end.latest + Math.max(end.earliest, end.latest - 200)) / 2);
  const program = pickProgram(random, ctx.programs, ids.location, ageAt(reference), estimate);
  const step = stepDays(program.frequency);
  const trajectory = trajectoryOf(random);
  const shift = (random() - 0.5) * 0.16;
  const discharge = open ? null : between(random, end.earliest, end.latest);
  const lastDue = discharge === null ? null : discharge - between(random, 0, Math.min(3, step - 1));

  // Who answers what depends on the age at admission, which depends on how long the history is:
  // settle it in a few rounds (it changes only around a birthday).
  const targetOffset = between(random, 0, Math.max(0, step - 1));
  const justAdmitted = between(random, 1, 6);
  let admission = discharge ?? today;
  let shape: EpisodeShape | null = null;
  for (let round = 0; round < 4; round++) {
    const age = ageAt(admission);
    const all = {
      recurring: resolve(program.recurring, ids, age, ctx),
      intake: resolve(program.intake, ids, age, ctx),
      discharge: resolve(program.discharge, ids, age, ctx),
    };
    const shared = share(program, all, scored, open, final);
    const history =
      scored === 0 && open ? 0 : Math.max(1, ...shared.recurringScored.map((s) => s + Math.round(s * missedShare)));
    shape = { ...shared, history };
    let next: DayNumber;
    if (open) {
      if (history === 0) {
        // Just admitted: the intake is open.
        next = today - justAdmitted;
        next = program.frequency === MONTHLY ? onDay28(next, -1) : next;
      } else {
        // The occurrence after the history falls due today or within one step (on days 1-28 when monthly).
        const target = today + targetOffset;
        next = anchorFor(program.frequency, program.frequency === MONTHLY ? onDay28(target, 1) : target, history);
      }
    } else {
      const last = lastDue as DayNumber;
      next = anchorFor(program.frequency, program.frequency === MONTHLY ? onDay28(last, -1) : last, history - 1);
    }
    if (next === admission && round > 0) break;
    admission = next;
  }
  const s = shape as EpisodeShape;
  const createdAt = Math.min(ctx.now - 10 * 60_000, at(admission, 12) + random() * HOUR);
  const lengthDays = discharge === null ? program.lengthDays : Math.max(1, discharge - admission);
  const progress = (day: DayNumber) => Math.max(0, Math.min(1, (day - admission) / lengthDays));
  const disposition =
    discharge === null
      ? null
      : ageAt(discharge) > program.ages[1]
        ? "aged_out"
        : dispositionOf(random, trajectory, (discharge - admission) / program.lengthDays);
  const episode: PlannedEpisode = {
    programId: program.id,
    ccaId: ids.ccaId,
    patientId: ids.patientId,
    admission,
    discharge,
    status: open ? null : end.status,
    disposition,
    createdAt,
    createdBy: ids.schedulerId,
    dischargedBy: discharge === null ? null : ids.responsibleId,
    finalAt: null,
  };
  const series: Series[] = [];
  const base = {
    episode: index,
    withdrawn: final,
    progress,
    trajectory,
    shift,
  };
  // The recurring admission series: answered slots, the rest missed (never the admission session
  // when the series has any answer).
  s.recurring.forEach((m, j) => {
    const answered = s.recurringScored[j];
    const slots = Array.from({ length: s.history }, (_, k) => k < answered);
    // Move the missed ones off the end to random places after the first.
    for (let k = answered; k < s.history && answered > 0; k++) {
      const swap = between(random, 1, k);
      [slots[k], slots[swap]] = [slots[swap], slots[k]];
    }
    series.push({
      ...base,
      measure: m.measure,
      respondent: m.respondent,
      frequency: program.frequency,
      anchor: admission,
      slots,
      mode: open ? "open" : "closed",
      enabled: open,
      timing: "admission",
      createdAt,
    });
  });
  s.intake.forEach((m, j) => {
    series.push({
      ...base,
      measure: m.measure,
      respondent: m.respondent,
      frequency: ONE_TIME,
      anchor: admission,
      slots: [s.intakeScored[j] === 1],
      mode: "closed",
      enabled: open,
      timing: "admission",
      createdAt,
    });
  });
  if (discharge !== null) {
    const dischargedAt = Math.min(ctx.now - 10 * 60_000, at(discharge, 13) + random() * HOUR);
    s.discharge.forEach((m, j) => {
      series.push({
        ...base,
        measure: m.measure,
        respondent: m.respondent,
        frequency: ONE_TIME,
        anchor: discharge,
        slots: final ? [s.dischargeScored[j] === 1] : [],
        // A pending discharge's measure is open, waiting to be answered.
        mode: final ? "closed" : "open",
        enabled: !final,
        timing: "discharge",
        createdAt: dischargedAt,
        progress: () => 1,
      });
    });
    if (final) episode.finalAt = dischargedAt;
  }
  return { episode, series };
}

/**
 * The patient's episodes, oldest first: the current or last one, and for some (a quarter of those
 * with 6 or more sessions) an earlier one, finally discharged one to ten months before it began.
 */
function planEpisodes(
  random: Random,
  plan: PatientPlan,
  ids: ChartIds,
  ctx: SessionContext,
  episodes: PlannedEpisode[],
): Series[] {
  const { today } = ctx;
  const scored = plan.scored;
  const earlier = scored >= 6 && chance(random, 0.25) ? Math.max(3, Math.round(scored * (0.3 + 0.2 * random()))) : 0;
  const lastScored = scored - earlier;
  // The last episode's end, from today back: open while care goes on; a recent discharge may be pending.
  const pending = plan.care === "ended" && !plan.signIn && chance(random, 0.04);
  const roughSpan = (lastScored / 2) * 14;
  const end =
    plan.care === "current"
      ? ({ open: true } as const)
      : pending
        ? ({ open: false, status: "pending", earliest: today - PENDING_DAYS, latest: today - 1 } as const)
        : ({
            open: false,
            status: "final",
            earliest: today - Math.max(PENDING_DAYS + 1, Math.min(DISCHARGED_WITHIN, ADMITTED_WITHIN - roughSpan)),
            latest: today - PENDING_DAYS - 1,
          } as const);
  const last = planEpisode(random, plan, ids, ctx, lastScored, end, earlier > 0 ? 1 : 0);
  if (earlier === 0) {
    episodes.push(last.episode);
    return last.series;
  }
  const gapEnd = last.episode.admission - between(random, 30, 300);
  const first = planEpisode(
    random,
    plan,
    ids,
    ctx,
    earlier,
    { open: false, status: "final", earliest: gapEnd - 30, latest: gapEnd },
    0,
  );
  episodes.push(first.episode, last.episode);
  return [...first.series, ...last.series];
}

// --- Series ---------------------------------------------------------------------------------

function planSeries(
  random: Random,
  s: Series,
  plan: PatientPlan,
  ids: ChartIds,
  draw: PatientDraw,
  ctx: SessionContext,
  out: PatientSessions,
): void {
  const { today, now, catalogue } = ctx;
  const def = s.measure.def;
  const { frequency, anchor } = s;
  const history = s.slots.length;
  const horizon = today + LOOKAHEAD_DAYS;
  const scheduleIndex = out.schedules.length;
  const riskItem = def.alerts.some((a) => a.questionId);

  let k = 0;
  for (; ; k++) {
    const due = occurrenceDay(frequency, anchor, k);
    if (due === null) break;
    const inHistory = k < history;
    // After the history: a running schedule has its occurrences up to the horizon, a One Time its only one.
    const generated =
      inHistory ||
      (s.mode === "open" && due <= horizon && (frequency !== ONE_TIME || k === 0)) ||
      (s.mode === "once" && k === 0);
    if (!generated) break;
    const opensOn = opensDay(frequency, due, k);
    const windowOpens = k === 0 ? s.createdAt : at(opensOn ?? due);
    const createdAt = Math.min(
      now - 60_000,
      k === 0 ? s.createdAt : Math.max(s.createdAt, at(due - LOOKAHEAD_DAYS, 2)),
    );
    const base: PlannedSession = {
      schedule: scheduleIndex,
      episode: s.episode,
      ccauId: s.respondent.ccauId,
      ccaId: ids.ccaId,
      measureId: s.measure.id,
      due,
      opensOn,
      status: "not_started",
      createdAt,
      startedAt: null,
      completedAt: null,
      completedBy: null,
      patternId: null,
      answered: 0,
      lastQuestion: null,
      raisesAlert: false,
      ack: null,
    };
    if (inHistory && s.slots[k]) {
      // Answered in the occurrence's window: the admission and discharge sessions on their day.
      const lead = k === 0 ? 0 : opensDaysBefore(frequency);
      const day = due - between(random, 0, lead);
      const total = pathTotal(random, def, s.trajectory, s.progress(day), s.shift);
      const bad = badnessOf(def, total);
      const risk =
        riskItem && ((draw.riskProne && bad >= 0.37 && chance(random, 0.6)) || (bad >= 0.55 && chance(random, 0.08)));
      const pattern = catalogue.pick(s.measure.id, total, risk, Math.floor(random() * PATTERN_VARIANTS), plan.gender);
      const completed = Math.min(now - 60_000, Math.max(windowOpens + 60_000, at(day, 13) + random() * 9 * HOUR));
      out.sessions.push({
        ...base,
        status: "submitted",
        startedAt: completed - between(random, 2, 12) * 60_000,
        completedAt: completed,
        completedBy: s.respondent.userId,
        patternId: pattern.id,
        answered: pattern.answers.length,
        lastQuestion: pattern.answers.at(-1)?.questionId ?? null,
        raisesAlert: catalogue.raisesAlert(pattern.id),
      });
    } else if (inHistory) {
      // Missed: still owed while the episode's schedules run; withdrawn by a final discharge.
      out.sessions.push({ ...base, status: s.withdrawn ? "disabled" : "not_started" });
    } else if (due >= today && (opensOn === null || opensOn <= today) && s.mode === "open" && chance(random, 0.3)) {
      // Open now and partly answered: the first few items (never a risk item: PHQ-9's 9th, CORE-10's 6th).
      const total = pathTotal(random, def, s.trajectory, s.progress(today), s.shift);
      const pattern = catalogue.pick(s.measure.id, total, false, Math.floor(random() * PATTERN_VARIANTS), plan.gender);
      const answered = between(random, 1, Math.min(4, pattern.answers.length - 1));
      // Started at least ten minutes ago, so its answers (a minute apart) were all saved before now.
      const started = Math.min(now - 10 * 60_000, Math.max(windowOpens + 60_000, now - between(random, 1, 72) * HOUR));
      out.sessions.push({
        ...base,
        status: "partial",
        startedAt: started,
        patternId: pattern.id,
        answered,
        lastQuestion: pattern.answers[answered - 1].questionId,
      });
    } else out.sessions.push(base);
  }
  const nextDue = s.mode === "open" ? occurrenceDay(frequency, anchor, k) : null;
  checkSeries(frequency, anchor, [0, k]);
  out.schedules.push({
    ccauId: s.respondent.ccauId,
    measureId: s.measure.id,
    frequency,
    anchor,
    enabled: s.enabled,
    nextIndex: k,
    nextDue,
    createdAt: s.createdAt,
    createdBy: ids.schedulerId,
    episode: s.episode,
    timing: s.timing,
  });
}

/**
 * Alerts are acknowledged by the chart's clinician a few hours to two days after they were
 * raised; in an open episode the newest is still waiting when it is less than a week old or (30%
 * of charts) in any case. A discharge waits for its alerts, so a final one has them all acknowledged.
 */
function acknowledge(random: Random, ids: ChartIds, draw: PatientDraw, ctx: SessionContext, out: PatientSessions) {
  const raising = out.sessions.filter((s) => s.raisesAlert);
  let newest: PlannedSession | null = null;
  for (const s of raising) if (!newest || (s.completedAt ?? 0) > (newest.completedAt ?? 0)) newest = s;
  for (const s of raising) {
    const completed = s.completedAt as number;
    const open = s.episode !== null && out.episodes[s.episode].discharge === null;
    const waiting = s === newest && open && (draw.newestAlertOpen || ctx.now - completed < 7 * DAY);
    if (waiting) continue;
    s.ack = {
      by: ids.responsibleId,
      at: Math.min(ctx.now - 60_000, completed + between(random, 1, 48) * HOUR),
      disposition: ALERT_DISPOSITIONS[Math.floor(random() * ALERT_DISPOSITIONS.length)],
    };
  }
}

/** A final discharge became final when the last of its discharge measures and alert acknowledgements was done. */
function finalize(out: PatientSessions): void {
  for (const s of out.sessions) {
    if (s.episode === null) continue;
    const episode = out.episodes[s.episode];
    if (episode.status !== "final" || episode.finalAt === null) continue;
    const done = Math.max(s.ack?.at ?? 0, out.schedules[s.schedule].timing === "discharge" ? (s.completedAt ?? 0) : 0);
    if (done > episode.finalAt) episode.finalAt = done;
  }
}
