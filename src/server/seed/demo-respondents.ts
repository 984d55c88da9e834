import { type Kysely, sql } from "kysely";
import { enumOptions, type SchemaBundle, schemaById } from "../../shared/schema/bundle.ts";
import { insertRespondentAccounts, RESPONDENT_ROLE } from "../accounts/new-accounts.ts";
import { ACCOUNT_STATUS } from "../auth/access-hook.ts";
import { EMAIL, PHONE, syncAllPatientRecordContacts } from "../contacts/contacts.ts";
import type { Database } from "../db/database-types.ts";
import { entityStore } from "../entities/entity-store.ts";
import { appendHistory } from "../history/record-history.ts";
import { patientEntity } from "../patients/patient-entity.ts";
import { type DemoPatient, demoPatients } from "./demo-patients.ts";

/** Respondent accounts a new user can sign in as (README), with the demo password. */
export const DEMO_RESPONDENT_LOGINS = {
  /** Jordan Rivera's own account (relation 1). */
  patient: "jordan",
  /** Morgan Rivera: mother of Jordan Rivera and of Tomas Johansson, so one person with two charts. */
  parent: "parent",
} as const;

/** How many child and teen patients get a parent (Morgan counts for two of them). */
export const DEMO_PARENT_PATIENTS = 15;

/** Relation ids by their label in enums/relation.json, so the seed reads "Mother", never 4. */
function relationIds(bundle: SchemaBundle, labels: readonly string[]): Record<string, number> {
  const options = enumOptions(schemaById(bundle, "enums/relation.json"));
  return Object.fromEntries(
    labels.map((label) => {
      const option = options.find((o) => o.label === label);
      if (!option) throw new Error(`enums/relation.json has no relation titled "${label}"`);
      return [label, option.value as number];
    }),
  );
}

const PARENT_FIRST_NAMES = {
  Mother: ["Carmen", "Lena", "Adaeze", "Beatriz", "Hana"],
  Father: ["Marcus", "Tobias", "Rashid", "Paulo", "Kenji"],
  Guardian: ["Jesse", "Robin", "Casey", "Drew"],
} as const;
type ParentRelation = keyof typeof PARENT_FIRST_NAMES;
const PARENT_RELATIONS: ParentRelation[] = ["Mother", "Father", "Guardian"];

const TEACHERS = [
  { first: "Eleanor", last: "Whitmore" },
  { first: "Gabriel", last: "Osterhout" },
  { first: "Nadia", last: "Karimi" },
];

interface Person {
  first: string;
  last: string;
  email: string | null;
  phone: string | null;
  /** Charts (indexes into demoPatients()) with the relation label and respondent type. */
  links: { patient: number; relation: string; type: "caregiver" | "teacher" }[];
  login?: string;
}

