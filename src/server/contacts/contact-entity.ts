import { type SqlBool, sql } from "kysely";
import type { FieldError } from "../../shared/validation/field-errors.ts";
import type { EntityDefinition, EntityJson, SaveContext } from "../entities/entity-definition.ts";
import { badRequest } from "../http/http-error.ts";
import {
  type Channel,
  CONTACT_MESSAGES,
  type Contact,
  channelContacts,
  demotePrimary,
  handOverPrimary,
  lockAccount,
  lockedContact,
  sameValue,
} from "./contacts.ts";

/** The engine reads a contact as entities/contact.json lists it, which is the Contact shape. */
const asContact = (record: EntityJson): Contact => record as unknown as Contact;

/** The account whose contacts a save changes: the contact's own, or for a new one the caller's. */
function ownerOf({ current, user }: SaveContext): number {
  return current ? asContact(current).user_id : user.id;
}

/**
 * One way to reach an account (entities/contact.json), as a person keeps their own on My account.
 * The rules shared with the respondent and user forms live in contacts.ts; here they become the
 * entity's hooks: a value once per channel, the channel fixed once saved, contacts from the
 * patient record (emr) locked, and one primary per channel: the first of a channel becomes
 * primary, choosing one demotes the other, `primary: false` alone keeps it (the primary moves only
 * by choosing another), and deleting it hands the place to the oldest left. Every change takes
 * the account's row first, as contacts.ts does, so two saves cannot both make a primary.
 */
export const contactEntity: EntityDefinition = {
  name: "contact",
  schemaId: "entities/contact.json",
  notFound: CONTACT_MESSAGES.notFound,
  tracksUpdatedAt: false,
  // Through this entity a person reads and changes only their own contacts; the clinic changes
  // others' through the respondent and user forms (contacts.ts setPrimaryContact).
  visibleTo: (user) => sql<SqlBool>`e.user_id = ${user.id}`,
  hooks: {
    async check(ctx) {
      const { db, values } = ctx;
      const before = ctx.current && asContact(ctx.current);
      const channel = values.columns.channel as Channel;
      const value = values.columns.value as string;
      if (before && before.channel !== channel) return [{ field: "channel", message: CONTACT_MESSAGES.typeFixed }];
      const owner = ownerOf(ctx);
      await lockAccount(db, owner);
      const errors: FieldError[] = [];
      if (before && !before.editable && (value !== before.value || values.columns.enabled !== before.enabled))
        errors.push(lockedContact(channel, "value"));
      const others = (await channelContacts(db, owner, channel)).filter((c) => c.id !== before?.id);
      if (others.some((c) => sameValue(channel, c.value, value)))
        errors.push({ field: "value", message: CONTACT_MESSAGES.duplicate });
      return errors;
    },
    async beforeWrite(ctx) {
      const { db, values } = ctx;
      const channel = values.columns.channel as Channel;
      const owner = ownerOf(ctx);
      const wasPrimary = ctx.current?.primary === true;
      const first = !ctx.current && !(await channelContacts(db, owner, channel)).some((c) => c.primary);
      const primary = wasPrimary || values.columns.is_primary === true || first;
      if (primary && !wasPrimary) await demotePrimary(db, owner, channel);
      values.columns.is_primary = primary;
    },
    insertColumns: async ({ user }) => ({ user_id: user.id }),
    async beforeDelete({ db, record }) {
      const contact = asContact(record);
      if (!contact.editable) throw badRequest([lockedContact(contact.channel, "value")]);
      await lockAccount(db, contact.user_id);
      if (contact.primary) await handOverPrimary(db, contact);
    },
  },
};
