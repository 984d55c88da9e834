import { type Kysely, sql } from "kysely";
import { MESSAGES } from "../../shared/api-errors.ts";
import type { FieldError } from "../../shared/validation/field-errors.ts";
import { insertRespondentAccounts } from "../accounts/new-accounts.ts";
import { ACCOUNT_STATUS } from "../auth/access-hook.ts";
import { ACTIVITY, logActivity } from "../auth/activity-log.ts";
import type { RequestUser } from "../auth/request-user.ts";
import type { Database } from "../db/database-types.ts";
import type { Row, SaveContext } from "../entities/entity-definition.ts";
import { HttpError, notFound } from "../http/http-error.ts";
import { activatePatient } from "../patients/activate-patient.ts";
import { SELF_RELATION } from "../patients/self-relation.ts";
import { accountVisibleSql, contactMatchSql, visibleChart } from "./respondent-access.ts";
import { addFormContacts, addMissingContacts } from "./respondent-contacts.ts";
import { touchOtherLinks } from "./respondent-edit.ts";
import { RESPONDENT_MESSAGES } from "./respondent-messages.ts";
import { type RespondentForm, respondentForm } from "./respondent-values.ts";

/**
 * Adding a respondent to a chart (spec §4; docs/api/respondents.md), as the respondent entity's
 * creation hooks: the chart must be one the caller may see (else 404); the person is a new
 * patient-user account (Not Invited, no credentials, role respondent) with the form's contacts,
 * or with existingUserId an existing one, linked rather than duplicated. Relation 1 is the
 * patient's own; a person already on the team is refused with their link, so the form can offer
 * to edit them. Adding a respondent activates the patient.
 */

/**
 * The account to link, when the caller may link it: a patient-user account that is already on a
 * chart the caller may see, or one holding the email or mobile number the caller typed (they
 * know how to reach this person). Anything else answers null, the same as no such account, so
 * ids cannot be tried one by one to find people.
 */
async function linkableAccount(
  db: Kysely<Database>,
  user: RequestUser,
  accountId: number,
  form: RespondentForm,
): Promise<number | null> {
  const row = await db
    .selectFrom("app_user as u")
    .select("u.id")
    .where("u.id", "=", accountId)
    .where("u.user_type", "=", "patient")
    .where(
      sql<boolean>`(${accountVisibleSql(user, "u.id")} or ${contactMatchSql("u.id", form.email ?? null, form.phone ?? null)})`,
    )
    .executeTakeFirst();
  return row?.id ?? null;
}

async function liveLinkOf(db: Kysely<Database>, ccaId: number, accountId: number): Promise<number | null> {
  const row = await db
    .selectFrom("cca_user")
    .select("id")
    .where("cca_id", "=", ccaId)
    .where("user_id", "=", accountId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The person is on this team already: the answer names their link, so the form can offer to edit it. */
function alreadyOnTeam(existingCcauId: number): HttpError {
  const message = RESPONDENT_MESSAGES.alreadyOnTeam;
  return new HttpError(400, message, "validation", [{ field: "existingUserId", message }], { existingCcauId });
}

/**
 * The rules of a new link. Locks the chart (and its patient) for the transaction: team changes
 * on one chart then run one at a time, so a person cannot be linked twice and activation is
 * written once.
 */
export async function newLinkErrors({ db, user, values }: SaveContext): Promise<FieldError[]> {
  const form = respondentForm(values);
  // The chart is readOnly on the record (never edited), so the schema cannot require it of a creation.
  if (!form.ccaId) return [{ field: "ccaId", message: RESPONDENT_MESSAGES.chartRequired }];
  const chart = await visibleChart(db, user, form.ccaId, { lock: true });
  if (!chart) throw notFound(MESSAGES.patientNotFound);

  const errors: FieldError[] = [];
  if (form.existingUserId) {
    const accountId = await linkableAccount(db, user, form.existingUserId, form);
    if (accountId === null) {
      errors.push({ field: "existingUserId", message: RESPONDENT_MESSAGES.linkNotFound });
    } else {
      const existing = await liveLinkOf(db, chart.ccaId, accountId);
      if (existing !== null) throw alreadyOnTeam(existing);
    }
  }
  // The patient's own account always holds a live relation-1 link, refused above as already on the team.
  if (form.relation_id === SELF_RELATION)
    errors.push({ field: "relation_id", message: RESPONDENT_MESSAGES.patientRelationReserved });
  return errors;
}

/** The new link's chart and account: the linked person's, or a new account made with the form's names. */
export async function newLinkColumns({ db, values }: SaveContext): Promise<Row> {
  const form = respondentForm(values);
  if (form.existingUserId) return { cca_id: form.ccaId, user_id: form.existingUserId };
  const [accountId] = await insertRespondentAccounts(db, [
    {
      status: ACCOUNT_STATUS.notInvited,
      first_name: form.name_first,
      middle_name: form.name_middle ?? null,
      last_name: form.name_last,
    },
  ]);
  return { cca_id: form.ccaId, user_id: accountId };
}

/** After the link is made: the account's contacts, the account's creation logged, the patient activated. */
export async function afterNewLink({ db, bundle, user, id, values }: SaveContext & { id: number }): Promise<void> {
  const form = respondentForm(values);
  const link = await db
    .selectFrom("cca_user as cu")
    .innerJoin("client_clinic_assignment as cca", "cca.id", "cu.cca_id")
    .select(["cu.user_id", "cca.patient_id"])
    .where("cu.id", "=", id)
    .executeTakeFirstOrThrow();
  if (form.existingUserId) {
    if (await addMissingContacts(db, bundle, link.user_id, form)) await touchOtherLinks(db, link.user_id, id);
  } else {
    await addFormContacts(db, bundle, link.user_id, form);
    await logActivity(db, {
      userId: link.user_id,
      actorId: user.id,
      code: ACTIVITY.accountCreated,
      detail: { ccauId: id },
    });
  }
  // Spec §4 Activation: adding a respondent activates the patient (a new version of its record).
  await activatePatient(db, bundle, link.patient_id, user.id);
}
