import type { Kysely } from "kysely";
import type { SchemaBundle } from "../../shared/schema/bundle.ts";
import {
  addContact,
  type Channel,
  EMAIL,
  listContacts,
  normalizeContactValue,
  PHONE,
  sameValue,
  setPrimaryContact,
} from "../contacts/contacts.ts";
import type { Database } from "../db/database-types.ts";
import type { RespondentForm } from "./respondent-values.ts";

/**
 * The respondent form's email and phone (x-hook fields of entities/respondent.json): the
 * account's primary contact of each channel, with its notification flag. The rules of contacts
 * (normalising, one primary per channel, emr contacts locked) are contacts.ts's.
 */

interface FormContact {
  channel: Channel;
  value: string | null;
  enabled: boolean;
  /** The form field a refusal is reported on. */
  field: "email" | "phone";
}

/** The form's email and phone, with their notification flags (absent flags are on). */
function formContacts(form: RespondentForm): FormContact[] {
  return [
    { channel: EMAIL, value: form.email ?? null, enabled: form.email_notification ?? true, field: "email" },
    { channel: PHONE, value: form.phone ?? null, enabled: form.mobile_notification ?? true, field: "phone" },
  ];
}

/** A new account's contacts: the form's email and phone, each the first (so primary) of its channel. */
export async function addFormContacts(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  accountId: number,
  form: RespondentForm,
): Promise<void> {
  for (const { channel, value, enabled, field } of formContacts(form)) {
    if (value !== null) await addContact(db, bundle, accountId, { channel, value, enabled }, { field });
  }
}

/**
 * A linked person keeps their names and contacts; an email or phone typed in the form that they
 * do not have yet is added (primary when they have none on that channel), so nothing typed is
 * lost. True when one was added.
 */
export async function addMissingContacts(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  accountId: number,
  form: RespondentForm,
): Promise<boolean> {
  const held = (await listContacts(db, [accountId])).get(accountId) ?? [];
  let added = false;
  for (const { channel, value: typed, enabled, field } of formContacts(form)) {
    if (typed === null) continue;
    const value = normalizeContactValue(channel, typed);
    if (held.some((h) => h.channel === channel && sameValue(channel, h.value, value))) continue;
    await addContact(db, bundle, accountId, { channel, value, enabled }, { field });
    added = true;
  }
  return added;
}

/** An edit: each channel's primary becomes the form's value (null removes it), with its flag. */
export async function setFormContacts(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  accountId: number,
  form: RespondentForm,
): Promise<void> {
  for (const { channel, value, enabled, field } of formContacts(form))
    await setPrimaryContact(db, bundle, accountId, channel, value, enabled, { field });
}
