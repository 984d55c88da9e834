import type { ValidateFunction } from "ajv";
import { type Kysely, sql } from "kysely";
import type { SchemaBundle } from "../../shared/schema/bundle.ts";
import { onlyDigits, onlyPhonePunctuation } from "../../shared/validation/digits.ts";
import type { FieldError } from "../../shared/validation/field-errors.ts";
import { toFieldErrors } from "../../shared/validation/field-errors.ts";
import { SchemaValidator } from "../../shared/validation/validator.ts";
import type { Database } from "../db/database-types.ts";
import { badRequest } from "../http/http-error.ts";

/**
 * Contact information of an account (spec §3 Contact). The ONE module that reads and changes
 * `contact` rows: the respondents routes (src/server/respondents/), the patient form (the
 * patient record's own email and mobile), and the contact entity (contact-entity.ts, whose
 * hooks the My account contact-info routes save through) all go through it.
 *
 * Rules
 * - channel 1 email, 2 phone (enums/contact-channel.json). Values are stored normalized: an email
 *   trimmed (compared case-insensitively), a phone as its digits, which must be 10.
 * - One primary contact per account and channel (unique index contact_one_primary_per_channel):
 *   an account's first contact of a channel becomes primary, making one primary demotes the
 *   other, and removing the primary promotes the oldest one left. `primary: false` alone is
 *   ignored: the primary moves only by choosing another.
 * - emr contacts mirror the patient record (patient.email / mobile_number and their notification
 *   flags) onto the patient's own account. They are not editable (editable = false): only
 *   syncPatientRecordContacts changes them, after a patient save. A non-editable contact may still
 *   be made primary.
 * - enabled: invitations and reminders may go to this contact. They go out only on channels the
 *   clinic sends on (general settings email_enabled, sms_enabled).
 * - Every change locks the account row first (app_user ... for update), so two saves cannot both
 *   make a primary. Call the changing functions inside a transaction.
 * - Every change of a row adds one to its version (optimistic concurrency, docs/entity-engine.md):
 *   a form holding a copy from before a demotion or a sync is refused rather than undoing it.
 *
 * API (refusals a person can fix throw HttpError 400 with field errors; `field` names the form
 * field to report them on, "value" unless given)
 * - EMAIL, PHONE; type Contact (the JSON shape of entities/contact.json); NOTIFICATIONS_OFF_WARNING;
 *   CONTACT_MESSAGES.
 * - normalizeContactValue(channel, raw): the stored form of a value ("" when nothing is left).
 * - contactValueErrors(bundle, channel, value, field): the schema's messages for a bad value
 *   (entities/respondent.json email and phone rules: 'Invalid email', 'That mobile number is too short...').
 * - listContacts(db, userIds): Map of user id to contacts, primary first within each channel.
 * - addContact(db, bundle, userId, {channel, value, primary?, enabled?}, {field?}): adds an
 *   editable contact; a value the account already has on that channel is refused.
 * - Editing and removing one contact: the contact entity (contact-entity.ts), through
 *   lockAccount, channelContacts, sameValue, lockedContact, demotePrimary and handOverPrimary.
 * - setPrimaryContact(db, bundle, userId, channel, value | null, enabled, {field?}): what a form
 *   with one email and one phone field means: the channel's primary becomes `value` (null removes it).
 * - primaryOf(contacts, channel): the channel's primary contact or null.
 * - syncPatientRecordContacts(db, patientId) / syncAllPatientRecordContacts(db): the emr mirror.
 * - deliveryChannels(settings), notificationsEnabled(userType, contacts, channels),
 *   contactWarnings(userType, contacts, channels), contactInformation(contacts), formatPhone(digits).
 */

export const EMAIL = 1;
export const PHONE = 2;
export type Channel = typeof EMAIL | typeof PHONE;

/** Spec §6: shown for a respondent who cannot be reached. */
export const NOTIFICATIONS_OFF_WARNING =
  "Notifications are off or contact information is missing: invitations and reminders will not be sent.";

