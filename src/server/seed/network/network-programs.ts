import type { Kysely } from "kysely";
import type { Database } from "../../db/database-types.ts";
import type { SeedMeasure } from "../demo-sessions.ts";
import { NETWORK_LOCATION_COUNT, type NetworkStaff, networkLocationShort } from "./network-staff.ts";

/**
 * The programs of a generated clinic network (issue 13 §6): 38 programs over the five locations,
 * inpatient and residential units with stays of days to weeks and outpatient programs of months,
 * each run by the team of its location and specialty (team t is at location t % 5, specialty
 * floor(t / 5); network-staff.ts) with one of that team's clinicians as its lead, and the program
 * measures the app schedules on admission (recurring, or One Time for an intake-only measure) and
 * on discharge. Between them they use all twelve library instruments.
 */

/** The instruments the network's programs use: the library's twelve. */
export const NETWORK_MEASURES = [
  "phq-9",
  "phq-2",
  "gad-7",
  "gad-2",
  "psc-17",
  "core-10",
  "who-5",
  "k10",
  "k6",
  "pcl-5",
  "audit",
  "audit-c",
] as const;
export type NetworkMeasureKey = (typeof NETWORK_MEASURES)[number];
export type NetworkMeasures = Record<NetworkMeasureKey, SeedMeasure>;

/** Inpatient and residential stays are counted in days; the rest in weeks of outpatient care. */
export type CareSetting = "inpatient" | "outpatient";

/** The program types whose care is inpatient (their care_setting; the rest are outpatient). */
const INPATIENT_TYPES = ["Inpatient", "Residential"];

/** frequency.json: One Time, Weekly, Every 2 Weeks, Monthly. */
export const ONE_TIME = 1;
const WEEKLY = 3;
const EVERY_2_WEEKS = 4;
const MONTHLY = 5;

export interface ProgramMeasurePlan {
  measure: NetworkMeasureKey;
  respondent: "patient" | "caregiver";
  /** The program's recurrence for admission measures, or One Time (an intake or a discharge measure). */
  frequency: number;
}

interface ProgramTemplate {
  name: string;
  description: string;
  type: "Inpatient" | "Residential" | "Intensive outpatient" | "Outpatient";
  group: "Adult services" | "Youth services" | "Recovery services";
  /** The team specialty that runs it (network-staff.ts SPECIALTIES). */
  specialty: 0 | 1 | 2 | 3;
  /** Ages admitted (at admission), inclusive. */
  ages: [number, number];
  length: number;
  lengthType: "days" | "weeks";
  desired: number;
  /** The recurrence of its recurring admission measures (all share it). */
  frequency: number;
  /** Recurring admission measures; the first is answered by everyone the program admits. */
  recurring: Omit<ProgramMeasurePlan, "frequency">[];
  /** One Time measures at admission (an intake battery). */
  intake: Omit<ProgramMeasurePlan, "frequency">[];
  discharge: Omit<ProgramMeasurePlan, "frequency">[];
  locations: number[];
  /** How often, relative to the others, a patient who fits it is admitted to it. */
  weight: number;
  /** The most recurring occurrences an episode of it holds (a longer history goes to a longer program). */
  maxOccurrences: number;
}

const self = (measure: NetworkMeasureKey) => ({ measure, respondent: "patient" as const });
const caregiver = (measure: NetworkMeasureKey) => ({ measure, respondent: "caregiver" as const });
const ALL = [0, 1, 2, 3, 4];

