import { type Kysely, sql } from "kysely";
import type { FieldError } from "../../shared/validation/field-errors.ts";
import type { Database } from "../db/database-types.ts";
import type { EntityJson, SaveContext } from "../entities/entity-definition.ts";
import { SELF_RELATION } from "../patients/self-relation.ts";
import { setFormContacts } from "./respondent-contacts.ts";
import { RESPONDENT_MESSAGES } from "./respondent-messages.ts";
import { asRespondent, type RespondentForm, type RespondentRecord, respondentForm } from "./respondent-values.ts";

/**
 * Editing a respondent link (PUT /api/respondents/{ccauId}), as the respondent entity's hooks.
 * The link's relation and type are its own columns (the engine writes them); the names and the
 * primary email and phone are the person's account's, so they change on every chart the person
 * is on. The patient's own link is edited on the patient form; a person who is also a patient
 * keeps the names of their patient record.
 */

function sameName(a: string | null | undefined, b: string | null | undefined): boolean {
  return (a ?? "").trim().toLowerCase() === (b ?? "").trim().toLowerCase();
}

/** The rules of an edit, every problem at once (the patient's own link is refused alone). */
export async function editErrors({ db, values }: SaveContext, current: EntityJson): Promise<FieldError[]> {
  const link = asRespondent(current);
  if (link.relation_id === SELF_RELATION)
    return [{ field: "", message: RESPONDENT_MESSAGES.patientEditedOnPatientForm }];
  const form = respondentForm(values);
  const errors: FieldError[] = [];
  if (form.relation_id === SELF_RELATION)
    errors.push({ field: "relation_id", message: RESPONDENT_MESSAGES.patientRelationReserved });
  const record = await db
    .selectFrom("patient")
    .select(["first_name", "middle_name", "last_name"])
    .where("user_id", "=", link.userId)
    .executeTakeFirst();
  const renamed =
    record &&
    !(
      sameName(record.first_name, form.name_first) &&
      sameName(record.middle_name, form.name_middle) &&
      sameName(record.last_name, form.name_last)
    );
  if (renamed) errors.push({ field: "name_first", message: RESPONDENT_MESSAGES.patientAccountNames });
  return errors;
}

/** Do the form's names, contacts or notification flags differ from what the link read? */
function accountValuesChanged(link: RespondentRecord, form: RespondentForm): boolean {
  return (
    link.name_first !== form.name_first ||
    link.name_middle !== (form.name_middle ?? null) ||
    link.name_last !== form.name_last ||
    link.email !== (form.email ?? null) ||
    link.email_notification !== (form.email_notification ?? true) ||
    link.phone !== (form.phone ?? null) ||
    link.mobile_notification !== (form.mobile_notification ?? true)
  );
}

/**
 * The person's other live links read the account's names and contacts too: they move to a new
 * version, so a form holding one of them from before is refused rather than undoing this change.
 */
export async function touchOtherLinks(db: Kysely<Database>, accountId: number, ccauId: number): Promise<void> {
  await db
    .updateTable("cca_user")
    .set({ version: sql`version + 1` })
    .where("user_id", "=", accountId)
    .where("id", "<>", ccauId)
    .where("deleted_at", "is", null)
    .execute();
}

/**
 * After an edit is saved: the account's names (unless the person is a patient, whose names are
 * their record's) and its primary contacts. A new link's account values are written when it is
 * made (respondent-link.ts).
 */
export async function saveAccountValues({ db, bundle, id, current, values }: SaveContext & { id: number }) {
  if (!current) return;
  const link = asRespondent(current);
  const form = respondentForm(values);
  if (!accountValuesChanged(link, form)) return;
  await db
    .updateTable("app_user")
    .set({
      first_name: form.name_first,
      middle_name: form.name_middle ?? null,
      last_name: form.name_last,
      version: sql`version + 1`,
      updated_at: sql`now()`,
    })
    .where("id", "=", link.userId)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("patient").select("id").where("user_id", "=", link.userId))),
    )
    .execute();
  await setFormContacts(db, bundle, link.userId, form);
  await touchOtherLinks(db, link.userId, id);
}