export const CONTACT_MESSAGES = {
  duplicate: "That contact is already saved.",
  notFound: "The contact does not exist.",
  typeFixed: "The type of a contact cannot be changed. Add a new contact instead.",
  locked: {
    [EMAIL]: "This email is on the patient's record: change it on the patient form.",
    [PHONE]: "This mobile number is on the patient's record: change it on the patient form.",
  },
  required: { [EMAIL]: "Email is required", [PHONE]: "Mobile number is required" },
} as const;

/** entities/contact.json as the API answers it. */
export interface Contact {
  id: number;
  user_id: number;
  channel: Channel;
  primary: boolean;
  emr: boolean;
  value: string;
  editable: boolean;
  enabled: boolean;
  version: number;
}

type ContactRow = {
  id: number;
  user_id: number;
  channel: number;
  is_primary: boolean;
  emr: boolean;
  value: string;
  editable: boolean;
  enabled: boolean;
  version: number;
};

const COLUMNS = ["id", "user_id", "channel", "is_primary", "emr", "value", "editable", "enabled", "version"] as const;

/** What every change of a contact row also sets: its next version. */
const NEXT_VERSION = { version: sql<number>`version + 1` };

function toContact(row: ContactRow): Contact {
  return {
    id: row.id,
    user_id: row.user_id,
    channel: row.channel as Channel,
    primary: row.is_primary,
    emr: row.emr,
    value: row.value,
    editable: row.editable,
    enabled: row.enabled,
    version: row.version,
  };
}

/** Phone numbers keep their digits, as ASCII whatever script they were typed in; emails are trimmed. */
export function normalizeContactValue(channel: Channel, raw: string): string {
  if (channel !== PHONE) return raw.trim();
  const digits = onlyDigits(raw);
  // No digit at all in something typed: keep it, so the phone rule refuses it instead of saving nothing.
  return digits !== "" || onlyPhonePunctuation(raw) ? digits : raw.trim();
}

/** Emails compare in any case, phone numbers digit for digit. */
export function sameValue(channel: Channel, a: string, b: string): boolean {
  return channel === EMAIL ? a.toLowerCase() === b.toLowerCase() : a === b;
}

/** The respondent entity's email and phone rules, compiled once per bundle. */
const valueRules = new WeakMap<SchemaBundle, Record<Channel, ValidateFunction>>();

function rulesFor(bundle: SchemaBundle): Record<Channel, ValidateFunction> {
  let rules = valueRules.get(bundle);
  if (!rules) {
    const validator = new SchemaValidator(bundle);
    rules = {
      [EMAIL]: validator.compile({ $ref: "entities/respondent.json#/properties/email" }),
      [PHONE]: validator.compile({ $ref: "entities/respondent.json#/properties/phone" }),
    };
    valueRules.set(bundle, rules);
  }
  return rules;
}

/** The messages for a contact value that breaks its channel's rule; [] when it is good. */
export function contactValueErrors(
  bundle: SchemaBundle,
  channel: Channel,
  value: string,
  field = "value",
): FieldError[] {
  if (value === "") return [{ field, message: CONTACT_MESSAGES.required[channel] }];
  const check = rulesFor(bundle)[channel];
  if (check(value)) return [];
  return toFieldErrors(check.errors).map((e) => ({ field, message: e.message }));
}

