import { type Kysely, sql } from "kysely";
import type { SchemaBundle } from "../../shared/schema/bundle.ts";
import { EMAIL, listContacts, PHONE, primaryOf, setPrimaryContact } from "../contacts/contacts.ts";
import type { Database } from "../db/database-types.ts";
import { appendHistory } from "../history/record-history.ts";
import { HttpError, notFound } from "../http/http-error.ts";

export const PATIENT_USER_NOT_FOUND = "The patient user does not exist.";
export const EDIT_ON_CHART =
  "This account belongs to a patient. Change their name and contact information on the patient's chart.";

export interface PatientUserBody {
  name_first: string;
  name_middle?: string | null;
  name_last: string;
  email?: string | null;
  phone?: string | null;
}

/**
 * Saves a respondent's names and primary email and mobile number (the body states them all:
 * a channel left out or null is removed). A patient's own account is refused: its names and
 * contact details belong to the patient record, which keeps their history, so they are edited
 * on the chart and never drift apart.
 */
export async function updatePatientUser(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  actorId: number,
  id: number,
  body: PatientUserBody,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom("app_user as u")
      .select(["u.id", sql<boolean>`exists (select 1 from patient p where p.user_id = u.id)`.as("is_patient")])
      .where("u.id", "=", id)
      .where("u.user_type", "=", "patient")
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw notFound(PATIENT_USER_NOT_FOUND);
    if (current.is_patient) throw new HttpError(400, EDIT_ON_CHART, "edit_on_chart");

    const names = { first_name: body.name_first, middle_name: body.name_middle ?? null, last_name: body.name_last };
    await trx
      .updateTable("app_user")
      .set({ ...names, updated_at: sql<Date>`now()` })
      .where("id", "=", id)
      .execute();
    // The form edits values only: a primary contact keeps its notification flag, a new one starts on.
    const contacts = (await listContacts(trx, [id])).get(id) ?? [];
    const enabled = (channel: typeof EMAIL | typeof PHONE) => primaryOf(contacts, channel)?.enabled ?? true;
    await setPrimaryContact(trx, bundle, id, EMAIL, body.email ?? null, enabled(EMAIL), { field: "email" });
    await setPrimaryContact(trx, bundle, id, PHONE, body.phone ?? null, enabled(PHONE), { field: "phone" });
    await appendHistory(trx, {
      entity: "patient_user",
      entityId: id,
      data: { id, ...names, email: body.email ?? null, phone: body.phone ?? null },
      changedBy: actorId,
    });
  });
}
