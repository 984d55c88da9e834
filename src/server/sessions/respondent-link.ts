import { type Kysely, sql } from "kysely";
import type { RequestUser } from "../auth/request-user.ts";
import type { Database } from "../db/database-types.ts";
import { notFound } from "../http/http-error.ts";
import { chartVisible } from "../patients/patient-access.ts";

export const RESPONDENT_NOT_FOUND = "This respondent does not exist or you do not have access to it.";

/** One live respondent link (ccau) with the facts scheduling and reports need about it. */
export interface RespondentLink {
  ccauId: number;
  ccaId: number;
  userId: number;
  relationId: number;
  respondentType: string | null;
  respondentName: string;
  patientId: number;
  patientName: string;
  birthDate: string;
  gender: string;
  patientActive: boolean;
  /** Account status of the respondent (1 Inactive ... 5 Password Reset). */
  accountStatus: number;
}

function linkQuery(db: Kysely<Database>) {
  return db
    .selectFrom("cca_user as cu")
    .innerJoin("client_clinic_assignment as cca", "cca.id", "cu.cca_id")
    .innerJoin("patient as p", "p.id", "cca.patient_id")
    .innerJoin("app_user as u", "u.id", "cu.user_id")
    .select([
      "cu.id as ccauId",
      "cu.cca_id as ccaId",
      "cu.user_id as userId",
      "cu.relation_id as relationId",
      "cu.respondent_type as respondentType",
      sql<string>`u.first_name || ' ' || u.last_name`.as("respondentName"),
      "p.id as patientId",
      sql<string>`p.first_name || ' ' || p.last_name`.as("patientName"),
      "p.birth_date as birthDate",
      "p.gender",
      "p.active as patientActive",
      "u.status as accountStatus",
    ])
    .where("cu.deleted_at", "is", null);
}

/** A respondent link of a chart the clinician may see; 404 otherwise, exactly as if it did not exist. */
export async function visibleRespondentLink(
  db: Kysely<Database>,
  user: RequestUser,
  ccauId: number,
): Promise<RespondentLink> {
  const row = await linkQuery(db)
    .where("cu.id", "=", ccauId)
    .where(chartVisible(user, "visible", "cca.id"))
    .executeTakeFirst();
  if (!row) throw notFound(RESPONDENT_NOT_FOUND);
  return row;
}

/** A respondent link that belongs to the signed-in respondent's own account; 404 otherwise. */
export async function ownRespondentLink(db: Kysely<Database>, userId: number, ccauId: number): Promise<RespondentLink> {
  const row = await linkQuery(db).where("cu.id", "=", ccauId).where("cu.user_id", "=", userId).executeTakeFirst();
  if (!row) throw notFound(RESPONDENT_NOT_FOUND);
  return row;
}
