import { sql } from "kysely";
import { MESSAGES } from "../../shared/api-errors.ts";
import { insertRespondentAccounts } from "../accounts/new-accounts.ts";
import { ACCOUNT_STATUS } from "../auth/access-hook.ts";
import { syncPatientRecordContacts } from "../contacts/contacts.ts";
import type { AnySelect, EntityDefinition, EntityValues } from "../entities/entity-definition.ts";
import { HttpError } from "../http/http-error.ts";
import { patientVisible } from "./patient-access.ts";
import { ageOn } from "./patient-age.ts";
import { visibleMrnOwner } from "./patient-mrn.ts";
import { triageColumns } from "./patient-triage.ts";
import { SELF_RELATION } from "./self-relation.ts";

const ADULT_AGE = 18;

function names(values: EntityValues) {
  return {
    first_name: String(values.columns.first_name),
    middle_name: (values.columns.middle_name as string | null | undefined) ?? null,
    last_name: String(values.columns.last_name),
  };
}

/**
 * The person receiving care (entities/patient.json), always read with their chart (cca): the
 * chart holds the clinicians and teams who may see them, so visibility and relations hang off it.
 * A new patient gets their own account (Not Invited, no credentials), their chart and their own
 * respondent link in the same transaction, and starts inactive (spec §4 Activation). MRNs are
 * unique in any case; a taken MRN names the existing patient only when the caller may open it.
 */
export const patientEntity: EntityDefinition = {
  name: "patient",
  schemaId: "entities/patient.json",
  tableId: "tables/patients.table.json",
  notFound: MESSAGES.patientNotFound,
  // Every patient has exactly one chart (made with them; cca.patient_id is unique). A left join
  // says "at most one" to the planner, which then leaves the chart out of a list's search, sort
  // and count, where nothing reads it (visibility asks by patient: patientVisible).
  from: (db) =>
    db.selectFrom("patient as e").leftJoin("client_clinic_assignment as cca", "cca.patient_id", "e.id") as AnySelect,
  relationOwner: {
    expression: "cca.id",
    async forId(db, id) {
      const chart = await db
        .selectFrom("client_clinic_assignment")
        .select("id")
        .where("patient_id", "=", id)
        .executeTakeFirstOrThrow();
      return chart.id;
    },
  },
  // The chart keeps its clinicians and teams, ids and names, up to date itself (migration 0035):
  // four columns instead of four subqueries per record read and per row of a list page.
  keptRelations: { clinicians: sql`cca.clinician_ids`, clinician_teams: sql`cca.team_ids` },
  computed: {
    full_name: sql<string>`e.first_name || ' ' || e.last_name`,
    access_control_id: sql<number>`cca.id`,
    // The patient's own respondent link, kept on the chart (migration 0036).
    client_clinic_assignment_user_id: sql<number | null>`cca.self_ccau_id`,
    clinician_names: sql<string[]>`cca.clinician_names`,
    clinician_team_names: sql<string[]>`cca.team_names`,
    ...triageColumns,
  },
  visibleTo: (user) => patientVisible(user, "visible", "e.id"),
  // Ties (and the default) fall back to name order, then id, so paging is stable.
  tieBreak: [sql`lower(e.last_name)`, sql`lower(e.first_name)`],
  // NOT NULL columns of patient (migration 0001): each sort has one index for both orders (0021).
  notNull: ["mrn", "first_name", "last_name", "birth_date", "gender"],
  hooks: {
    unique: [{ index: "patient_mrn_key", field: "mrn", message: MESSAGES.mrnInUse }],
    async check({ db, user, id, values }) {
      const mrn = await visibleMrnOwner(db, user, String(values.columns.mrn), id);
      return mrn.taken ? [{ field: "mrn", message: MESSAGES.mrnInUse }] : [];
    },
    async rejection(errors, { db, user, id, values }) {
      const mrnTaken = errors.some((e) => e.field === "mrn" && e.message === MESSAGES.mrnInUse);
      const owner = mrnTaken ? await visibleMrnOwner(db, user, String(values.columns.mrn), id) : null;
      const details = owner?.visibleId ? { existingPatientId: owner.visibleId } : undefined;
      return new HttpError(400, errors[0]?.message ?? MESSAGES.validation, "validation", errors, details);
    },
    // The patient answers their own measures: their account is a respondent from the start.
    async insertColumns({ db, user, values }) {
      const [accountId] = await insertRespondentAccounts(db, [{ status: ACCOUNT_STATUS.notInvited, ...names(values) }]);
      return { user_id: accountId, created_by: user.id };
    },
    async afterInsert({ db, id }) {
      const patient = await db
        .selectFrom("patient")
        .select(["user_id", "birth_date"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      const chart = await db
        .insertInto("client_clinic_assignment")
        .values({ patient_id: id })
        .returning("id")
        .executeTakeFirstOrThrow();
      const today = new Date().toISOString().slice(0, 10);
      await db
        .insertInto("cca_user")
        .values({
          cca_id: chart.id,
          user_id: patient.user_id as number,
          relation_id: SELF_RELATION,
          respondent_type: ageOn(patient.birth_date, today) >= ADULT_AGE ? "adult" : null,
          deleted_at: null,
        })
        .execute();
    },
    async afterSave({ db, id, current, values }) {
      if (current) {
        // The patient's own account carries their names (sign-in pages, the chart team).
        await db
          .updateTable("app_user")
          .set({ ...names(values), updated_at: sql`now()` })
          .where("id", "=", sql<number>`(select user_id from patient where id = ${id})`)
          .execute();
      }
      // The record's email and mobile are the patient account's emr contacts (contacts.ts).
      await syncPatientRecordContacts(db, id);
    },
  },
};
