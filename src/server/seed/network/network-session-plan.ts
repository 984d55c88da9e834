import { FREQUENCY_STEPS, ONE_TIME, opensDaysBefore } from "../../../shared/scheduling/due-dates.ts";
import { fitsRespondent } from "../../scheduling/eligibility.ts";
import { LOOKAHEAD_DAYS } from "../../scheduling/generate-occurrences.ts";
import { pathTotal, type SeedMeasure, type Trajectory } from "../demo-sessions.ts";
import { checkSeries, DAY_MS, type DayNumber, dayOfMonth, occurrenceDay, opensDay } from "./network-days.ts";
import type { PatientPlan } from "./network-patient-plan.ts";
import { PATTERN_VARIANTS, type PatternCatalogue } from "./network-patterns.ts";
import { chance, numberedStream, type Random, weighted } from "./network-random.ts";

/**
 * One patient's schedules and sessions (pure: no database), as the app would have left them:
 * each schedule is a recurrence of one measure for one respondent, and its occurrences fall due by
 * the app's own rule (shared/scheduling/due-dates.ts). Occurrences in the past were answered
 * (submitted, with answers along the patient's trajectory) or missed; a schedule that goes on has
 * its occurrences up to the generator's horizon (today + LOOKAHEAD_DAYS), the current one open
 * (not started, or partly answered) and its cursor past them, exactly as the occurrence job leaves
 * a schedule; a stopped schedule is disabled and its missed occurrences withdrawn, as removing a
 * schedule does. Suicide-risk answers raise alerts; all but sometimes the newest are acknowledged.
 */

export interface NetworkMeasures {
  phq9: SeedMeasure;
  gad7: SeedMeasure;
  psc17: SeedMeasure;
}

/** The ids of a chart the plan refers to. */
export interface ChartIds {
  ccaId: number;
  self: { ccauId: number; userId: number; relationId: number; respondentType: string | null };
  /** The first caregiver on the chart, if any (the PSC-17 respondent). */
  caregiver: { ccauId: number; userId: number; relationId: number; respondentType: string | null } | null;
  /** Who acknowledges the chart's alerts: an assigned clinician, else a team member, else the admin. */
  responsibleId: number;
  /** Who set up the chart's schedules. */
  schedulerId: number;
}

export type SessionStatus = "not_started" | "partial" | "submitted" | "disabled";

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
}

export interface PlannedSession {
  /** Index into the patient's schedules. */
  schedule: number;
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
  schedules: PlannedSchedule[];
  sessions: PlannedSession[];
}

export interface SessionContext {
  seed: number;
  /** The clinic's today. */
  today: DayNumber;
  now: number;
  measures: NetworkMeasures;
  catalogue: PatternCatalogue;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const WEEKLY = 3;
const EVERY_2_WEEKS = 4;
const MONTHLY = 5;
/** The due day of a sign-in patient's open PHQ-9, from today: open for a month of benchmarking. */
export const SIGN_IN_DUE_IN_DAYS = 30;
/** Dispositions an acknowledgement records ("other" would need a note). */
const DISPOSITIONS = ["safety_plan", "patient_contacted", "crisis_referral", "not_significant"] as const;

interface Series {
  measure: SeedMeasure;
  respondent: { ccauId: number; userId: number };
  kind: "current" | "ended" | "once";
  scored: number;
}

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
  return !step ? 0 : "days" in step ? step.days : 28;
}

/** Long histories were weekly, medium ones every two weeks, short ones two-weekly or monthly. */
function frequencyFor(random: Random, scored: number): number {
  if (scored > 60) return WEEKLY;
  if (scored > 14) return EVERY_2_WEEKS;
  return chance(random, 0.6) ? EVERY_2_WEEKS : MONTHLY;
}

/**
 * The patient's series: PHQ-9 for everyone answering for themself, GAD-7 for most adults and
 * teens, and a caregiver's PSC-17 for children (and some younger teens) who have one. Every pick
 * passes the app's scheduling rule (scheduling/eligibility.ts), or the plan is wrong.
 */
