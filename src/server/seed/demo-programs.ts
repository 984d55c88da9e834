import type { Kysely } from "kysely";
import type { Database } from "../db/database-types.ts";
import type { DemoClinic, DemoUsername } from "./demo-clinic.ts";

export type DemoProgramKey = "iop" | "outpatient" | "adolescent";

type Timing = "admission" | "discharge";

interface DemoProgram {
  key: DemoProgramKey;
  name: string;
  description: string;
  type: string;
  group: string;
  length: number;
  desired: number;
  clinicians: DemoUsername[];
  team: boolean;
  /** Library measure, frequency (enums/frequency.json), who answers it, and when it is assigned. */
  measures: { measure: string; frequency: number; respondent: "patient" | "caregiver"; timing: Timing }[];
}

const EVERY_2_WEEKS = 4;
const MONTHLY = 5;
const ONE_TIME = 1;

/**
 * The demo clinic's programs (issue 11 §5). Every measure is in the library and fits its
 * respondent (scheduling/eligibility.ts): the adolescent program asks a caregiver for the PSC-17,
 * a parent-report checklist for ages 4 to 15, so its older teens answer only their own PHQ-9.
 */
export const DEMO_PROGRAMS: readonly DemoProgram[] = [
  {
    key: "iop",
    name: "Intensive Outpatient Program",
    description: "Three evenings a week of group and individual therapy for adults and older teens.",
    type: "Intensive outpatient",
    group: "Adult services",
    length: 8,
    desired: 6,
    clinicians: ["clinician"],
    // Not the Outpatient Team: its member clinician2 stays out of Jordan Rivera's chart (the
    // respondent e2e relies on one clinician who cannot see it).
    team: false,
    measures: [
      { measure: "phq-9", frequency: EVERY_2_WEEKS, respondent: "patient", timing: "admission" },
      { measure: "gad-7", frequency: EVERY_2_WEEKS, respondent: "patient", timing: "admission" },
      { measure: "phq-9", frequency: ONE_TIME, respondent: "patient", timing: "discharge" },
    ],
  },
  {
    key: "outpatient",
    name: "Outpatient Therapy Program",
    description: "Weekly individual therapy, with a monthly check on mood.",
    type: "Outpatient",
    group: "Adult services",
    length: 26,
    desired: 16,
    clinicians: ["clinician2"],
    team: true,
    measures: [
      { measure: "phq-9", frequency: MONTHLY, respondent: "patient", timing: "admission" },
      { measure: "phq-9", frequency: ONE_TIME, respondent: "patient", timing: "discharge" },
    ],
  },
  {
    key: "adolescent",
    name: "Adolescent Program",
    description: "Twice-weekly group and family therapy for teens aged 12 to 17.",
    type: "Adolescent outpatient",
    group: "Youth services",
    length: 12,
    desired: 10,
    clinicians: ["clinician", "clinician2"],
    team: false,
    measures: [
      { measure: "phq-9", frequency: EVERY_2_WEEKS, respondent: "patient", timing: "admission" },
      { measure: "psc-17", frequency: MONTHLY, respondent: "caregiver", timing: "admission" },
      { measure: "psc-17", frequency: ONE_TIME, respondent: "caregiver", timing: "discharge" },
    ],
  },
];

/**
 * Programs on in the demo clinic, with DEMO_PROGRAMS, their types, groups, clinicians, teams and
 * measures (a measure missing from the deployment's library is left out). Answers the program ids.
 */
export async function seedDemoPrograms(
  db: Kysely<Database>,
  clinic: DemoClinic,
): Promise<Record<DemoProgramKey, number>> {
  await db
    .insertInto("general_setting")
    .values({ key: "programs_enabled", value: JSON.stringify(true) })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  const names = (values: string[]) => [...new Set(values)].map((name) => ({ name }));
  const types = await db
    .insertInto("program_type")
    .values(names(DEMO_PROGRAMS.map((p) => p.type)))
    .returning(["id", "name"])
    .execute();
  const groups = await db
    .insertInto("program_group")
    .values(names(DEMO_PROGRAMS.map((p) => p.group)))
    .returning(["id", "name"])
    .execute();
  const idOf = (rows: { id: number; name: string }[], name: string) => rows.find((r) => r.name === name)?.id ?? null;
  // One multi-row INSERT ... RETURNING answers its rows in the order given.
  const programs = await db
    .insertInto("program")
    .values(
      DEMO_PROGRAMS.map((p) => ({
        name: p.name,
        description: p.description,
        program_type_id: idOf(types, p.type),
        program_group_id: idOf(groups, p.group),
        length: p.length,
        length_type: "weeks" as const,
        desired_length: p.desired,
      })),
    )
    .returning("id")
    .execute();
  const ids = Object.fromEntries(DEMO_PROGRAMS.map((p, i) => [p.key, programs[i].id])) as Record<
    DemoProgramKey,
    number
  >;
  await db
    .insertInto("program_clinician")
    .values(
      DEMO_PROGRAMS.flatMap((p) =>
        p.clinicians.map((u) => ({ program_id: ids[p.key], clinician_id: clinic.users[u] })),
      ),
    )
    .execute();
  await db
    .insertInto("program_clinician_team")
    .values(DEMO_PROGRAMS.filter((p) => p.team).map((p) => ({ program_id: ids[p.key], team_id: clinic.teamId })))
    .execute();
  const library = await db.selectFrom("measure").select(["id", "definition_id"]).execute();
  const measureId = new Map(library.map((m) => [m.definition_id, m.id]));
  const measures = DEMO_PROGRAMS.flatMap((p) =>
    p.measures.flatMap((m) => {
      const id = measureId.get(m.measure);
      return id === undefined
        ? []
        : [
            {
              program_id: ids[p.key],
              measure_id: id,
              frequency: m.frequency,
              respondent_kind: m.respondent,
              timing: m.timing,
            },
          ];
    }),
  );
  if (measures.length) await db.insertInto("program_measure").values(measures).execute();
  return ids;
}
