import type { Disposition } from "../../../generated/types/enums/disposition.ts";
import { addDays, type CalendarDate, occurrenceDueDate } from "../../shared/scheduling/due-dates.ts";
import { ageOn } from "../patients/patient-age.ts";
import { historyDaysAgo } from "./demo-measures.ts";
import { type DemoPatient, demoPatients } from "./demo-patients.ts";
import { DEMO_PROGRAMS, type DemoProgramKey } from "./demo-programs.ts";
import { between, pick, seededRandom } from "./demo-random.ts";
import type { Trajectory } from "./demo-sessions.ts";

/** How far back the demo's admissions go: about 18 months. */
export const EPISODE_WINDOW_DAYS = 548;

/** One planned admission of a demo patient: an episode of care. Days count back from the seed's day. */
export interface EpisodePlan {
  /** The patient's place in demoPatients(). */
  patient: number;
  program: DemoProgramKey;
  admitted: number;
  discharged: number | null;
  status: "open" | "pending" | "final";
  disposition: Disposition | null;
  trajectory: Trajectory;
  /** What a pending discharge waits for: its discharge measure, or an alert raised by it. */
  hold: "measure" | "alert" | null;
  /** A current admission made on a day of the chart's history: it takes over the sessions in its window. */
  overHistory: boolean;
  /** Thoughts of self-harm while in the program (PHQ-9 item 9 on its worse days). */
  risk: boolean;
}

const TRAJECTORIES: Trajectory[] = ["improving", "stable", "worsening"];

/** Episode lengths in days by program and disposition: a completed step-down runs longest. */
const LENGTHS: Record<DemoProgramKey, Record<Exclude<Disposition, "aged_out">, [number, number]>> = {
  iop: { transferred: [35, 56], dropped_out: [10, 24], admitted: [14, 35], discharged_inactivity: [21, 42] },
  outpatient: { transferred: [90, 180], dropped_out: [35, 80], admitted: [30, 90], discharged_inactivity: [60, 150] },
  adolescent: { transferred: [56, 84], dropped_out: [21, 42], admitted: [21, 49], discharged_inactivity: [35, 70] },
};

/** Transferred (stepped down) is the common way out; admitted means to a higher level of care. */
const DISPOSITIONS: Exclude<Disposition, "aged_out">[] = [
  "transferred",
  "transferred",
  "transferred",
  "transferred",
  "dropped_out",
  "dropped_out",
  "discharged_inactivity",
  "discharged_inactivity",
  "admitted",
  "admitted",
];

function trajectoryFor(random: () => number, disposition: Disposition): Trajectory {
  switch (disposition) {
    case "transferred":
    case "aged_out":
      return random() < 0.8 ? "improving" : "stable";
    case "admitted":
      return "worsening";
    case "dropped_out":
      return random() < 0.5 ? "stable" : "worsening";
    case "discharged_inactivity":
      return random() < 0.5 ? "stable" : "improving";
  }
}

/** Programs a patient of this age can be admitted to (the adolescent program takes 12 to 17). */
function programsFor(age: number): DemoProgramKey[] {
  if (age >= 18) return ["iop", "outpatient"];
  if (age >= 13) return ["adolescent", "outpatient"];
  if (age === 12) return ["adolescent"];
  return [];
}

/** Whether a day (days ago) is the due day of one of the program's admission measures. */
function onAdmissionGrid(program: DemoProgramKey, today: CalendarDate, admitted: number, day: number): boolean {
  const anchor = addDays(today, -admitted);
  const target = addDays(today, -day);
  const frequencies = DEMO_PROGRAMS.find((p) => p.key === program)?.measures.filter((m) => m.timing === "admission");
  return (frequencies ?? []).some((m) => {
    for (let k = 0; ; k++) {
      const due = occurrenceDueDate(m.frequency, anchor, k);
      if (due === null || due > target) return false;
      if (due === target) return true;
    }
  });
}

/** A discharge day off the admission measures' due days, so no day has the same measure twice. */
function dischargeDay(program: DemoProgramKey, today: CalendarDate, admitted: number, day: number): number {
  return onAdmissionGrid(program, today, admitted, day) ? (day > 0 ? day - 1 : day + 1) : day;
}