function seriesOf(random: Random, plan: PatientPlan, ids: ChartIds, m: NetworkMeasures): Series[] {
  const out: Omit<Series, "kind" | "scored">[] = [];
  const self = ids.self;
  const caregiver = ids.caregiver;
  if (plan.ageGroup === "child") {
    if (caregiver && plan.age <= 15) {
      out.push({ measure: m.psc17, respondent: caregiver });
      if (chance(random, 0.3)) out.push({ measure: m.phq9, respondent: self });
    } else out.push({ measure: m.phq9, respondent: self });
  } else {
    out.push({ measure: m.phq9, respondent: self });
    if (chance(random, 0.6)) out.push({ measure: m.gad7, respondent: self });
    if (caregiver && plan.age <= 15 && chance(random, 0.5)) out.push({ measure: m.psc17, respondent: caregiver });
  }
  for (const s of out) {
    const link = s.respondent === self ? self : (caregiver ?? self);
    const fits = fitsRespondent(s.measure.def, {
      relationId: link.relationId,
      respondentType: link.respondentType,
      patientAge: plan.age,
    });
    if (!fits.ok) throw new Error(`network plan: ${s.measure.def.id} for patient ${plan.mrn}: ${fits.reason}`);
  }
  const kind = plan.care === "current" ? "current" : "ended";
  // The history is shared out over the series in turn.
  const series = out.map((s, j) => ({
    ...s,
    kind,
    scored: Math.floor(plan.scored / out.length) + (j < plan.scored % out.length ? 1 : 0),
  })) as Series[];
  // A stopped series that never produced a session was never set up.
  return plan.care === "current" ? series : series.filter((s) => s.scored > 0);
}

interface PatientDraw {
  trajectory: Trajectory;
  riskProne: boolean;
  /** Whether the newest alert of a current chart is still waiting for its acknowledgement. */
  newestAlertOpen: boolean;
}

export function planPatientSessions(plan: PatientPlan, ids: ChartIds, ctx: SessionContext): PatientSessions {
  const random = numberedStream(ctx.seed, "sessions", plan.n);
  const draw: PatientDraw = {
    trajectory: weighted<Trajectory>(random, [
      ["improving", 0.45],
      ["stable", 0.35],
      ["worsening", 0.2],
    ]),
    riskProne: chance(random, 0.12),
    newestAlertOpen: chance(random, 0.3),
  };
  const series = plan.care === "none" ? [] : seriesOf(random, plan, ids, ctx.measures);
  if (plan.signIn) series.push({ measure: ctx.measures.phq9, respondent: ids.self, kind: "once", scored: 0 });
  const out: PatientSessions = { schedules: [], sessions: [] };
  for (const s of series) planSeries(random, s, ids, draw, ctx, out);
  acknowledge(random, plan, ids, draw, ctx, out.sessions);
  return out;
}

