import { type Kysely, sql } from "kysely";
import { MESSAGES } from "../../shared/api-errors.ts";
import type { FieldError } from "../../shared/validation/field-errors.ts";
import { insertRespondentAccounts } from "../accounts/new-accounts.ts";
import { ACCOUNT_STATUS } from "../auth/access-hook.ts";
import { ACTIVITY, logActivity } from "../auth/activity-log.ts";
import type { RequestUser } from "../auth/request-user.ts";
import { EMAIL, normalizeContactValue, PHONE } from "../contacts/contacts.ts";
import type { Database } from "../db/database-types.ts";
import type { Row, SaveContext } from "../entities/entity-definition.ts";
import { HttpError, notFound } from "../http/http-error.ts";
import { activatePatient } from "../patients/activate-patient.ts";
import { SELF_RELATION } from "../patients/self-relation.ts";
import { findContactHolder, mayLinkDirectly } from "./contact-holder.ts";
import { accountKnownSql, visibleChart } from "./respondent-access.ts";
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
 * The account to link, when the caller may link it straight away: a patient-user account already
 * on a chart the caller may see, or any patient-user account for settings.staff (contact-holder.ts
 * mayLinkDirectly). Anything else answers null, the same as no such account, so ids cannot be
 * tried one by one to find people; knowing a person's email is not a right to their records (a
 * person the caller cannot see is invited instead: chart-invitation.ts).
 */
async function linkableAccount(db: Kysely<Database>, user: RequestUser, accountId: number): Promise<number | null> {
  const row = await db
    .selectFrom("app_user as u")
    .select(["u.id", accountKnownSql(user, "u.id").as("visible")])
    .where("u.id", "=", accountId)
    .where("u.user_type", "=", "patient")
    .executeTakeFirst();
  if (!row || !mayLinkDirectly(user, { userId: row.id, visible: Boolean(row.visible), sameName: false })) return null;
  return row.id;
}

/** Another add with the same contact won the race (respondent_contact_claim): ask to check again. */
export const CONTACT_JUST_TAKEN =
  "Someone with this email or mobile number was just added. Check again before adding them.";
const contactJustTaken = () => new HttpError(409, CONTACT_JUST_TAKEN, "conflict");

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
    const accountId = await linkableAccount(db, user, form.existingUserId);
    if (accountId === null) {
      errors.push({ field: "existingUserId", message: RESPONDENT_MESSAGES.linkNotFound });
    } else {
      const existing = await liveLinkOf(db, chart.ccaId, accountId);
      if (existing !== null) throw alreadyOnTeam(existing);
    }
  } else {
    // A new account: the same person (this email or mobile and this name) must not have one
    // already. The route sent the ones it found to be linked or invited; one found now, under the
    // chart's lock, was added meanwhile: on this team it is "already on the team", else a conflict.
    // (Someone else sharing the contact, a family's email, is a person of their own.)
    const holder = await findContactHolder(db, user, form);
    if (holder && (holder.sameName || !mayLinkDirectly(user, holder))) {
      const existing = await liveLinkOf(db, chart.ccaId, holder.userId);
      if (existing !== null) throw alreadyOnTeam(existing);
      throw contactJustTaken();
    }
  }
  // The patient's own account always holds a live relation-1 link, refused above as already on the team.
  if (form.relation_id === SELF_RELATION)
    errors.push({ field: "relation_id", message: RESPONDENT_MESSAGES.patientRelationReserved });
  return errors;
}

/**
 * Claims the new account's person, its email and its mobile number each with its name
 * (respondent_contact_claim): of two adds of the same new person running at once on different
 * charts, the second finds the person claimed and is refused, so they make one account, not two. A unique key decides, not a
 * look-up before the insert that both could pass. (Adds on one chart already run one at a time
 * under the chart's lock, where the later ones find the person on the team.)
 */
async function claimContacts(db: Kysely<Database>, accountId: number, form: RespondentForm): Promise<void> {
  const person = { first_name: form.name_first.trim().toLowerCase(), last_name: form.name_last.trim().toLowerCase() };
  const values = [
    form.email ? { channel: EMAIL, value: normalizeContactValue(EMAIL, form.email).toLowerCase(), ...person } : null,
    form.phone ? { channel: PHONE, value: normalizeContactValue(PHONE, form.phone), ...person } : null,
  ].filter((v) => v !== null);
  for (const value of values) {
    const claimed = await db
      .insertInto("respondent_contact_claim")
      .values({ ...value, user_id: accountId })
      .onConflict((oc) => oc.columns(["channel", "value", "first_name", "last_name"]).doNothing())
      .returning("user_id")
      .executeTakeFirst();
    if (claimed) continue;
    // Claimed already. A claim whose account no longer is that person (contact or name changed
    // since) passes on; this runs as a statement of its own, so it sees what a winner committed.
    const passedOn = await db
      .updateTable("respondent_contact_claim as rc")
      .set({ user_id: accountId, created_at: sql<Date>`now()` })
      .where("rc.channel", "=", value.channel)
      .where("rc.value", "=", value.value)
      .where("rc.first_name", "=", value.first_name)
      .where("rc.last_name", "=", value.last_name)
      .where(
        sql<boolean>`not exists (select 1 from contact hc join app_user hu on hu.id = hc.user_id
          where hc.user_id = rc.user_id and hc.channel = rc.channel and lower(hc.value) = rc.value
          and lower(hu.first_name) = rc.first_name and lower(hu.last_name) = rc.last_name)`,
      )
      .executeTakeFirst();
    if (Number(passedOn.numUpdatedRows) === 0) throw contactJustTaken();
  }
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
  await claimContacts(db, accountId, form);
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
