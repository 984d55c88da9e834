import { type RawBuilder, sql } from "kysely";
import { type Channel, EMAIL, PHONE } from "../contacts/contacts.ts";
import type { AnySelect, EntityDefinition } from "../entities/entity-definition.ts";
import { SELF_RELATION } from "../patients/self-relation.ts";
import { liveLinkVisibleSql } from "./respondent-access.ts";
import { editErrors, saveAccountValues } from "./respondent-edit.ts";
import { afterNewLink, newLinkColumns, newLinkErrors } from "./respondent-link.ts";
import { RESPONDENT_MESSAGES } from "./respondent-messages.ts";

/** The account's primary contact of a channel (one at most: contact_one_primary_per_channel). */
function primaryContact(channel: Channel, column: "value" | "enabled"): RawBuilder<unknown> {
  return sql`(select ${sql.ref(`c.${column}`)} from contact c
    where c.user_id = e.user_id and c.channel = ${channel} and c.is_primary)`;
}

/** A channel with no contact yet reads as "on": what the form starts with for a new value. */
const notificationsOn = (channel: Channel) => sql<boolean>`coalesce(${primaryContact(channel, "enabled")}, true)`;

/**
 * A respondent (entities/respondent.json): a patient-user account linked to a chart (cca_user).
 * The link's relation and type are its columns; the names are the account's (app_user, joined as
 * `u`) and email and phone its primary contacts, read here and written by the hooks. A caller
 * sees and changes the live links of charts they may see (respondent-access.ts); a link marked
 * deleted keeps its results but is no longer on the team. Making a link is respondent-link.ts,
 * editing one respondent-edit.ts, removing one respondent-remove.ts.
 */
export const respondentEntity: EntityDefinition = {
  name: "respondent",
  schemaId: "entities/respondent.json",
  notFound: RESPONDENT_MESSAGES.notFound,
  from: (db) => db.selectFrom("cca_user as e").innerJoin("app_user as u", "u.id", "e.user_id") as AnySelect,
  computed: {
    name_first: sql<string>`u.first_name`,
    name_middle: sql<string | null>`u.middle_name`,
    name_last: sql<string>`u.last_name`,
    email: primaryContact(EMAIL, "value"),
    email_notification: notificationsOn(EMAIL),
    phone: primaryContact(PHONE, "value"),
    mobile_notification: notificationsOn(PHONE),
  },
  visibleTo: (user) => liveLinkVisibleSql(user, "e"),
  tracksUpdatedAt: false,
  // A team lists the patient's own link first, then the others by last and first name.
  tieBreak: [sql`(e.relation_id <> ${SELF_RELATION})`, sql`lower(u.last_name)`, sql`lower(u.first_name)`],
  hooks: {
    check: (ctx) => (ctx.current ? editErrors(ctx, ctx.current) : newLinkErrors(ctx)),
    insertColumns: newLinkColumns,
    afterInsert: afterNewLink,
    afterSave: saveAccountValues,
  },
};