function daysUntil(today: CalendarDate, day: CalendarDate): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** The current admission of a patient, if any: over the chart's history, or (without one) fresh. */
function currentEpisode(
  random: () => number,
  i: number,
  age: (daysAgo: number) => number,
  today: CalendarDate,
): EpisodePlan | null {
  const history = historyDaysAgo(i);
  const roll = random();
  if (i === 0) {
    // Jordan Rivera: in the Intensive Outpatient Program for four weeks, his next measures due in three days.
    return {
      patient: 0,
      program: "iop",
      admitted: history[history.length - 2],
      discharged: null,
      status: "open",
      disposition: null,
      trajectory: "improving",
      hold: null,
      overHistory: true,
      risk: false,
    };
  }
  if (history.length > 0) {
    if (roll >= 0.45) return null;
    const admitted = history[history.length - Math.min(history.length, between(random, 2, 4))];
    const program: DemoProgramKey | null = age(admitted) >= 18 ? "iop" : age(admitted) >= 12 ? "adolescent" : null;
    if (!program) return null;
    const last = history[history.length - 1];
    // Some adults have just finished the IOP: the discharge PHQ-9 is still to be answered.
    const pending = program === "iop" && random() < 0.4;
    const disposition = pending
      ? pick(random, ["transferred", "transferred", "admitted", "dropped_out"] as const)
      : null;
    return {
      patient: i,
      program,
      admitted,
      discharged: pending ? between(random, 0, last - 1) : null,
      status: pending ? "pending" : "open",
      disposition,
      trajectory: TRAJECTORIES[i % 3],
      hold: pending ? "measure" : null,
      overHistory: true,
      risk: false,
    };
  }
  const programs = programsFor(age(0)).filter((p) => p !== "iop");
  if (programs.length === 0) return null;
  const program = programs.includes("outpatient") && age(0) >= 18 ? "outpatient" : programs[0];
  const admitted = between(random, 35, 150);
  // An outpatient just discharged whose discharge PHQ-9 raised a suicide-risk alert not yet acknowledged.
  const pending = program === "outpatient" && roll < 0.5;
  return {
    patient: i,
    program,
    admitted,
    discharged: pending ? dischargeDay(program, today, admitted, between(random, 1, 4)) : null,
    status: pending ? "pending" : "open",
    disposition: pending ? "transferred" : null,
    trajectory: pending ? "stable" : pick(random, TRAJECTORIES),
    hold: pending ? "alert" : null,
    overHistory: false,
    risk: pending,
  };
}

/** Earlier, finally discharged admissions, all ending two weeks before `before` (days ago). */
function pastEpisodes(
  random: () => number,
  i: number,
  patient: DemoPatient,
  age: (daysAgo: number) => number,
  today: CalendarDate,
  before: number,
): EpisodePlan[] {
  const episodes: EpisodePlan[] = [];
  const count = pick(random, [0, 1, 1, 2]);
  let cursor = EPISODE_WINDOW_DAYS - between(random, 0, 90);
  // A teen whose 18th birthday fell in the window was in the adolescent program then, and aged out.
  const birthday18 = -daysUntil(today, `${Number(patient.birth_date.slice(0, 4)) + 18}${patient.birth_date.slice(4)}`);
  if (count > 0 && birthday18 > before + 30 && birthday18 < EPISODE_WINDOW_DAYS - 90) {
    cursor = birthday18 + between(random, 42, 84);
  }
  while (episodes.length < count) {
    const programs = programsFor(age(cursor));
    if (programs.length === 0) {
      cursor -= 60;
      if (cursor < before) break;
      continue;
    }
    const program = pick(random, programs);
    let disposition: Disposition = pick(random, DISPOSITIONS);
    let length = between(random, ...LENGTHS[program][disposition as Exclude<Disposition, "aged_out">]);
    // A teen in the adolescent program who turns 18 during it ages out on the birthday.
    const turns18 = daysUntil(
      addDays(today, -cursor),
      `${Number(patient.birth_date.slice(0, 4)) + 18}${patient.birth_date.slice(4)}`,
    );
    if (program === "adolescent" && turns18 >= 21 && turns18 <= 84) {
      disposition = "aged_out";
      length = turns18;
    }
    const discharged = dischargeDay(program, today, cursor, cursor - length);
    if (discharged < before + 14) break;
    episodes.push({
      patient: i,
      program,
      admitted: cursor,
      discharged,
      status: "final",
      disposition,
      trajectory: trajectoryFor(random, disposition),
      hold: null,
      overHistory: false,
      risk: random() < 0.25,
    });
    cursor = discharged - between(random, 30, 150);
  }
  return episodes;
}

/**
 * The demo clinic's admissions over the last 18 months (issue 11 §5), the same for a given day:
 * about a third of the adults and teens are in a program now (Jordan Rivera in the Intensive
 * Outpatient Program), a few just discharged and pending, and most have one or two earlier
 * episodes, finally discharged with a disposition. Children under 12 are in no program.
 */
export function planDemoEpisodes(today: CalendarDate, patients: DemoPatient[] = demoPatients()): EpisodePlan[] {
  const random = seededRandom(20260311);
  return patients.flatMap((patient, i) => {
    const age = (daysAgo: number) => ageOn(patient.birth_date, addDays(today, -daysAgo));
    const current = currentEpisode(random, i, age, today);
    const history = historyDaysAgo(i);
    const before = Math.max(current?.admitted ?? 0, history[0] ?? 0);
    // Jordan's chart keeps only his current admission, so his measures stay as the e2e stories expect.
    const past = i === 0 ? [] : pastEpisodes(random, i, patient, age, today, before);
    return [...past, ...(current ? [current] : [])];
  });
}
