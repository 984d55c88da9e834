import { type Kysely, sql } from "kysely";
import type { RequestUser } from "../auth/request-user.ts";
import type { Database } from "../db/database-types.ts";
import { chartVisible } from "./patient-access.ts";
import { patientsWithChart } from "./patient-read.ts";

/** The unique index that keeps MRNs unique case-insensitively (migrations/0001_core.sql). */
const MRN_INDEX = "patient_mrn_key";

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

/** Two saves of one new MRN at once: the second trips the unique index (23505) and is answered as "in use". */
export function isMrnUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown; constraint?: unknown; message?: unknown } | null;
  if (e?.code !== "23505") return false;
  return e.constraint === MRN_INDEX || (typeof e.message === "string" && e.message.includes(MRN_INDEX));
}