const TEMPLATES: readonly ProgramTemplate[] = [
  {
    name: "Adult Outpatient Therapy",
    description: "Individual therapy every week or two, with a monthly check on mood and anxiety.",
    type: "Outpatient",
    group: "Adult services",
    specialty: 0,
    ages: [18, 120],
    length: 16,
    lengthType: "weeks",
    desired: 12,
    frequency: MONTHLY,
    recurring: [self("phq-9"), self("gad-7")],
    intake: [],
    discharge: [self("phq-9")],
    locations: ALL,
    weight: 5,
    maxOccurrences: 12,
  },
  {
    name: "Adult Intensive Outpatient Program",
    description:
      "Three half days a week of group and individual therapy for adults stepping down or avoiding admission.",
    type: "Intensive outpatient",
    group: "Adult services",
    specialty: 0,
    ages: [18, 120],
    length: 6,
    lengthType: "weeks",
    desired: 6,
    frequency: WEEKLY,
    recurring: [self("phq-9")],
    intake: [self("core-10")],
    discharge: [self("core-10")],
    locations: [0, 1, 3],
    weight: 2,
    maxOccurrences: 10,
  },
  {
    name: "Adult Inpatient Unit",
    description: "Acute inpatient psychiatric care for adults in crisis.",
    type: "Inpatient",
    group: "Adult services",
    specialty: 0,
    ages: [18, 120],
    length: 10,
    lengthType: "days",
    desired: 7,
    frequency: WEEKLY,
    recurring: [self("phq-9"), self("k6")],
    intake: [self("k10")],
    discharge: [self("k10")],
    locations: [0, 3],
    weight: 3,
    maxOccurrences: 4,
  },
  {
    name: "Long-term Community Support",
    description: "Ongoing weekly support for adults with long-standing mental illness.",
    type: "Outpatient",
    group: "Adult services",
    specialty: 0,
    ages: [18, 120],
    length: 104,
    lengthType: "weeks",
    desired: 78,
    frequency: WEEKLY,
    recurring: [self("phq-9"), self("gad-7"), self("who-5")],
    intake: [],
    discharge: [self("who-5")],
    locations: ALL,
    weight: 0.3,
    maxOccurrences: Number.POSITIVE_INFINITY,
  },
  {
    name: "Adult Wellbeing Group",
    description: "A twelve-week group on sleep, activity and coping, with brief monthly check-ins.",
    type: "Outpatient",
    group: "Adult services",
    specialty: 0,
    ages: [18, 120],
    length: 12,
    lengthType: "weeks",
    desired: 12,
    frequency: MONTHLY,
    recurring: [self("who-5"), self("phq-2"), self("gad-2")],
    intake: [],
    discharge: [self("who-5")],
    locations: [2, 4],
    weight: 1.5,
    maxOccurrences: 6,
  },
  {
    name: "Child & Family Outpatient",
    description: "Family-based therapy for children, with a parent's checklist every month.",
    type: "Outpatient",
    group: "Youth services",
    specialty: 1,
    ages: [6, 12],
    length: 20,
    lengthType: "weeks",
    desired: 16,
    frequency: MONTHLY,
    recurring: [caregiver("psc-17"), self("phq-9")],
    intake: [],
    discharge: [caregiver("psc-17"), self("phq-9")],
    locations: [1, 2, 4],
    weight: 4,
    maxOccurrences: 10,
  },
  {
    name: "Adolescent Outpatient",
    description: "Individual and family therapy for teens aged 12 to 17, with a monthly check on mood and anxiety.",
    type: "Outpatient",
    group: "Youth services",
    specialty: 2,
    ages: [12, 17],
    length: 16,
    lengthType: "weeks",
    desired: 12,
    frequency: MONTHLY,
    recurring: [self("phq-9"), self("gad-7"), caregiver("psc-17")],
    intake: [],
    discharge: [self("phq-9")],
    locations: [0, 2, 4],
    weight: 4,
    maxOccurrences: 10,
  },
  {
    name: "Adolescent Inpatient Unit",
    description: "Short inpatient stays for teens in crisis.",
    type: "Inpatient",
    group: "Youth services",
    specialty: 2,
    ages: [12, 17],
    length: 10,
    lengthType: "days",
    desired: 7,
    frequency: WEEKLY,
    recurring: [self("phq-9"), self("gad-2")],
    intake: [],
    discharge: [self("phq-9")],
    locations: [2],
    weight: 2,
    maxOccurrences: 3,
  },
  {
    name: "Youth Community Support",
    description: "Weekly home- and school-based support for children and teens with long-standing difficulties.",
    type: "Outpatient",
    group: "Youth services",
    specialty: 1,
    ages: [6, 17],
    length: 52,
    lengthType: "weeks",
    desired: 40,
    frequency: WEEKLY,
    recurring: [self("phq-9"), self("gad-7"), self("who-5"), caregiver("psc-17")],
    intake: [],
    discharge: [self("who-5")],
    locations: ALL,
    weight: 0.3,
    maxOccurrences: Number.POSITIVE_INFINITY,
  },
  {
    name: "Trauma Recovery Program",
    description: "Trauma-focused therapy (CPT, PE) over about four months.",
    type: "Outpatient",
    group: "Recovery services",
    specialty: 3,
    ages: [18, 120],
    length: 12,
    lengthType: "weeks",
    desired: 12,
    frequency: EVERY_2_WEEKS,
    recurring: [self("pcl-5")],
    intake: [self("phq-9")],
    discharge: [self("pcl-5"), self("phq-9")],
    locations: [1, 3, 4],
    weight: 2,
    maxOccurrences: 14,
  },
  {
    name: "Substance Use Outpatient",
    description: "Outpatient treatment for alcohol and drug use, with a brief drinking check every two weeks.",
    type: "Outpatient",
    group: "Recovery services",
    specialty: 3,
    ages: [18, 120],
    length: 12,
    lengthType: "weeks",
    desired: 12,
    frequency: EVERY_2_WEEKS,
    recurring: [self("audit-c")],
    intake: [self("audit"), self("k6")],
    discharge: [self("audit"), self("k6")],
    locations: ALL,
    weight: 2,
    maxOccurrences: 14,
  },
  {
    name: "Residential Recovery Program",
    description: "A 28-day residential program for alcohol use disorders.",
    type: "Residential",
    group: "Recovery services",
    specialty: 3,
    ages: [18, 120],
    length: 28,
    lengthType: "days",
    desired: 28,
    frequency: WEEKLY,
    recurring: [self("audit-c"), self("phq-9")],
    intake: [self("audit")],
    discharge: [self("audit"), self("k10")],
    locations: [3],
    weight: 2,
    maxOccurrences: 5,
  },
];

