import { type Kysely, sql } from "kysely";
import type { ChartTeamMember } from "../../../generated/types/api/chart-team-member.ts";
import type { AccountStatus } from "../../../generated/types/enums/account-status.ts";
import type { Relation } from "../../../generated/types/enums/relation.ts";
import type { RespondentType } from "../../../generated/types/enums/respondent-type.ts";
import { enumOptions, type SchemaBundle, schemaById } from "../../shared/schema/bundle.ts";
import {
  type Contact,
  contactInformation,
  contactWarnings,
  type DeliveryChannels,
  deliveryChannels,
  EMAIL,
  listContacts,
  notificationsEnabled,
  PHONE,
  primaryOf,
} from "../contacts/contacts.ts";
import type { Database } from "../db/database-types.ts";
import { SELF_RELATION } from "../patients/self-relation.ts";
import { readGeneralSettings } from "../settings/general-settings.ts";

/** A chart's team as GET /api/teams/{ccaId} answers it (schemas/api/chart-team-member.json). */
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

function links(db: Kysely<Database>) {
  return db
    .selectFrom("cca_user as cu")
    .innerJoin("app_user as u", "u.id", "cu.user_id")
    .select([
      "cu.id as ccau_id",
      "cu.cca_id",
      "cu.user_id",
      "cu.relation_id",
      "cu.respondent_type",
      "cu.created_at",
      "u.first_name",
      "u.middle_name",
      "u.last_name",
      "u.status",
      "u.user_type",
      // Only whether there is one: the username itself is no business of the chart's team.
      sql<boolean>`u.username is not null`.as("has_sign_in"),
    ]);
}

type LinkRow = Awaited<ReturnType<ReturnType<typeof links>["execute"]>>[number];

function toMember(bundle: SchemaBundle, row: LinkRow, contacts: Contact[], channels: DeliveryChannels): TeamMember {
  const email = primaryOf(contacts, EMAIL);
  const phone = primaryOf(contacts, PHONE);
  return {
    ccauId: row.ccau_id,
    ccaId: row.cca_id,
    userId: row.user_id,
    isPatient: row.relation_id === SELF_RELATION,
    full_name: `${row.first_name} ${row.last_name}`,
    name_first: row.first_name,
    name_middle: row.middle_name,
    name_last: row.last_name,
    relation_id: row.relation_id as Relation,
    relation: enumLabel(bundle, "enums/relation.json", row.relation_id) ?? "",
    respondent_type: row.respondent_type as RespondentType | null,
    respondent_type_label: enumLabel(bundle, "enums/respondent-type.json", row.respondent_type),
    status: row.status as AccountStatus,
    hasSignIn: Boolean(row.has_sign_in),
    email: email?.value ?? null,
    // A channel with no contact yet reads as "on": what the form starts with for a new value.
    email_notification: email ? email.enabled : true,
    phone: phone?.value ?? null,
    mobile_notification: phone ? phone.enabled : true,
    contact_information: contactInformation(contacts),
    contacts,
    notificationsEnabled: notificationsEnabled(row.user_type, contacts, channels),
    warnings: contactWarnings(row.user_type, contacts, channels),
    created_at: row.created_at instanceof Date ? row.created_at.toISOString() : String(row.created_at),
  };
}

async function withContacts(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  rows: LinkRow[],
  channels: DeliveryChannels,
): Promise<TeamMember[]> {
  const contacts = await listContacts(
    db,
    rows.map((r) => r.user_id),
  );
  return rows.map((row) => toMember(bundle, row, contacts.get(row.user_id) ?? [], channels));
}

/**
 * The live links of a chart: the patient's own (relation 1) first, then by last and first name.
 * The caller has already checked that the chart is visible.
 */
export async function chartTeam(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  channels: DeliveryChannels,
  ccaId: number,
): Promise<TeamMember[]> {
  const rows = await links(db)
    .where("cu.cca_id", "=", ccaId)
    .where("cu.deleted_at", "is", null)
    .orderBy(sql`(cu.relation_id = ${SELF_RELATION})`, "desc")
    .orderBy(sql`lower(u.last_name)`)
    .orderBy(sql`lower(u.first_name)`)
    .orderBy("cu.id")
    .execute();
  return withContacts(db, bundle, rows, channels);
}

/** One link as a team row, live or not (the caller has checked access). */
export async function teamMember(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  channels: DeliveryChannels,
  ccauId: number,
): Promise<TeamMember> {
  const row = await links(db).where("cu.id", "=", ccauId).executeTakeFirstOrThrow();
  return (await withContacts(db, bundle, [row], channels))[0];
}
