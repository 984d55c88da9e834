import { type Kysely, type SqlBool, sql } from "kysely";
import type { ChartTeamMember } from "../../../generated/types/api/chart-team-member.ts";
import type { AccountStatus } from "../../../generated/types/enums/account-status.ts";
import { enumOptions, type SchemaBundle, schemaById } from "../../shared/schema/bundle.ts";
import {
  type Contact,
  contactInformation,
  contactWarnings,
  type DeliveryChannels,
  deliveryChannels,
  listContacts,
  notificationsEnabled,
} from "../contacts/contacts.ts";
import type { Database } from "../db/database-types.ts";
import { type EntityStore, entityStore } from "../entities/entity-store.ts";
import { SELF_RELATION } from "../patients/self-relation.ts";
import { readGeneralSettings } from "../settings/general-settings.ts";
import { respondentEntity } from "./respondent-entity.ts";
import { asRespondent, type RespondentRecord } from "./respondent-values.ts";

/** A chart's team as GET /api/teams/{ccaId} answers it (schemas/api/chart-team-member.json): a respondent record with its account's facts. */
export type TeamMember = ChartTeamMember;

/** The channels the clinic sends on now (general settings), for the warnings of a team. */
export async function currentDeliveryChannels(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  dbKind: "pglite" | "postgres",
): Promise<DeliveryChannels> {
  return deliveryChannels(await readGeneralSettings(db, bundle, dbKind));
}

/** Code -> label of an enumeration schema, e.g. relation 4 -> "Mother". */
export function enumLabel(bundle: SchemaBundle, enumId: string, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const option = enumOptions(schemaById(bundle, enumId)).find((o) => o.value === value);
  return option?.label ?? String(value);
}

/** What a team row tells about each person's account besides the respondent record. */
type AccountFacts = { status: number; user_type: "clinical" | "patient"; has_sign_in: boolean };

async function accountsOf(db: Kysely<Database>, userIds: number[]): Promise<Map<number, AccountFacts>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("app_user")
    .select([
      "id",
      "status",
      "user_type",
      // Only whether there is one: the username itself is no business of the chart's team.
      sql<boolean>`username is not null`.as("has_sign_in"),
    ])
    .where("id", "in", userIds)
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** The respondent's fields a product owner added without a storage note (extra), which the edit form starts from. */
function extraFields(store: EntityStore, record: RespondentRecord): Record<string, unknown> {
  const extra = store.model.fields.filter((f) => f.kind === "extra" && record[f.field] !== undefined);
  return Object.fromEntries(extra.map((f) => [f.field, record[f.field]]));
}

/** The patient answers for themself: said in words, never "Not provided" on their own row. */
const PATIENT_SELF = "Patient (self)";

function respondentTypeLabel(bundle: SchemaBundle, record: RespondentRecord): string | null {
  const label = enumLabel(bundle, "enums/respondent-type.json", record.respondent_type);
  return record.relation_id === SELF_RELATION && !label ? PATIENT_SELF : (label ?? null);
}

function toMember(
  bundle: SchemaBundle,
  extra: Record<string, unknown>,
  record: RespondentRecord,
  account: AccountFacts,
  contacts: Contact[],
  channels: DeliveryChannels,
): TeamMember {
  return {
    ...extra,
    ccauId: record.id,
    ccaId: record.ccaId,
    userId: record.userId,
    isPatient: record.relation_id === SELF_RELATION,
    full_name: `${record.name_first} ${record.name_last}`,
    name_first: record.name_first,
    name_middle: record.name_middle,
    name_last: record.name_last,
    relation_id: record.relation_id,
    relation: enumLabel(bundle, "enums/relation.json", record.relation_id) ?? "",
    respondent_type: record.respondent_type,
    respondent_type_label: respondentTypeLabel(bundle, record),
    status: account.status as AccountStatus,
    hasSignIn: Boolean(account.has_sign_in),
    email: record.email,
    email_notification: record.email_notification,
    phone: record.phone,
    mobile_notification: record.mobile_notification,
    contact_information: contactInformation(contacts),
    contacts,
    notificationsEnabled: notificationsEnabled(account.user_type, contacts, channels),
    warnings: contactWarnings(account.user_type, contacts, channels),
    created_at: record.created_at,
    version: record.version,
  };
}

/** Respondent records (read through the entity store) as team rows, with their accounts and contacts. */
async function members(
  db: Kysely<Database>,
  store: EntityStore,
  channels: DeliveryChannels,
  records: RespondentRecord[],
): Promise<TeamMember[]> {
  const userIds = [...new Set(records.map((r) => r.userId))];
  const [accounts, contacts] = await Promise.all([accountsOf(db, userIds), listContacts(db, userIds)]);
  return records.map((record) => {
    const account = accounts.get(record.userId);
    if (!account) throw new Error(`No account ${record.userId} for respondent link ${record.id}`);
    const own = contacts.get(record.userId) ?? [];
    return toMember(store.bundle, extraFields(store, record), record, account, own, channels);
  });
}

/**
 * The live links of a chart: the patient's own (relation 1) first, then by last and first name
 * (the respondent entity's order). The caller has already checked that the chart is visible.
 */
export async function chartTeam(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  channels: DeliveryChannels,
  ccaId: number,
): Promise<TeamMember[]> {
  const store = entityStore(respondentEntity, bundle);
  const live = [sql<SqlBool>`e.cca_id = ${ccaId}`, sql<SqlBool>`e.deleted_at is null`];
  const { rows } = await store.list(db, {}, { where: live, whole: true });
  return members(db, store, channels, rows.map(asRespondent));
}

/** One link as a team row, live or not (the caller has checked access). */
export async function teamMember(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  channels: DeliveryChannels,
  ccauId: number,
): Promise<TeamMember> {
  const store = entityStore(respondentEntity, bundle);
  const [record] = await store.readMany(db, [ccauId]);
  if (!record) throw new Error(`No respondent link ${ccauId}`);
  return (await members(db, store, channels, [asRespondent(record)]))[0];
}