const handle = (first: string, last: string) => `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, "");
// 555-0100 to 555-0199 are reserved for fiction.
const phone = (n: number) => `${["217", "312", "618"][n % 3]}55501${String(n % 100).padStart(2, "0")}`;

/**
 * The demo clinic's respondents, the same on every run: Morgan Rivera (login `parent`) for the
 * first two children, a parent for each of the next child and teen patients up to
 * DEMO_PARENT_PATIENTS, and a teacher for three school-age children. Every fifth parent has no
 * contact and every fifth has a phone only, so the team page shows its notifications warning.
 */
export function demoRespondents(patients: DemoPatient[] = demoPatients()): Person[] {
  const children = patients.map((p, i) => ({ p, i })).filter(({ p }) => !p.adult);
  const people: Person[] = [
    {
      first: "Morgan",
      last: "Rivera",
      email: "morgan.rivera@example.com",
      phone: "3125550147",
      links: [
        { patient: children[0].i, relation: "Mother", type: "caregiver" },
        { patient: children[1].i, relation: "Mother", type: "caregiver" },
      ],
      login: DEMO_RESPONDENT_LOGINS.parent,
    },
  ];
  children.slice(2, DEMO_PARENT_PATIENTS).forEach(({ p, i }, n) => {
    const relation = PARENT_RELATIONS[n % PARENT_RELATIONS.length];
    const names = PARENT_FIRST_NAMES[relation];
    const first = names[Math.floor(n / PARENT_RELATIONS.length) % names.length];
    const contact = n % 5;
    people.push({
      first,
      last: p.last_name,
      email: contact === 4 || contact === 2 ? null : `${handle(first, p.last_name)}@example.com`,
      phone: contact === 4 ? null : phone(20 + n),
      links: [{ patient: i, relation, type: "caregiver" }],
    });
  });
  const schoolAge = children.filter(({ p }) => p.birth_date >= "2011-01-01" && p.birth_date <= "2017-12-31");
  TEACHERS.forEach((teacher, n) => {
    const child = schoolAge[n * 2];
    people.push({
      ...teacher,
      email: `${handle(teacher.first, teacher.last)}@school.example.org`,
      phone: null,
      links: [{ patient: child.i, relation: "Teacher", type: "teacher" }],
    });
  });
  return people;
}

export interface DemoRespondentInput {
  /** Patient ids in demoPatients() order (seedDemoPatients answers them so). */
  patientIds: number[];
  passwordHash: string;
  createdBy: number;
}

/**
 * Seeds the respondents of demoRespondents() as the respondents API would: accounts (role
 * respondent, Not Invited, or Active with a username for the demo logins), their contacts,
 * their links, and the activation (with a new history version) of every patient given one.
 * Also mirrors every demo patient's record email and mobile as emr contacts, and makes Jordan
 * Rivera's own account sign-in ready (login `jordan`).
 */
export async function seedDemoRespondents(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  input: DemoRespondentInput,
): Promise<void> {
  await syncAllPatientRecordContacts(db);
  const people = demoRespondents();
  const relations = relationIds(bundle, [...PARENT_RELATIONS, "Teacher"]);
  const charts = await db
    .selectFrom("client_clinic_assignment as cca")
    .innerJoin("patient as p", "p.id", "cca.patient_id")
    .select(["cca.id", "p.id as patient_id", "p.user_id"])
    .where("p.id", "in", input.patientIds)
    .execute();
  const chartOf = new Map(charts.map((c) => [c.patient_id, c]));
  const chartAt = (index: number) => {
    const chart = chartOf.get(input.patientIds[index]);
    if (!chart) throw new Error(`demo patient ${index} has no chart`);
    return chart;
  };
  const now = new Date();

  const accounts = await insertRespondentAccounts(
    db,
    people.map((person) => ({
      username: person.login ?? null,
      password_hash: person.login ? input.passwordHash : null,
      password_changed_at: person.login ? now : null,
      status: person.login ? ACCOUNT_STATUS.active : ACCOUNT_STATUS.notInvited,
      first_name: person.first,
      last_name: person.last,
    })),
  );
  const contacts = people.flatMap((person, i) =>
    [
      ...(person.email ? [{ channel: EMAIL, value: person.email }] : []),
      ...(person.phone ? [{ channel: PHONE, value: person.phone }] : []),
    ].map((c) => ({ user_id: accounts[i], ...c, is_primary: true, emr: false, editable: true, enabled: true })),
  );
  if (contacts.length) await db.insertInto("contact").values(contacts).execute();
  await db
    .insertInto("cca_user")
    .values(
      people.flatMap((person, i) =>
        person.links.map((link) => ({
          cca_id: chartAt(link.patient).id,
          user_id: accounts[i],
          relation_id: relations[link.relation],
          respondent_type: link.type,
          deleted_at: null,
        })),
      ),
    )
    .execute();

  // Jordan Rivera (the first demo patient) signs in to his own account.
  const jordan = chartAt(0);
  if (jordan.user_id === null) throw new Error("Jordan Rivera has no account");
  await db
    .updateTable("app_user")
    .set({
      username: DEMO_RESPONDENT_LOGINS.patient,
      password_hash: input.passwordHash,
      password_changed_at: now,
      status: ACCOUNT_STATUS.active,
    })
    .where("id", "=", jordan.user_id)
    .execute();
  await db
    .insertInto("user_role")
    .values({ user_id: jordan.user_id, role: RESPONDENT_ROLE })
    .onConflict((oc) => oc.doNothing())
    .execute();

  // Spec §4 Activation: every patient given a respondent is active, with a new history version.
  const activated = [...new Set(people.flatMap((p) => p.links.map((l) => input.patientIds[l.patient])))];
  await db.updateTable("patient").set({ active: true, updated_at: sql`now()` }).where("id", "in", activated).execute();
  for (const patient of await entityStore(patientEntity, bundle).readMany(db, activated)) {
    await appendHistory(db, { entity: "patient", entityId: patient.id, data: patient, changedBy: input.createdBy });
  }
}