function planSeries(
  random: Random,
  s: Series,
  ids: ChartIds,
  draw: PatientDraw,
  ctx: SessionContext,
  out: PatientSessions,
): void {
  const { today, now, catalogue } = ctx;
  const def = s.measure.def;
  const frequency = s.kind === "once" ? ONE_TIME : frequencyFor(random, s.scored);
  // The history: scored occurrences with an occasional missed one between them.
  const slots: boolean[] = [];
  for (let answered = 0; answered < s.scored; ) {
    const missed = slots.length > 0 && chance(random, 0.03);
    slots.push(!missed);
    if (!missed) answered += 1;
  }
  const history = slots.length;
  let anchor: DayNumber;
  if (s.kind === "once") anchor = today + SIGN_IN_DUE_IN_DAYS;
  else if (s.kind === "current") {
    // The occurrence after the history falls due today or within one step (on days 1-28 when monthly).
    const target = today + between(random, 0, Math.max(0, stepDays(frequency) - 1));
    anchor = anchorFor(frequency, frequency === MONTHLY ? onDay28(target, 1) : target, history);
  } else {
    const lastDue = today - between(random, 21, 720);
    anchor = anchorFor(frequency, frequency === MONTHLY ? onDay28(lastDue, -1) : lastDue, history - 1);
  }
  // Set up a few days before its first due day, and never after now (a new patient's first one is due ahead).
  const scheduleCreated = Math.min(
    now - between(random, 1, 72) * HOUR,
    s.kind === "once" ? now : at(anchor, 14) - between(random, 1, 7) * DAY,
  );
  const horizon = today + LOOKAHEAD_DAYS;
  const shift = (random() - 0.5) * 0.16;
  const scheduleIndex = out.schedules.length;
  const riskItem = def.alerts.some((a) => a.questionId);

  let k = 0;
  for (; ; k++) {
    const due = occurrenceDay(frequency, anchor, k);
    if (due === null) break;
    const inHistory = k < history;
    // After the history: a running schedule has its occurrences up to the horizon, a One Time its only one.
    const generated = inHistory || (s.kind === "current" && due <= horizon) || (s.kind === "once" && k === 0);
    if (!generated) break;
    const opensOn = opensDay(frequency, due, k);
    const windowOpens = k === 0 ? scheduleCreated : at(opensOn ?? due);
    const createdAt = Math.min(
      now - 60_000,
      k === 0 ? scheduleCreated : Math.max(scheduleCreated, at(due - LOOKAHEAD_DAYS, 2)),
    );
    const base: PlannedSession = {
      schedule: scheduleIndex,
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
    const progress = history > 1 ? Math.min(1, k / (history - 1)) : 1;
    const total = pathTotal(random, def, draw.trajectory, progress, shift);
    if (inHistory && slots[k]) {
      const risk =
        riskItem && ((draw.riskProne && total >= 10 && chance(random, 0.6)) || (total >= 15 && chance(random, 0.08)));
      const pattern = catalogue.pick(s.measure.id, total, risk, Math.floor(random() * PATTERN_VARIANTS));
      const lead =
        k === 0 ? Math.min(3, Math.max(0, Math.floor((at(due) - scheduleCreated) / DAY))) : opensDaysBefore(frequency);
      const day = due - between(random, 0, lead);
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
      // Missed: still owed while the schedule runs; withdrawn when it was stopped.
      out.sessions.push({ ...base, status: s.kind === "ended" ? "disabled" : "not_started" });
    } else if (due >= today && (opensOn === null || opensOn <= today) && s.kind === "current" && chance(random, 0.3)) {
      // Open now and partly answered: the first few items (never the risk item, the 9th).
      const pattern = catalogue.pick(s.measure.id, total, false, Math.floor(random() * PATTERN_VARIANTS));
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
  const nextDue = s.kind === "current" ? occurrenceDay(frequency, anchor, k) : null;
  checkSeries(frequency, anchor, [0, k]);
  out.schedules.push({
    ccauId: s.respondent.ccauId,
    measureId: s.measure.id,
    frequency,
    anchor,
    enabled: s.kind !== "ended",
    nextIndex: k,
    nextDue,
    createdAt: scheduleCreated,
    createdBy: ids.schedulerId,
  });
}

/**
 * Alerts are acknowledged by the chart's clinician a few hours to two days after they were
 * raised; on a chart whose care goes on, the newest is still waiting when it is less than a week
 * old or (30% of charts) in any case.
 */
function acknowledge(
  random: Random,
  plan: PatientPlan,
  ids: ChartIds,
  draw: PatientDraw,
  ctx: SessionContext,
  sessions: PlannedSession[],
): void {
  const raising = sessions.filter((s) => s.raisesAlert);
  let newest: PlannedSession | null = null;
  for (const s of raising) if (!newest || (s.completedAt ?? 0) > (newest.completedAt ?? 0)) newest = s;
  for (const s of raising) {
    const completed = s.completedAt as number;
    const waiting = s === newest && plan.care === "current" && (draw.newestAlertOpen || ctx.now - completed < 7 * DAY);
    if (waiting) continue;
    s.ack = {
      by: ids.responsibleId,
      at: Math.min(ctx.now - 60_000, completed + between(random, 1, 48) * HOUR),
      disposition: DISPOSITIONS[Math.floor(random() * DISPOSITIONS.length)],
    };
  }
}
