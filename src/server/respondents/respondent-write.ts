import { type Kysely, sql } from "kysely";
import type { RespondentCreateRequest } from "../../../generated/types/api/respondent-create.ts";
import type { RespondentUpdateRequest } from "../../../generated/types/api/respondent-update.ts";
import { MESSAGES } from "../../shared/api-errors.ts";
import type { SchemaBundle } from "../../shared/schema/bundle.ts";
import type { FieldError } from "../../shared/validation/field-errors.ts";
import { insertRespondentAccounts } from "../accounts/new-accounts.ts";
import { ACCOUNT_STATUS } from "../auth/access-hook.ts";
import { ACTIVITY, logActivity } from "../auth/activity-log.ts";
import type { RequestUser } from "../auth/request-user.ts";
import {
  addContact,
  type Channel,
  type DeliveryChannels,
  EMAIL,
  listContacts,
  normalizeContactValue,
  PHONE,
  setPrimaryContact,
} from "../contacts/contacts.ts";
import type { Database } from "../db/database-types.ts";
import { appendHistory } from "../history/record-history.ts";
import { notFound } from "../http/http-error.ts";
import { activatePatient } from "../patients/activate-patient.ts";
import { SELF_RELATION } from "../patients/self-relation.ts";
import { disableOpenMeasures } from "./link-measures.ts";
import { accountVisibleSql, contactMatchSql, visibleChart, visibleLink } from "./respondent-access.ts";
import { RESPONDENT_MESSAGES } from "./respondent-messages.ts";
import { type TeamMember, teamMember } from "./team-read.ts";

/** A save refused for reasons the person can fix; with the existing link when the person is already on the team. */
export class RespondentRejected extends Error {
  constructor(
    readonly errors: FieldError[],
    readonly existingCcauId: number | null = null,
  ) {
    super(errors[0]?.message ?? MESSAGES.validation);
  }
}

interface Deps {
  db: Kysely<Database>;
  bundle: SchemaBundle;
  channels: DeliveryChannels;
}

/** A record_history entry for a respondent link (STYLE habit 12: who changed what, when). */
async function recordLink(trx: Kysely<Database>, userId: number, member: TeamMember, extra: object = {}) {
  await appendHistory(trx, {
    entity: "respondent",
    entityId: member.ccauId,
    data: { ...member, ...extra },
    changedBy: userId,
  });
}

/**
 * The account to link, when the caller may link it: a patient-user account that is already on a
 * chart the caller may see, or one holding the email or mobile number the caller typed (they
 * know how to reach this person). Anything else answers null, the same as no such account, so
 * ids cannot be tried one by one to find people.
 */
async function linkableAccount(
  trx: Kysely<Database>,
  user: RequestUser,
  accountId: number,
  email: string | null,
  phone: string | null,
): Promise<number | null> {
  const row = await trx
    .selectFrom("app_user as u")
    .select("u.id")
    .where("u.id", "=", accountId)
    .where("u.user_type", "=", "patient")
    .where(sql<boolean>`(${accountVisibleSql(user, "u.id")} or ${contactMatchSql("u.id", email, phone)})`)
    .executeTakeFirst();
  return row?.id ?? null;
}

