import { addDays, type CalendarDate } from "../../../shared/scheduling/due-dates.ts";
import { ageOn } from "../../patients/patient-age.ts";
import {
  NETWORK_FEMALE_FIRST,
  NETWORK_LAST_NAMES,
  NETWORK_MALE_FIRST,
  NETWORK_MIDDLE,
  NETWORK_NEUTRAL_FIRST,
  NETWORK_PARENT_FIRST,
} from "./network-names.ts";
import { chance, numberedStream, type Random, uuidFrom, weighted } from "./network-random.ts";

/**
 * Who one generated patient is (pure: no database), drawn from the patient's own stream so the
 * same seed and day give the same person whatever the batch size: name, birth date (a child,
 * teen or adult), contact details, the clinicians and team on the chart, the parents and
 * teachers who answer for them, and whether their care goes on, has ended or never began.
 */

export type AgeGroup = "child" | "teen" | "adult";
export type ParentRelation = keyof typeof NETWORK_PARENT_FIRST;
export type RespondentRelation = ParentRelation | "Teacher";

/** How the patient's care goes: in a program now (schedules running), discharged, or never admitted. */
export type Care = "current" | "ended" | "none";

export interface RespondentPlan {
  uuid: string;
  first: string;
  last: string;
  relation: RespondentRelation;
  type: "caregiver" | "teacher";
  email: string | null;
  phone: string | null;
}

export interface PatientPlan {
  /** 0-based place in the network; MRN and the respondent sign-in follow from it. */
  n: number;
  uuid: string;
  accountUuid: string;
  mrn: string;
  first: string;
  middle: string | null;
  last: string;
  birthDate: CalendarDate;
  age: number;
  ageGroup: AgeGroup;
  gender: string;
  email: string | null;
  emailNotification: boolean;
  mobile: string | null;
  mobileNotification: boolean;
  /** Clinician indexes (network-staff.ts) and team indexes on the chart; both empty: unassigned. */
  clinicians: number[];
  teams: number[];
  respondents: RespondentPlan[];
  /** Among the first NETWORK_RESPONDENT_COUNT patients (a tenth of a small network): signs in, one questionnaire open. */
  signIn: boolean;
  care: Care;
  /** Scored sessions the patient's history holds (network-session-counts.ts). */
  scored: number;
}

/** What the plan needs to know of the staff. */
export interface StaffShape {
  clinicians: number;
  teams: number;
  clinicianTeams: number[][];
}

/** The MRN of the n-th patient: MRN1000001, MRN1000002, ... (unique, and sorted as numbers sort). */
export const networkMrn = (n: number) => `MRN${1_000_001 + n}`;

/** `clinician2` (index 1) has few charts of its own: it works through its teams. */
const CLINICIAN2 = 1;
const CLINICIAN2_WEIGHT = 0.15;

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];
const between = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const handle = (...parts: (string | number)[]) =>
  parts
    .join(".")
    .toLowerCase()
    .replace(/[^a-z0-9.]/g, "");
// 555-0100 to 555-0199 are reserved for fiction.
const fictionalPhone = (random: Random) =>
  `${pick(random, ["217", "312", "618", "773", "309", "630", "815"])}55501${String(between(random, 0, 99)).padStart(2, "0")}`;

function age(random: Random): { group: AgeGroup; years: number } {
  const group = weighted<AgeGroup>(random, [
    ["child", 0.2],
    ["teen", 0.2],
    ["adult", 0.6],
  ]);
  if (group === "child") return { group, years: between(random, 6, 12) };
  if (group === "teen") return { group, years: between(random, 13, 17) };
  const band = weighted(random, [
    [[18, 29], 0.25],
    [[30, 49], 0.4],
    [[50, 69], 0.25],
    [[70, 89], 0.1],
  ] as const);
  return { group, years: between(random, band[0], band[1]) };
}

/** A birth date `years` old on `today` (a birthday somewhere in the year after it). */
function birthDate(random: Random, today: CalendarDate, years: number): CalendarDate {
  const [y, m, d] = today.split("-").map(Number);
  const lastBirthday = `${y - years}-${String(m).padStart(2, "0")}-${String(Math.min(d, 28)).padStart(2, "0")}`;
  return addDays(lastBirthday, -between(random, 0, 360));
}

/** Every clinician weighs 1 but `clinician2`, who weighs CLINICIAN2_WEIGHT. */
function primaryClinician(random: Random, count: number): number {
  const x = random() * (count - 1 + CLINICIAN2_WEIGHT);
  if (x < CLINICIAN2_WEIGHT) return CLINICIAN2;
  const other = Math.floor(x - CLINICIAN2_WEIGHT); // 0 .. count - 2, over everyone else
  return other < CLINICIAN2 ? other : other + 1;
}

