import { type RawBuilder, type SqlBool, sql } from "kysely";
import type { PatientUser } from "../../../generated/types/entities/patient-user.ts";
import { enumOptions, type SchemaBundle, schemaById } from "../../shared/schema/bundle.ts";
import {
  accountContacts,
  lastActivityAt,
  lastActivityCode,
  primaryContactValue,
  withoutMissingActivity,
} from "../auth/account-columns.ts";
import type { RequestUser } from "../auth/request-user.ts";
import {
  type Channel,
  type Contact,
  contactInformation,
  EMAIL,
  listContacts,
  PHONE,
  primaryOf,
  setPrimaryContact,
} from "../contacts/contacts.ts";
import type { EntityDefinition } from "../entities/entity-definition.ts";
import { HttpError } from "../http/http-error.ts";
import { chartVisible } from "../patients/patient-access.ts";

export const PATIENT_USER_NOT_FOUND = "The patient user does not exist.";
export const EDIT_ON_CHART =
  "This account belongs to a patient. Change their name and contact information on the patient's chart.";

/** The fixed separator of the joined linked-patient lists (spec §3 Respondent). */
export const LINKED_SEPARATOR = "; ";

type LinkedPatient = NonNullable<PatientUser["patients"]>[number];

const USER_ID = sql.ref<number>("e.id");

/** The charts `viewer` may see (all of them for the engine's own reads: history keeps everything). */
function chartsSeenBy(viewer: RequestUser | null): RawBuilder<SqlBool> {
  return viewer ? chartVisible(viewer, "visible", "cca.id") : sql<SqlBool>`true`;
}

/** The charts the account answers for, with its link to each; their relation labels come in `finish`. */
function linkedPatients(viewer: RequestUser | null) {
  return sql<Omit<LinkedPatient, "patient_relation">[]>`coalesce((select json_agg(json_build_object(
      'ccaId', cca.id,
      'ccauId', coalesce((select own.id from cca_user own where own.cca_id = cca.id and own.user_id = p.user_id
        and own.relation_id = 1 and own.deleted_at is null order by own.id limit 1), cu.id),
      'respondent_ccauId', cu.id,
      'patient_id', p.id,
      'full_name', p.first_name || ' ' || p.last_name,
      'mrn', p.mrn,
      'relation_id', cu.relation_id)
      order by lower(p.last_name), lower(p.first_name), p.id)
    from cca_user cu
    join client_clinic_assignment cca on cca.id = cu.cca_id
    join patient p on p.id = cca.patient_id
    where cu.user_id = e.id and cu.deleted_at is null and ${chartsSeenBy(viewer)}), '[]'::json)`;
}

function relationLabels(bundle: SchemaBundle): Map<number, string> {
  return new Map(enumOptions(schemaById(bundle, "enums/relation.json")).map((o) => [Number(o.value), o.label]));
}

/** A text body value, or null for one left out or cleared. */
function textOrNull(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}

/**
 * A patient user's account as settings shows it (entities/patient-user.json): an app_user row of
 * type patient, its email and mobile number being its primary contacts of each channel
 * (contacts.ts; a patient's own account holds the chart's as emr contacts), with the charts it
 * answers for limited to those the caller may see (patient-access.ts). Accounts are created with
 * their chart links (respondents/), never here. A patient's own account is not edited here: its
 * names and contact details belong to the patient record, which keeps their history, so they are
 * edited on the chart and never drift apart.
 */
export const patientUserEntity: EntityDefinition = {
  name: "patient_user",
  schemaId: "entities/patient-user.json",
  tableId: "tables/patient-users.table.json",
  notFound: PATIENT_USER_NOT_FOUND,
  from: (db) => db.selectFrom("app_user as e").where("e.user_type", "=", "patient"),
  computed: {
    email: primaryContactValue(USER_ID, EMAIL),
    phone: primaryContactValue(USER_ID, PHONE),
    full_name: sql<string>`e.first_name || ' ' || e.last_name`,
    // The contacts; `finish` makes them the sentence, by contacts.ts's rule.
    contact_information: accountContacts(USER_ID),
    is_patient: sql<boolean>`exists (select 1 from patient p where p.user_id = e.id)`,
    last_activity_code: lastActivityCode(USER_ID),
    last_activity_at: lastActivityAt(USER_ID),
  },
  computedFor: (viewer) => ({ patients: linkedPatients(viewer) }),
  finish(record, bundle) {
    const labels = relationLabels(bundle);
    const patients = (record.patients as Omit<LinkedPatient, "patient_relation">[]).map((p) => ({
      ...p,
      patient_relation: labels.get(Number(p.relation_id)) ?? String(p.relation_id),
    }));
    return withoutMissingActivity({
      ...record,
      contact_information: contactInformation(record.contact_information as Contact[]),
      patients,
      patient_names: patients.map((p) => p.full_name).join(LINKED_SEPARATOR),
      patient_mrns: patients.map((p) => p.mrn).join(LINKED_SEPARATOR),
      patient_relations: patients.map((p) => p.patient_relation).join(LINKED_SEPARATOR),
    });
  },
  // Beyond names, email and phone: "first last", every contact value, and the names and MRNs of
  // linked charts the caller may see (a hidden chart's MRN finds nothing through it).
  searchAlso: (pattern, viewer) => [
    sql<SqlBool>`(e.first_name || ' ' || e.last_name) ilike ${pattern} escape '\\'`,
    sql<SqlBool>`exists (select 1 from contact c where c.user_id = e.id and c.value ilike ${pattern} escape '\\')`,
    sql<SqlBool>`exists (select 1 from cca_user cu join client_clinic_assignment cca on cca.id = cu.cca_id
      join patient p on p.id = cca.patient_id
      where cu.user_id = e.id and cu.deleted_at is null and ${chartsSeenBy(viewer)}
      and ((p.first_name || ' ' || p.last_name) ilike ${pattern} escape '\\' or p.mrn ilike ${pattern} escape '\\'
        or p.email ilike ${pattern} escape '\\' or p.mobile_number ilike ${pattern} escape '\\'))`,
  ],
  tieBreak: [sql`lower(e.last_name)`, sql`lower(e.first_name)`],
  hooks: {
    // Not a field error: nothing on this form may change for a patient's own account.
    async check({ current }) {
      if (current?.is_patient) throw new HttpError(400, EDIT_ON_CHART, "edit_on_chart");
      return [];
    },
    // The body states both channels: one left out or null is removed. The form edits values
    // only, so a primary contact keeps its notification flag and a new one starts on.
    async afterSave({ db, bundle, id, values }) {
      const contacts = (await listContacts(db, [id])).get(id) ?? [];
      const save = (channel: Channel, field: "email" | "phone") =>
        setPrimaryContact(
          db,
          bundle,
          id,
          channel,
          textOrNull(values.body[field]),
          primaryOf(contacts, channel)?.enabled ?? true,
          {
            field,
          },
        );
      await save(EMAIL, "email");
      await save(PHONE, "phone");
    },
  },
};
