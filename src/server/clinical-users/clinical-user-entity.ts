import { type Kysely, sql } from "kysely";
import type { FieldError } from "../../shared/validation/field-errors.ts";
import { newAccountRow } from "../accounts/new-accounts.ts";
import { ACCOUNT_STATUS } from "../auth/access-hook.ts";
import {
  accountContacts,
  lastActivityAt,
  lastActivityCode,
  primaryContactValue,
  withoutMissingActivity,
} from "../auth/account-columns.ts";
import { ACTIVITY, logActivity } from "../auth/activity-log.ts";
import { type Contact, contactInformation, PHONE, setPrimaryContact } from "../contacts/contacts.ts";
import type { Database } from "../db/database-types.ts";
import type { EntityDefinition, EntityJson, EntityValues } from "../entities/entity-definition.ts";
import { entityStore } from "../entities/entity-store.ts";
import { HttpError } from "../http/http-error.ts";
import {
  applySupervisorRule,
  checkClinicalUser,
  CLINICAL_USER_MESSAGES as M,
  relationValues,
} from "./clinical-user-rules.ts";
import { recordSideChanges } from "./clinical-user-side-changes.ts";

export const CANNOT_DELETE =
  "This user has a history in the app and cannot be deleted. Deactivate the account instead.";

const cannotDelete = () => new HttpError(400, CANNOT_DELETE, "conflict");

const USER_ID = sql.ref<number>("e.id");

/** "First Last" names of the users a supervision row links the user to, in name order. */
function supervisionNames(own: "clinician_id" | "supervisor_id", other: "clinician_id" | "supervisor_id") {
  return sql<string[]>`coalesce((select json_agg(o.first_name || ' ' || o.last_name
      order by lower(o.last_name), lower(o.first_name), o.id)
    from supervision s join app_user o on o.id = ${sql.ref(`s.${other}`)} where ${sql.ref(`s.${own}`)} = e.id), '[]'::json)`;
}

/** Whether the activity log holds anything of the user's beyond their creation by someone else. */
async function hasHistory(db: Kysely<Database>, id: number): Promise<boolean> {
  const entry = await db
    .selectFrom("activity_log")
    .select("id")
    .where((eb) => eb.or([eb("user_id", "=", id), eb("actor_id", "=", id)]))
    .where((eb) => eb.or([eb("code", "<>", ACTIVITY.accountCreated), eb("actor_id", "=", id)]))
    .executeTakeFirst();
  return entry !== undefined;
}

/** The users on the other side of supervision links the save added or removed. */
function supervisionCounterparts(current: EntityJson | null, values: EntityValues): number[] {
  const changed: number[] = [];
  for (const field of ["superiors", "subordinates"] as const) {
    const before = new Set((current?.[field] as number[] | undefined) ?? []);
    const after = new Set(relationValues(values, field));
    for (const id of before) if (!after.has(id)) changed.push(id);
    for (const id of after) if (!before.has(id)) changed.push(id);
  }
  return changed;
}

/** The same field error said once (a location may be judged by the engine and by the check). */
function distinct(errors: FieldError[]): FieldError[] {
  return errors.filter((e, i) => errors.findIndex((o) => o.field === e.field && o.message === e.message) === i);
}

/**
 * A clinician, supervisor, staff member, admin or director (entities/clinical-user.json): an
 * app_user row of type clinical, with roles, locations and supervision as relations and the
 * mobile number as the primary phone contact. A new user is Not Invited, with no username or
 * password until they accept an invitation (clinical-user-status.ts).
 */
export const clinicalUserEntity: EntityDefinition = {
  name: "clinical_user",
  schemaId: "entities/clinical-user.json",
  tableId: "tables/clinical-users.table.json",
  notFound: M.notFound,
  from: (db) => db.selectFrom("app_user as e").where("e.user_type", "=", "clinical"),
  computed: {
    full_name: sql<string>`e.first_name || ' ' || e.last_name`,
    mobile_number: primaryContactValue(USER_ID, PHONE),
    location_names: sql<string[]>`coalesce((select json_agg(l.name order by lower(l.name), l.id)
      from user_location ul join location l on l.id = ul.location_id where ul.user_id = e.id), '[]'::json)`,
    superior_names: supervisionNames("clinician_id", "supervisor_id"),
    subordinate_names: supervisionNames("supervisor_id", "clinician_id"),
    // The contacts; `finish` makes them the sentence, by contacts.ts's rule.
    contact_information: accountContacts(USER_ID),
    last_activity_code: lastActivityCode(USER_ID),
    last_activity_at: lastActivityAt(USER_ID),
    invited_at: sql<Date | null>`(select max(a.at) from activity_log a where a.user_id = e.id
      and a.code = ${ACTIVITY.invitationSent})`,
  },
  // Contact information: the account email first, then the enabled contacts that are not the same address.
  finish(record) {
    const email = record.email as string | null;
    const contacts = (record.contact_information as Contact[]).filter(
      (c) => c.value.toLowerCase() !== email?.toLowerCase(),
    );
    const contactSentence = [email, contactInformation(contacts)].filter(Boolean).join(", ");
    return withoutMissingActivity({ ...record, contact_information: contactSentence });
  },
  tieBreak: [sql`lower(e.last_name)`, sql`lower(e.first_name)`],
  hooks: {
    prepare: applySupervisorRule,
    check: checkClinicalUser,
    unique: [{ index: "app_user_provider_id_key", field: "provider_id", message: M.providerIdInUse }],
    // Spec §5's sentence for the toast when the provider id is the problem; the field errors say the rest.
    async rejection(errors) {
      const said = distinct(errors);
      const providerTaken = said.some((e) => e.field === "provider_id" && e.message === M.providerIdInUse);
      return new HttpError(400, providerTaken ? M.providerIdInUseSentence : said[0].message, "validation", said);
    },
    // The body's columns (email, provider id) over the blanks of a new account.
    async insertColumns({ values }) {
      const account = newAccountRow({
        user_type: "clinical",
        status: ACCOUNT_STATUS.notInvited,
        first_name: String(values.columns.first_name),
        last_name: String(values.columns.last_name),
      });
      return { ...account, ...values.columns };
    },
    async afterInsert({ db, user, id }) {
      await logActivity(db, { userId: id, actorId: user.id, code: ACTIVITY.accountCreated });
    },
    async afterSave({ db, bundle, user, id, current, values }) {
      const mobile = values.body.mobile_number;
      // Clinical users always count as having notifications on (spec §6), so the number is enabled.
      await setPrimaryContact(db, bundle, id, PHONE, typeof mobile === "string" ? mobile : null, true, {
        field: "mobile_number",
      });
      const counterparts = supervisionCounterparts(current, values);
      await recordSideChanges(db, entityStore(clinicalUserEntity, bundle), user.id, counterparts);
    },
    /**
     * Only a user added by mistake may go: Not Invited, with nothing in the log but their
     * creation. Anyone else has a history a clinic must keep, so the answer is to deactivate them.
     */
    async beforeDelete({ db, user, record }) {
      if (record.id === user.id) throw new HttpError(400, "You cannot delete your own account.", "conflict");
      if (record.status !== ACCOUNT_STATUS.notInvited || (await hasHistory(db, record.id))) throw cannotDelete();
    },
    // Charts, programs, appointments and records that name the user keep it: the foreign keys say so.
    inUse: cannotDelete,
  },
};
