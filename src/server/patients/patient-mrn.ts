import { type Kysely, sql } from "kysely";
import type { RequestUser } from "../auth/request-user.ts";
import type { Database } from "../db/database-types.ts";
import { chartVisible } from "./patient-access.ts";

/** The patient holding an MRN (any case), other than `excludeId`; null when the MRN is free. */
export async function findMrnOwner(
  db: Kysely<Database>,
  mrn: string,
  excludeId: number | null,
): Promise<number | null> {
  let query = db.selectFrom("patient").select("id").where(sql`lower(mrn)`, "=", mrn.toLowerCase());
  if (excludeId !== null) query = query.where("id", "<>", excludeId);
  const row = await query.executeTakeFirst();
  return row?.id ?? null;
}

/** Patients joined to their chart. */
function patientsWithChart(db: Kysely<Database>) {
  return db.selectFrom("patient as p").innerJoin("client_clinic_assignment as cca", "cca.patient_id", "p.id");
}

/** Whether `user` may see patient `patientId` (the union of their views). */
export async function isPatientVisible(db: Kysely<Database>, user: RequestUser, patientId: number): Promise<boolean> {
  const row = await patientsWithChart(db)
    .select("p.id")
    .where("p.id", "=", patientId)
    .where(chartVisible(user, "visible", "cca.id"))
    .executeTakeFirst();
  return row !== undefined;
}

/** The owner's id when the caller may see it, else null: a taken MRN never reveals a hidden chart. */
export async function visibleMrnOwner(
  db: Kysely<Database>,
  user: RequestUser,
  mrn: string,
  excludeId: number | null,
): Promise<{ taken: boolean; visibleId: number | null }> {
  const owner = await findMrnOwner(db, mrn, excludeId);
  if (owner === null) return { taken: false, visibleId: null };
  return { taken: true, visibleId: (await isPatientVisible(db, user, owner)) ? owner : null };
}