export interface NetworkProgram {
  id: number;
  name: string;
  type: ProgramTemplate["type"];
  setting: CareSetting;
  location: number;
  /** The team that runs it (a team index). */
  team: number;
  ages: [number, number];
  /** The program's length in days (the length an open episode's path runs to). */
  lengthDays: number;
  frequency: number;
  recurring: ProgramMeasurePlan[];
  intake: ProgramMeasurePlan[];
  discharge: ProgramMeasurePlan[];
  weight: number;
  maxOccurrences: number;
}

/** The programs, in the order they are inserted: template by template, location by location. */
export function networkPrograms(): Omit<NetworkProgram, "id">[] {
  return TEMPLATES.flatMap((t) =>
    t.locations.map((location) => ({
      name: `${networkLocationShort(location)} ${t.name}`,
      type: t.type,
      setting: INPATIENT_TYPES.includes(t.type) ? ("inpatient" as const) : ("outpatient" as const),
      location,
      team: t.specialty * NETWORK_LOCATION_COUNT + location,
      ages: t.ages,
      lengthDays: t.lengthType === "weeks" ? t.length * 7 : t.length,
      frequency: t.frequency,
      recurring: t.recurring.map((m) => ({ ...m, frequency: t.frequency })),
      intake: t.intake.map((m) => ({ ...m, frequency: ONE_TIME })),
      discharge: t.discharge.map((m) => ({ ...m, frequency: ONE_TIME })),
      weight: t.weight,
      maxOccurrences: t.maxOccurrences,
    })),
  );
}

const description = (p: Omit<NetworkProgram, "id">) =>
  (TEMPLATES.find((t) => p.name.endsWith(t.name)) as ProgramTemplate).description;

/**
 * Inserts the program types, groups, programs (each at its location), their team and lead
 * clinician, and their measures; programs are on. Answers the programs with their ids.
 */
export async function insertNetworkPrograms(
  db: Kysely<Database>,
  staff: NetworkStaff,
  measures: NetworkMeasures,
): Promise<NetworkProgram[]> {
  const planned = networkPrograms();
  const names = (values: string[]) => [...new Set(values)].map((name) => ({ name }));
  const types = await db
    .insertInto("program_type")
    .values(
      names(TEMPLATES.map((t) => t.type)).map((t) => ({
        ...t,
        care_setting: INPATIENT_TYPES.includes(t.name) ? "inpatient" : "outpatient",
      })),
    )
    .returning(["id", "name"])
    .execute();
  const groups = await db
    .insertInto("program_group")
    .values(names(TEMPLATES.map((t) => t.group)))
    .returning(["id", "name"])
    .execute();
  const idOf = (rows: { id: number; name: string }[], name: string) => rows.find((r) => r.name === name)?.id ?? null;
  const template = (p: Omit<NetworkProgram, "id">) => TEMPLATES.find((t) => p.name.endsWith(t.name)) as ProgramTemplate;
  // One multi-row INSERT ... RETURNING answers its rows in the order given.
  const rows = await db
    .insertInto("program")
    .values(
      planned.map((p) => ({
        name: p.name,
        description: description(p),
        program_type_id: idOf(types, p.type),
        program_group_id: idOf(groups, template(p).group),
        location_id: staff.locationIds[p.location],
        length: template(p).length,
        length_type: template(p).lengthType,
        desired_length: template(p).desired,
      })),
    )
    .returning("id")
    .execute();
  const programs = planned.map((p, k) => ({ ...p, id: rows[k].id }));
  await db
    .insertInto("program_clinician_team")
    .values(programs.map((p) => ({ program_id: p.id, team_id: staff.teamIds[p.team] })))
    .execute();
  // The lead: the team's third member (never `clinician` or `clinician2`, whose caseloads the benchmarks read).
  await db
    .insertInto("program_clinician")
    .values(programs.map((p) => ({ program_id: p.id, clinician_id: staff.clinicianIds[staff.teamMembers[p.team][2]] })))
    .execute();
  await db
    .insertInto("program_measure")
    .values(
      programs.flatMap((p) =>
        (
          [
            ...p.recurring.map((m) => ({ ...m, timing: "admission" as const })),
            ...p.intake.map((m) => ({ ...m, timing: "admission" as const })),
            ...p.discharge.map((m) => ({ ...m, timing: "discharge" as const })),
          ] as const
        ).map((m) => ({
          program_id: p.id,
          measure_id: measures[m.measure].id,
          frequency: m.frequency,
          respondent_kind: m.respondent,
          timing: m.timing,
        })),
      ),
    )
    .execute();
  return programs;
}
