import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../../src/server/db/database-types.ts";
import { authHeader, createUser } from "./users.ts";

let mrnCounter = 0;

/** A fresh MRN per call, so tests never collide with each other's patients. */
export function nextMrn(prefix = "T"): string {
  mrnCounter += 1;
  return `${prefix}${Date.now().toString(36).toUpperCase()}${mrnCounter}`;
}

/** A valid patient body (entities/patient.json); override any field. */
export function patientBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    mrn: nextMrn(),
    first_name: "Avery",
    middle_name: null,
    last_name: "Example",
    birth_date: "2010-04-02",
    gender: "f",
    email: null,
    email_notification: false,
    mobile_number: null,
    mobile_notification: false,
    clinicians: [],
    clinician_teams: [],
    ...overrides,
  };
}

export async function createTeam(db: Kysely<Database>, name: string, members: number[]): Promise<number> {
  const { id } = await db.insertInto("clinician_team").values({ name }).returning("id").executeTakeFirstOrThrow();
  if (members.length)
    await db
      .insertInto("clinician_team_member")
      .values(members.map((user_id) => ({ team_id: id, user_id })))
      .execute();
  return id;
}

/** Makes `supervisorId` the supervisor of each clinician (spec §6: they see those clinicians' patients). */
export async function superviseClinicians(
  db: Kysely<Database>,
  supervisorId: number,
  clinicianIds: number[],
): Promise<void> {
  await db
    .insertInto("supervision")
    .values(clinicianIds.map((clinician_id) => ({ supervisor_id: supervisorId, clinician_id })))
    .execute();
}

/** A user and their Authorization header, in one step. */
export async function signedInUser(
  db: Kysely<Database>,
  opts: Parameters<typeof createUser>[1],
): Promise<{ id: number; headers: { authorization: string } }> {
  const id = await createUser(db, opts);
  return { id, headers: await authHeader(db, id) };
}

/** POSTs a patient and returns the created record (fails the test on anything but 201). */
export async function addPatient(
  app: FastifyInstance,
  headers: { authorization: string },
  overrides: Record<string, unknown>,
): Promise<Record<string, unknown> & { id: number }> {
  const res = await app.inject({ method: "POST", url: "/api/patients", headers, payload: patientBody(overrides) });
  if (res.statusCode !== 201) throw new Error(`addPatient: ${res.statusCode} ${res.body}`);
  return res.json();
}