/** Most charts have one clinician, some two, ~30% also a team; a few only a team; a very few none. */
function assignment(random: Random, staff: StaffShape): Pick<PatientPlan, "clinicians" | "teams"> {
  const roll = random();
  if (roll < 0.005) return { clinicians: [], teams: [] };
  if (roll < 0.025) return { clinicians: [], teams: [between(random, 0, staff.teams - 1)] };
  const primary = primaryClinician(random, staff.clinicians);
  const clinicians = [primary];
  if (chance(random, 0.1)) {
    const second = between(random, 0, staff.clinicians - 1);
    if (second !== primary && second !== CLINICIAN2) clinicians.push(second);
  }
  const own = staff.clinicianTeams[primary];
  const teams = chance(random, 0.3) ? [own.length ? pick(random, own) : between(random, 0, staff.teams - 1)] : [];
  return { clinicians, teams };
}

function respondents(random: Random, n: number, group: AgeGroup, last: string): RespondentPlan[] {
  const wanted: RespondentRelation[] = [];
  if (group === "child" && chance(random, 0.7)) {
    if (chance(random, 0.3)) wanted.push("Mother", "Father");
    else {
      wanted.push(
        weighted<ParentRelation>(random, [
          ["Mother", 0.55],
          ["Father", 0.3],
          ["Guardian", 0.15],
        ]),
      );
      if (chance(random, 0.15)) wanted.push("Teacher");
    }
  } else if (group === "teen" && chance(random, 0.4)) {
    wanted.push(
      weighted<ParentRelation>(random, [
        ["Mother", 0.55],
        ["Father", 0.3],
        ["Guardian", 0.15],
      ]),
    );
  }
  return wanted.map((relation, k) => {
    const uuid = uuidFrom(random);
    if (relation === "Teacher") {
      const first = pick(random, random() < 0.7 ? NETWORK_FEMALE_FIRST : NETWORK_MALE_FIRST);
      const teacherLast = pick(random, NETWORK_LAST_NAMES);
      return {
        uuid,
        first,
        last: teacherLast,
        relation,
        type: "teacher",
        email: `${handle(first, teacherLast, n)}@school.example.org`,
        phone: null,
      };
    }
    const first = pick(random, NETWORK_PARENT_FIRST[relation]);
    const parentLast = chance(random, 0.85) ? last : pick(random, NETWORK_LAST_NAMES);
    return {
      uuid,
      first,
      last: parentLast,
      relation,
      type: "caregiver",
      // The patient's number keeps every respondent's email their own (one account per person).
      email: chance(random, 0.8) ? `${handle(first, parentLast, `${n}${k}`)}@example.com` : null,
      phone: chance(random, 0.6) ? fictionalPhone(random) : null,
    };
  });
}

/**
 * Scored sessions come from the schedules of a program admission (network-session-plan.ts): a
 * patient with a history is still in the program (35%, and everyone with a single session: the
 * admission's) or was discharged; one without may be just admitted (first questionnaires out) or
 * never admitted. The sign-in patients were discharged, so the one questionnaire they have open
 * is the only one.
 */
function care(random: Random, scored: number, signIn: boolean): Care {
  if (signIn) return scored > 0 ? "ended" : "none";
  // One session is an admission's first: that episode goes on.
  if (scored === 1) return "current";
  if (scored > 0) return chance(random, 0.35) ? "current" : "ended";
  return chance(random, 0.5) ? "current" : "none";
}

export function planPatient(
  seed: number,
  n: number,
  opts: { today: CalendarDate; staff: StaffShape; signInCount: number; scored: number },
): PatientPlan {
  const random = numberedStream(seed, "patient", n);
  const uuid = uuidFrom(random);
  const accountUuid = uuidFrom(random);
  const roll = random();
  const gender = roll < 0.49 ? "f" : roll < 0.96 ? "m" : pick(random, ["u", "o", "n"]);
  const firstNames =
    gender === "f" ? NETWORK_FEMALE_FIRST : gender === "m" ? NETWORK_MALE_FIRST : NETWORK_NEUTRAL_FIRST;
  const middleNames = gender === "f" ? NETWORK_MIDDLE.f : gender === "m" ? NETWORK_MIDDLE.m : NETWORK_MIDDLE.other;
  const first = pick(random, firstNames);
  const middle = chance(random, 0.3) ? pick(random, middleNames) : null;
  const last = pick(random, NETWORK_LAST_NAMES);
  const { group, years } = age(random);
  const born = birthDate(random, opts.today, years);
  const hasEmail = chance(random, group === "child" ? 0.2 : 0.6);
  const hasMobile = chance(random, group === "child" ? 0.1 : 0.55);
  const signIn = n < opts.signInCount;
  return {
    n,
    uuid,
    accountUuid,
    mrn: networkMrn(n),
    first,
    middle,
    last,
    birthDate: born,
    age: ageOn(born, opts.today),
    ageGroup: group,
    gender,
    email: hasEmail ? `${handle(first, last, n)}@example.com` : null,
    emailNotification: hasEmail && chance(random, 0.8),
    mobile: hasMobile ? fictionalPhone(random) : null,
    mobileNotification: hasMobile && chance(random, 0.6),
    ...assignment(random, opts.staff),
    respondents: respondents(random, n, group, last),
    signIn,
    care: care(random, opts.scored, signIn),
    scored: opts.scored,
  };
}
