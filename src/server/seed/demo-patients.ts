import type { Kysely } from "kysely";
import type { SchemaBundle } from "../../shared/schema/bundle.ts";
import { insertRespondentAccounts } from "../accounts/new-accounts.ts";
import { ACCOUNT_STATUS } from "../auth/access-hook.ts";
import type { Database } from "../db/database-types.ts";
import { entityStore } from "../entities/entity-store.ts";
import { patientEntity } from "../patients/patient-entity.ts";
import { SELF_RELATION } from "../patients/self-relation.ts";
import type { DemoClinic } from "./demo-clinic.ts";
import {
  FEMALE_FIRST_NAMES,
  FEMALE_MIDDLE_NAMES,
  LAST_NAMES,
  MALE_FIRST_NAMES,
  MALE_MIDDLE_NAMES,
  NEUTRAL_FIRST_NAMES,
  NEUTRAL_MIDDLE_NAMES,
} from "./demo-names.ts";
import { between, pick, seededRandom, shuffled } from "./demo-random.ts";

export const DEMO_PATIENT_COUNT = 50;

export interface DemoPatient {
  mrn: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  birth_date: string;
  gender: string;
  email: string | null;
  email_notification: boolean;
  mobile_number: string | null;
  mobile_notification: boolean;
  adult: boolean;
  clinicians: ("clinician" | "clinician2")[];
  team: boolean;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** Children (born 2014-2019), teens (2008-2012) and adults (1952-2006), in turn. */
function birthDate(random: () => number, i: number): { date: string; adult: boolean } {
  const group = i % 3;
  const year =
    group === 0 ? between(random, 1952, 2006) : group === 1 ? between(random, 2008, 2012) : between(random, 2014, 2019);
  return { date: `${year}-${pad(between(random, 1, 12))}-${pad(between(random, 1, 28))}`, adult: group === 0 };
}

/**
 * Who sees the patient: two in five go to `clinician`, the rest to `clinician2` directly, to
 * "Outpatient Team" (clinician2's team), or both, so every list view has something to show.
 */
function assignment(i: number): Pick<DemoPatient, "clinicians" | "team"> {
  switch (i % 5) {
    case 0:
    case 1:
      return { clinicians: ["clinician"], team: false };
    case 2:
      return { clinicians: ["clinician2"], team: false };
    case 3:
      return { clinicians: [], team: true };
    default:
      return { clinicians: ["clinician2"], team: true };
  }
}

/** The demo patients, the same on every run. The first is Jordan Rivera, MRN1001, with `clinician`. */
export function demoPatients(count = DEMO_PATIENT_COUNT): DemoPatient[] {
  const random = seededRandom(20260101);
  // First names are dealt from shuffled decks, so names repeat only once a deck runs out.
  const decks = {
    f: { first: shuffled(random, FEMALE_FIRST_NAMES), middle: FEMALE_MIDDLE_NAMES, dealt: 0 },
    m: { first: shuffled(random, MALE_FIRST_NAMES), middle: MALE_MIDDLE_NAMES, dealt: 0 },
    other: { first: shuffled(random, NEUTRAL_FIRST_NAMES), middle: NEUTRAL_MIDDLE_NAMES, dealt: 0 },
  };
  return Array.from({ length: count }, (_, i) => {
    const roll = random();
    const gender = i === 0 ? "m" : roll < 0.46 ? "f" : roll < 0.92 ? "m" : pick(random, ["u", "o", "n"]);
    const deck = gender === "f" ? decks.f : gender === "m" ? decks.m : decks.other;
    const first = i === 0 ? "Jordan" : deck.first[deck.dealt++ % deck.first.length];
    // 7 and the 50 last names share no factor, so no two of the first 50 patients share one.
    const last = i === 0 ? "Rivera" : LAST_NAMES[(i * 7) % LAST_NAMES.length];
    const born = i === 0 ? { date: "2009-03-14", adult: false } : birthDate(random, i);
    const hasEmail = random() < 0.6;
    const hasMobile = random() < 0.5;
    const handle = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, "");
    return {
      mrn: `MRN${1001 + i}`,
      first_name: first,
      middle_name: random() < 0.3 ? pick(random, deck.middle) : null,
      last_name: last,
      birth_date: born.date,
      gender,
      email: hasEmail ? `${handle}@example.com` : null,
      email_notification: hasEmail && random() < 0.8,
      // 555-0100 to 555-0199 are reserved for fiction.
      mobile_number: hasMobile
        ? `${pick(random, ["217", "312", "618", "773", "309"])}55501${pad(between(random, 0, 99))}`
        : null,
      mobile_notification: hasMobile && random() < 0.6,
      adult: born.adult,
      ...assignment(i),
    };
  });
}

/**
 * Inserts the demo patients in bulk, as the patients API would: each with their own patient
 * account (Not Invited), chart, relation-1 respondent link, clinicians and team, and version 1
 * of their record history.
 */
export async function seedDemoPatients(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  clinic: DemoClinic,
  createdBy: number,
): Promise<number[]> {
  const patients = demoPatients();
  const accounts = await insertRespondentAccounts(
    db,
    patients.map((p) => ({
      status: ACCOUNT_STATUS.notInvited,
      first_name: p.first_name,
      middle_name: p.middle_name,
      last_name: p.last_name,
    })),
  );
  // Each multi-row INSERT ... RETURNING answers its rows in the order given, which pairs them up.
  const rows = await db
    .insertInto("patient")
    .values(
      patients.map((p, i) => ({
        mrn: p.mrn,
        first_name: p.first_name,
        middle_name: p.middle_name,
        last_name: p.last_name,
        birth_date: p.birth_date,
        gender: p.gender,
        email: p.email,
        email_notification: p.email_notification,
        mobile_number: p.mobile_number,
        mobile_notification: p.mobile_notification,
        user_id: accounts[i],
        created_by: createdBy,
      })),
    )
    .returning("id")
    .execute();
  const charts = await db
    .insertInto("client_clinic_assignment")
    .values(rows.map((r) => ({ patient_id: r.id })))
    .returning("id")
    .execute();
  await db
    .insertInto("cca_user")
    .values(
      patients.map((p, i) => ({
        cca_id: charts[i].id,
        user_id: accounts[i],
        relation_id: SELF_RELATION,
        respondent_type: p.adult ? "adult" : null,
        deleted_at: null,
      })),
    )
    .execute();
  const clinicians = patients.flatMap((p, i) =>
    p.clinicians.map((username) => ({ cca_id: charts[i].id, clinician_id: clinic.users[username] })),
  );
  if (clinicians.length) await db.insertInto("cca_clinician").values(clinicians).execute();
  const teams = patients.flatMap((p, i) => (p.team ? [{ cca_id: charts[i].id, team_id: clinic.teamId }] : []));
  if (teams.length) await db.insertInto("cca_team").values(teams).execute();

  const ids = rows.map((r) => r.id);
  const records = await entityStore(patientEntity, bundle).readMany(db, ids);
  await db
    .insertInto("record_history")
    .values(
      records.map((data) => ({
        entity: "patient",
        entity_id: data.id,
        version: 1,
        data: JSON.stringify(data),
        changed_by: createdBy,
      })),
    )
    .execute();
  return ids;
}
