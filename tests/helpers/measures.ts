import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../../src/server/db/database-types.ts";
import { addPatient } from "./patients.ts";
import { authHeader, createUser } from "./users.ts";

export type Headers = { authorization: string };

/** The library entry id (measureLibraryId) of a definition id such as "phq-9". */
export async function measureId(db: Kysely<Database>, definitionId: string): Promise<number> {
  const row = await db
    .selectFrom("measure")
    .select("id")
    .where("definition_id", "=", definitionId)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** "YYYY-MM-DD 00:00:00" for today plus `days` (UTC), the due date form the client sends (spec §5). */
export function dueDate(days = 0): string {
  return `${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)} 00:00:00`;
}

export interface ChartWithRespondent {
  patientId: number;
  ccaId: number;
  /** The patient's own respondent link (relation 1). */
  ccauId: number;
  /** The patient's own account, made an active respondent login. */
  respondentId: number;
  respondent: Headers;
}

/**
 * A patient added through the patients API, whose own account (relation 1) is turned into an
 * active respondent login with the privacy agreement accepted unless told otherwise.
 */
export async function chartWithRespondent(
  app: FastifyInstance,
  db: Kysely<Database>,
  clinician: Headers,
  overrides: Record<string, unknown>,
  opts: { agreed?: boolean } = {},
): Promise<ChartWithRespondent> {
  const patient = await addPatient(app, clinician, overrides);
  const row = await db
    .selectFrom("patient as p")
    .innerJoin("client_clinic_assignment as cca", "cca.patient_id", "p.id")
    .innerJoin("cca_user as cu", (j) => j.onRef("cu.cca_id", "=", "cca.id").on("cu.relation_id", "=", 1))
    .select(["p.user_id", "cca.id as cca_id", "cu.id as ccau_id"])
    .where("p.id", "=", patient.id)
    .executeTakeFirstOrThrow();
  const userId = row.user_id as number;
  await db
    .updateTable("app_user")
    .set({
      status: 2,
      username: `resp${userId}x${patient.id}`,
      hippa_agreement_at: opts.agreed === false ? null : new Date(),
    })
    .where("id", "=", userId)
    .execute();
  // The patients API may already give the patient's own account the respondent role.
  await db
    .insertInto("user_role")
    .values({ user_id: userId, role: "respondent" })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return {
    patientId: patient.id,
    ccaId: row.cca_id,
    ccauId: row.ccau_id,
    respondentId: userId,
    respondent: await authHeader(db, userId),
  };
}

/** A further respondent (a parent, a teacher) linked to a chart with a relation. */
export async function linkedRespondent(
  db: Kysely<Database>,
  ccaId: number,
  opts: { username: string; relationId: number; respondentType?: string | null; agreed?: boolean },
): Promise<{ userId: number; ccauId: number; headers: Headers }> {
  const userId = await createUser(db, { username: opts.username, roles: ["respondent"], userType: "patient" });
  if (opts.agreed !== false)
    await db.updateTable("app_user").set({ hippa_agreement_at: new Date() }).where("id", "=", userId).execute();
  const link = await db
    .insertInto("cca_user")
    .values({
      cca_id: ccaId,
      user_id: userId,
      relation_id: opts.relationId,
      respondent_type: opts.respondentType ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { userId, ccauId: link.id, headers: await authHeader(db, userId) };
}

/** Schedules a measure through the API; fails the test on anything but 201. */
export async function schedule(
  app: FastifyInstance,
  headers: Headers,
  body: { ccauId: number; measureId: number; dueDate?: string; frequency?: number; confirm?: boolean },
): Promise<{ schedule: { id: number }; clientMeasure: { id: number }; patientActivated: boolean }> {
  const res = await app.inject({
    method: "POST",
    url: "/api/scheduling",
    headers,
    payload: { dueDate: dueDate(1), frequency: 1, ...body },
  });
  if (res.statusCode !== 201) throw new Error(`schedule: ${res.statusCode} ${res.body}`);
  return res.json();
}