async function liveLinkOf(trx: Kysely<Database>, ccaId: number, accountId: number): Promise<number | null> {
  const row = await trx
    .selectFrom("cca_user")
    .select("id")
    .where("cca_id", "=", ccaId)
    .where("user_id", "=", accountId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return row?.id ?? null;
}

async function createAccount(trx: Kysely<Database>, body: RespondentCreateRequest): Promise<number> {
  const [accountId] = await insertRespondentAccounts(trx, [
    {
      status: ACCOUNT_STATUS.notInvited,
      first_name: body.name_first,
      middle_name: body.name_middle ?? null,
      last_name: body.name_last,
    },
  ]);
  return accountId;
}

/** The form's email and phone, with their notification flags (absent flags are on). */
function formContacts(body: RespondentCreateRequest | RespondentUpdateRequest) {
  return [
    { channel: EMAIL, value: body.email ?? null, enabled: body.email_notification ?? true, field: "email" },
    { channel: PHONE, value: body.phone ?? null, enabled: body.mobile_notification ?? true, field: "phone" },
  ] as const satisfies readonly { channel: Channel; value: string | null; enabled: boolean; field: string }[];
}

/**
 * A linked person keeps their names and contacts; an email or phone typed in the form that they
 * do not have yet is added (primary when they have none on that channel), so nothing typed is lost.
 */
async function addMissingContacts(
  trx: Kysely<Database>,
  bundle: SchemaBundle,
  accountId: number,
  body: RespondentCreateRequest,
) {
  const held = (await listContacts(trx, [accountId])).get(accountId) ?? [];
  for (const c of formContacts(body)) {
    if (c.value === null) continue;
    const value = normalizeContactValue(c.channel, c.value);
    const same = held.some(
      (h) =>
        h.channel === c.channel &&
        (c.channel === EMAIL ? h.value.toLowerCase() === value.toLowerCase() : h.value === value),
    );
    if (!same)
      await addContact(trx, bundle, accountId, { channel: c.channel, value, enabled: c.enabled }, { field: c.field });
  }
}

/**
 * Adds a respondent to a chart the caller may see (else 404): a new patient-user account (Not
 * Invited, no credentials, role respondent) with the form's contacts, or with existingUserId the
 * existing person. Refuses relation 1 (only the patient's own link has it) and a person already
 * on the team (with their link, so the form can offer to edit them). Activates the patient.
 */
export async function createRespondent(
  deps: Deps,
  user: RequestUser,
  body: RespondentCreateRequest,
): Promise<TeamMember> {
  const { db, bundle, channels } = deps;
  return db.transaction().execute(async (trx) => {
    const chart = await visibleChart(trx, user, body.ccaId, { lock: true });
    if (!chart) throw notFound(MESSAGES.patientNotFound);

    const errors: FieldError[] = [];
    let accountId: number | null = null;
    if (body.existingUserId) {
      accountId = await linkableAccount(trx, user, body.existingUserId, body.email ?? null, body.phone ?? null);
      if (accountId === null) {
        errors.push({ field: "existingUserId", message: RESPONDENT_MESSAGES.linkNotFound });
      } else {
        const existing = await liveLinkOf(trx, chart.ccaId, accountId);
        if (existing !== null)
          throw new RespondentRejected(
            [{ field: "existingUserId", message: RESPONDENT_MESSAGES.alreadyOnTeam }],
            existing,
          );
      }
    }
    // The patient's own account always holds a live relation-1 link, refused above as already on the team.
    if (body.relation_id === SELF_RELATION)
      errors.push({ field: "relation_id", message: RESPONDENT_MESSAGES.patientRelationReserved });
    if (errors.length) throw new RespondentRejected(errors);

    const created = accountId === null;
    if (accountId === null) {
      accountId = await createAccount(trx, body);
      for (const c of formContacts(body)) {
        if (c.value !== null)
          await addContact(
            trx,
            bundle,
            accountId,
            { channel: c.channel, value: c.value, enabled: c.enabled },
            { field: c.field },
          );
      }
    } else {
      await addMissingContacts(trx, bundle, accountId, body);
    }
    const link = await trx
      .insertInto("cca_user")
      .values({
        cca_id: chart.ccaId,
        user_id: accountId,
        relation_id: body.relation_id,
        respondent_type: body.respondent_type,
        deleted_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (created)
      await logActivity(trx, {
        userId: accountId,
        actorId: user.id,
        code: ACTIVITY.accountCreated,
        detail: { ccauId: link.id },
      });
    // Spec §4 Activation: adding a respondent activates the patient (a new version of its record).
    await activatePatient(trx, bundle, chart.patientId, user.id);
    const member = await teamMember(trx, bundle, channels, link.id);
    await recordLink(trx, user.id, member);
    return member;
  });
}

function sameName(a: string | null | undefined, b: string | null | undefined): boolean {
  return (a ?? "").trim().toLowerCase() === (b ?? "").trim().toLowerCase();
}

/**
 * Saves an edited respondent link (404 unless live and on a chart the caller may see): the
 * person's names and primary email and phone (account-wide: the same person on another chart
 * changes too), and this link's relation and type. The patient's own link is edited on the
 * patient form; a person who is also a patient keeps the names of their patient record.
 */
export async function updateRespondent(
  deps: Deps,
  user: RequestUser,
  ccauId: number,
  body: RespondentUpdateRequest,
): Promise<TeamMember> {
  const { db, bundle, channels } = deps;
  return db.transaction().execute(async (trx) => {
    const link = await visibleLink(trx, user, ccauId, { lock: true });
    if (!link) throw notFound(RESPONDENT_MESSAGES.notFound);
    if (link.relationId === SELF_RELATION)
      throw new RespondentRejected([{ field: "", message: RESPONDENT_MESSAGES.patientEditedOnPatientForm }]);

    const errors: FieldError[] = [];
    if (body.relation_id === SELF_RELATION)
      errors.push({ field: "relation_id", message: RESPONDENT_MESSAGES.patientRelationReserved });
    const record = await trx
      .selectFrom("patient")
      .select(["first_name", "middle_name", "last_name"])
      .where("user_id", "=", link.userId)
      .executeTakeFirst();
    if (
      record &&
      !(
        sameName(record.first_name, body.name_first) &&
        sameName(record.middle_name, body.name_middle) &&
        sameName(record.last_name, body.name_last)
      )
    )
      errors.push({ field: "name_first", message: RESPONDENT_MESSAGES.patientAccountNames });
    if (errors.length) throw new RespondentRejected(errors);

    if (!record) {
      await trx
        .updateTable("app_user")
        .set({
          first_name: body.name_first,
          middle_name: body.name_middle ?? null,
          last_name: body.name_last,
          updated_at: sql`now()`,
        })
        .where("id", "=", link.userId)
        .execute();
    }
    await trx
      .updateTable("cca_user")
      .set({ relation_id: body.relation_id, respondent_type: body.respondent_type })
      .where("id", "=", link.ccauId)
      .execute();
    for (const c of formContacts(body))
      await setPrimaryContact(trx, bundle, link.userId, c.channel, c.value, c.enabled, { field: c.field });

    const member = await teamMember(trx, bundle, channels, link.ccauId);
    await recordLink(trx, user.id, member);
    return member;
  });
}

export type RemovalResult = "marked_deleted" | "removed";

/**
 * Removes a respondent from a chart's team (spec §4): a link with measures is marked deleted,
 * keeping its results, with its schedules and unanswered measures disabled so nothing more is
 * sent; a link without is removed. The patient's own link stays. 404 when there is no live link
 * the caller may see ("fails if result absent").
 */
export async function removeRespondent(deps: Deps, user: RequestUser, ccauId: number): Promise<RemovalResult> {
  const { db, bundle, channels } = deps;
  return db.transaction().execute(async (trx) => {
    const link = await visibleLink(trx, user, ccauId, { lock: true });
    if (!link) throw notFound(RESPONDENT_MESSAGES.notFound);
    if (link.relationId === SELF_RELATION)
      throw new RespondentRejected([{ field: "", message: RESPONDENT_MESSAGES.patientNotRemovable }]);

    const member = await teamMember(trx, bundle, channels, link.ccauId);
    // client_measure belongs to the measures area; plain SQL keeps this module off its types.
    const measures = await sql<{
      n: number;
    }>`select count(*)::int as n from client_measure where ccau_id = ${link.ccauId}`.execute(trx);
    let result: RemovalResult;
    if (measures.rows[0].n > 0) {
      await trx.updateTable("cca_user").set({ deleted_at: sql`now()` }).where("id", "=", link.ccauId).execute();
      await disableOpenMeasures(trx, [link.ccauId]);
      result = "marked_deleted";
    } else {
      await trx.deleteFrom("cca_user").where("id", "=", link.ccauId).execute();
      result = "removed";
    }
    await recordLink(trx, user.id, member, { removed: result });
    return result;
  });
}