/** Contacts of each account, primary first within each channel, then oldest first. */
export async function listContacts(db: Kysely<Database>, userIds: readonly number[]): Promise<Map<number, Contact[]>> {
  const out = new Map<number, Contact[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return out;
  const rows = await db
    .selectFrom("contact")
    .select(COLUMNS)
    .where("user_id", "in", [...new Set(userIds)])
    .orderBy("user_id")
    .orderBy("channel")
    .orderBy("is_primary", "desc")
    .orderBy("id")
    .execute();
  for (const row of rows) out.get(row.user_id)?.push(toContact(row));
  return out;
}

/** Takes the account row for the transaction: changes of one account's contacts run one at a time. */
export async function lockAccount(db: Kysely<Database>, userId: number): Promise<void> {
  await db.selectFrom("app_user").select("id").where("id", "=", userId).forUpdate().execute();
}

/** The account's contacts of one channel, primary first. */
export async function channelContacts(db: Kysely<Database>, userId: number, channel: Channel): Promise<Contact[]> {
  return (await listContacts(db, [userId])).get(userId)?.filter((c) => c.channel === channel) ?? [];
}

/** The channel's primary stops being one (another is about to take its place). */
export async function demotePrimary(db: Kysely<Database>, userId: number, channel: Channel): Promise<void> {
  await db
    .updateTable("contact")
    .set({ is_primary: false, ...NEXT_VERSION })
    .where("user_id", "=", userId)
    .where("channel", "=", channel)
    .where("is_primary", "=", true)
    .execute();
}

/** After a primary went: the oldest contact left on the channel takes its place. */
async function promoteOldest(db: Kysely<Database>, userId: number, channel: Channel): Promise<void> {
  await sql`update contact set is_primary = true, version = version + 1 where id = (
      select id from contact where user_id = ${userId} and channel = ${channel} order by id limit 1)
    and not exists (select 1 from contact where user_id = ${userId} and channel = ${channel} and is_primary)`.execute(
    db,
  );
}

async function deleteContact(db: Kysely<Database>, contact: Contact): Promise<void> {
  await db.deleteFrom("contact").where("id", "=", contact.id).execute();
  if (contact.primary) await promoteOldest(db, contact.user_id, contact.channel);
}

/**
 * Before a primary contact is deleted: the oldest other contact of its channel becomes primary
 * (the index allows one primary per channel, so this one steps down first).
 */
export async function handOverPrimary(db: Kysely<Database>, contact: Pick<Contact, "id" | "user_id" | "channel">) {
  await db.updateTable("contact").set({ is_primary: false }).where("id", "=", contact.id).execute();
  await sql`update contact set is_primary = true, version = version + 1 where id = (
      select id from contact where user_id = ${contact.user_id} and channel = ${contact.channel}
        and id <> ${contact.id} order by id limit 1)`.execute(db);
}

async function reload(db: Kysely<Database>, id: number): Promise<Contact> {
  return toContact(await db.selectFrom("contact").select(COLUMNS).where("id", "=", id).executeTakeFirstOrThrow());
}

function cleanValue(bundle: SchemaBundle, channel: Channel, raw: string, field: string): string {
  const value = normalizeContactValue(channel, raw);
  const errors = contactValueErrors(bundle, channel, value, field);
  if (errors.length) throw badRequest(errors);
  return value;
}

/** The refusal of a change to a contact from the patient record (emr), on `field`. */
export const lockedContact = (channel: Channel, field: string): FieldError => ({
  field,
  message: CONTACT_MESSAGES.locked[channel],
});

const locked = (channel: Channel, field: string) => badRequest([lockedContact(channel, field)]);

/** An account holds a value once per channel: refuses `value` when one of `others` already has it. */
function refuseDuplicate(others: readonly Contact[], channel: Channel, value: string, field: string): void {
  if (others.some((c) => sameValue(channel, c.value, value)))
    throw badRequest([{ field, message: CONTACT_MESSAGES.duplicate }]);
}

async function insertContact(
  db: Kysely<Database>,
  userId: number,
  contact: { channel: Channel; value: string; primary: boolean; enabled: boolean; emr?: boolean },
): Promise<Contact> {
  if (contact.primary) await demotePrimary(db, userId, contact.channel);
  const row = await db
    .insertInto("contact")
    .values({
      user_id: userId,
      channel: contact.channel,
      is_primary: contact.primary,
      emr: contact.emr ?? false,
      value: contact.value,
      editable: !contact.emr,
      enabled: contact.enabled,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toContact(row);
}

/** Adds an editable contact; the channel's first becomes primary. A value already saved is refused. */
export async function addContact(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  userId: number,
  input: { channel: Channel; value: string; primary?: boolean; enabled?: boolean },
  opts: { field?: string } = {},
): Promise<Contact> {
  const field = opts.field ?? "value";
  const value = cleanValue(bundle, input.channel, input.value, field);
  await lockAccount(db, userId);
  const current = await channelContacts(db, userId, input.channel);
  refuseDuplicate(current, input.channel, value, field);
  return insertContact(db, userId, {
    channel: input.channel,
    value,
    primary: input.primary === true || !current.some((c) => c.primary),
    enabled: input.enabled ?? true,
  });
}

/**
 * A form with one email and one phone field (the respondent form): the channel's primary becomes
 * `value`, with notifications `enabled`; null removes it. A value the account already holds on
 * that channel becomes the primary instead of being saved twice. A non-editable (emr) primary
 * is refused any change. Answers the primary now, or null.
 */
export async function setPrimaryContact(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  userId: number,
  channel: Channel,
  raw: string | null,
  enabled: boolean,
  opts: { field?: string } = {},
): Promise<Contact | null> {
  const field = opts.field ?? "value";
  const value = raw === null ? null : cleanValue(bundle, channel, raw, field);
  await lockAccount(db, userId);
  const current = await channelContacts(db, userId, channel);
  const primary = current.find((c) => c.primary) ?? null;

  if (value === null) {
    if (!primary) return null;
    if (!primary.editable) throw locked(channel, field);
    await deleteContact(db, primary);
    return (await channelContacts(db, userId, channel)).find((c) => c.primary) ?? null;
  }
  if (primary && sameValue(channel, primary.value, value)) {
    if (primary.enabled === enabled && primary.value === value) return primary;
    if (!primary.editable) throw locked(channel, field);
    await db
      .updateTable("contact")
      .set({ value, enabled, ...NEXT_VERSION })
      .where("id", "=", primary.id)
      .execute();
    return reload(db, primary.id);
  }
  if (primary && !primary.editable) throw locked(channel, field);
  const existing = current.find((c) => !c.primary && sameValue(channel, c.value, value));
  if (existing) {
    if (primary) await deleteContact(db, primary);
    await demotePrimary(db, userId, channel);
    await db
      .updateTable("contact")
      .set(existing.editable ? { is_primary: true, enabled, ...NEXT_VERSION } : { is_primary: true, ...NEXT_VERSION })
      .where("id", "=", existing.id)
      .execute();
    return reload(db, existing.id);
  }
  if (primary) {
    await db
      .updateTable("contact")
      .set({ value, enabled, ...NEXT_VERSION })
      .where("id", "=", primary.id)
      .execute();
    return reload(db, primary.id);
  }
  return insertContact(db, userId, { channel, value, primary: true, enabled });
}

/** A patient record's contact fields, blank values already null. */
interface RecordContacts {
  user_id: number | null;
  email: string | null;
  email_notification: boolean;
  mobile_number: string | null;
  mobile_notification: boolean;
}

/**
 * Mirrors a patient record's email and mobile number (and their notification flags) onto the
 * patient's own account as emr contacts: added, changed or removed to match. Call it after
 * every save of a patient, in the same transaction.
 */
export async function syncPatientRecordContacts(db: Kysely<Database>, patientId: number): Promise<void> {
  const record: RecordContacts | undefined = await db
    .selectFrom("patient")
    .select(["user_id", "email", "email_notification", "mobile_number", "mobile_notification"])
    .where("id", "=", patientId)
    .executeTakeFirst();
  if (!record || record.user_id === null) return;
  const userId = record.user_id;
  await lockAccount(db, userId);
  const wanted: [Channel, string | null, boolean][] = [
    [EMAIL, record.email, record.email_notification],
    [PHONE, record.mobile_number, record.mobile_notification],
  ];
  for (const [channel, raw, enabled] of wanted) {
    const value = raw ? normalizeContactValue(channel, raw) : "";
    const current = await channelContacts(db, userId, channel);
    const emr = current.find((c) => c.emr);
    if (!value) {
      if (emr) await deleteContact(db, emr);
    } else if (emr) {
      if (emr.value !== value || emr.enabled !== enabled)
        await db
          .updateTable("contact")
          .set({ value, enabled, ...NEXT_VERSION })
          .where("id", "=", emr.id)
          .execute();
    } else {
      await insertContact(db, userId, { channel, value, enabled, primary: !current.some((c) => c.primary), emr: true });
    }
  }
}

/**
 * syncPatientRecordContacts for every patient at once, for bulk loads (the demo seed): adds the
 * emr contacts that are missing. Patients saved through the API are kept in step one by one.
 */
export async function syncAllPatientRecordContacts(db: Kysely<Database>): Promise<void> {
  for (const [channel, column, flag] of [
    [EMAIL, "email", "email_notification"],
    [PHONE, "mobile_number", "mobile_notification"],
  ] as const) {
    await sql`insert into contact (user_id, channel, is_primary, emr, value, editable, enabled)
      select p.user_id, ${channel}::smallint,
        not exists (select 1 from contact c where c.user_id = p.user_id and c.channel = ${channel} and c.is_primary),
        true, ${sql.ref(`p.${column}`)}, false, ${sql.ref(`p.${flag}`)}
      from patient p
      where p.user_id is not null and coalesce(${sql.ref(`p.${column}`)}, '') <> ''
        and not exists (select 1 from contact c where c.user_id = p.user_id and c.channel = ${channel} and c.emr)`.execute(
      db,
    );
  }
}

/** Which channels the clinic sends on (general settings). */
export interface DeliveryChannels {
  email: boolean;
  sms: boolean;
}

export function deliveryChannels(settings: { email_enabled?: boolean; sms_enabled?: boolean }): DeliveryChannels {
  return { email: settings.email_enabled === true, sms: settings.sms_enabled === true };
}

/**
 * Can invitations and reminders reach this account? Clinical users always count as yes (spec
 * §6); anyone else needs an enabled contact on a channel the clinic sends on.
 */
export function notificationsEnabled(
  userType: "clinical" | "patient",
  contacts: readonly Contact[],
  channels: DeliveryChannels,
): boolean {
  if (userType === "clinical") return true;
  return contacts.some((c) => c.enabled && (c.channel === EMAIL ? channels.email : channels.sms));
}

/** The warnings to show beside an account's contact information (spec §6). */
export function contactWarnings(
  userType: "clinical" | "patient",
  contacts: readonly Contact[],
  channels: DeliveryChannels,
): string[] {
  return notificationsEnabled(userType, contacts, channels) ? [] : [NOTIFICATIONS_OFF_WARNING];
}

/** (xxx) xxx-xxxx for 10 digits (spec §5); anything else as stored. */
export function formatPhone(digits: string): string {
  return /^\d{10}$/.test(digits) ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : digits;
}

/** Every enabled email, then every enabled phone, primary first, comma separated (spec §3). */
export function contactInformation(contacts: readonly Contact[]): string {
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const channel of [EMAIL, PHONE] as const) {
    const ofChannel = contacts
      .filter((c) => c.channel === channel && c.enabled)
      .sort((a, b) => Number(b.primary) - Number(a.primary) || a.id - b.id);
    for (const c of ofChannel) {
      const key = `${channel}:${channel === EMAIL ? c.value.toLowerCase() : c.value}`;
      if (seen.has(key)) continue;
      seen.add(key);
      parts.push(channel === PHONE ? formatPhone(c.value) : c.value);
    }
  }
  return parts.join(", ");
}

/** The channel's primary contact, or null. */
export function primaryOf(contacts: readonly Contact[], channel: Channel): Contact | null {
  return contacts.find((c) => c.channel === channel && c.primary) ?? null;
}
