import { type Insertable, type Kysely, sql, type Updateable } from "kysely";
import { MESSAGES } from "../../shared/api-errors.ts";
import type { SchemaBundle } from "../../shared/schema/bundle.ts";
import type { FieldError } from "../../shared/validation/field-errors.ts";
import { insertRespondentAccounts } from "../accounts/new-accounts.ts";
import { ACCOUNT_STATUS } from "../auth/access-hook.ts";
import type { RequestUser } from "../auth/request-user.ts";
import { syncPatientRecordContacts } from "../contacts/contacts.ts";
import type { Database, PatientTable } from "../db/database-types.ts";
import { recordVersion } from "../history/record-history.ts";
import { notFound } from "../http/http-error.ts";
import { chartVisible } from "./patient-access.ts";
import { ageOn } from "./patient-age.ts";
import { type PatientModel, patientModel } from "./patient-model.ts";
import { isMrnUniqueViolation, visibleMrnOwner } from "./patient-mrn.ts";
import { loadPatient, type PatientJson, patientsWithChart } from "./patient-read.ts";
import { type PatientRelationName, relationSpec, replaceRelation } from "./patient-relations.ts";
import { SELF_RELATION } from "./self-relation.ts";

/** A save refused for reasons the person can fix: field errors, and the existing patient when the MRN is taken. */
export class PatientRejected extends Error {
  constructor(
    readonly errors: FieldError[],
    readonly existingPatientId: number | null,
  ) {
    super(errors[0]?.message ?? MESSAGES.validation);
  }
}

const ADULT_AGE = 18;

interface SplitBody {
  columns: Record<string, unknown>;
  extra: Record<string, unknown>;
  relations: { field: string; relation: PatientRelationName; ids: number[] }[];
  mrn: string;
  names: { first_name: string; middle_name: string | null; last_name: string };
}

/**
 * Sorts a validated body into where each field is stored. A save states the whole editable
 * record (PUT replaces, it does not patch): an optional field left out is stored as its schema
 * default, or null; a relation left out becomes empty; readOnly fields in the body are ignored.
 */
function splitBody(model: PatientModel, body: Record<string, unknown>): SplitBody {
  const split: SplitBody = {
    columns: {},
    extra: {},
    relations: [],
    mrn: String(body.mrn),
    names: {
      first_name: String(body.first_name),
      middle_name: (body.middle_name as string | null | undefined) ?? null,
      last_name: String(body.last_name),
    },
  };
  for (const field of model.fields) {
    const value = body[field.field];
    if (field.kind === "column" && !field.readOnly) {
      split.columns[field.column] = value !== undefined ? value : field.default;
    } else if (field.kind === "relation") {
      split.relations.push({ field: field.field, relation: field.relation, ids: Array.isArray(value) ? value : [] });
    } else if (field.kind === "extra") {
      const stored = value !== undefined ? value : field.default;
      if (stored !== null && stored !== undefined) split.extra[field.field] = stored;
    }
  }
  return split;
}

/** MRN free, every clinician assignable, every team existing; all problems reported at once. */
async function checkRules(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  user: RequestUser,
  split: SplitBody,
  selfId: number | null,
): Promise<void> {
  const errors: FieldError[] = [];
  const mrn = await visibleMrnOwner(db, user, split.mrn, selfId);
  if (mrn.taken) errors.push({ field: "mrn", message: MESSAGES.mrnInUse });
  for (const { field, relation, ids } of split.relations) {
    if (ids.length === 0) continue;
    const spec = relationSpec(relation);
    const valid = await spec.assignable(db, bundle, ids);
    if (ids.some((id) => !valid.has(id))) errors.push({ field, message: spec.invalidMessage });
  }
  if (errors.length) throw new PatientRejected(errors, mrn.visibleId);
}

/** Runs a save; a lost race on the MRN index is answered like any other taken MRN. */
async function withMrnRace<T>(
  db: Kysely<Database>,
  user: RequestUser,
  split: SplitBody,
  selfId: number | null,
  save: () => Promise<T>,
): Promise<T> {
  try {
    return await save();
  } catch (err) {
    if (!isMrnUniqueViolation(err)) throw err;
    const owner = await visibleMrnOwner(db, user, split.mrn, selfId);
    throw new PatientRejected([{ field: "mrn", message: MESSAGES.mrnInUse }], owner.visibleId);
  }
}

async function finish(trx: Kysely<Database>, model: PatientModel, patientId: number, userId: number) {
  // The record's email and mobile are the patient account's emr contacts (contacts.ts).
  await syncPatientRecordContacts(trx, patientId);
  return recordVersion<PatientJson>(trx, { entity: "patient", entityId: patientId, changedBy: userId }, () =>
    loadPatient(trx, model, patientId),
  );
}

/**
 * Adds a patient: their own account (a patient user, Not Invited, no credentials), the patient
 * record, their chart, their own respondent link (relation 1) and the chart's clinicians and
 * teams, in one transaction. The patient starts inactive: adding respondents, measures or
 * programs activates them (spec §4).
 */
export async function createPatient(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  user: RequestUser,
  body: Record<string, unknown>,
): Promise<PatientJson> {
  const model = patientModel(bundle);
  const split = splitBody(model, body);
  return withMrnRace(db, user, split, null, () =>
    db.transaction().execute(async (trx) => {
      await checkRules(trx, bundle, user, split, null);
      // The patient answers their own measures: their account is a respondent from the start.
      const [accountId] = await insertRespondentAccounts(trx, [{ status: ACCOUNT_STATUS.notInvited, ...split.names }]);
      const patient = await trx
        .insertInto("patient")
        .values({
          ...split.columns,
          extra: JSON.stringify(split.extra),
          user_id: accountId,
          created_by: user.id,
        } as Insertable<PatientTable>)
        .returning(["id", "birth_date"])
        .executeTakeFirstOrThrow();
      const chart = await trx
        .insertInto("client_clinic_assignment")
        .values({ patient_id: patient.id })
        .returning("id")
        .executeTakeFirstOrThrow();
      const today = new Date().toISOString().slice(0, 10);
      await trx
        .insertInto("cca_user")
        .values({
          cca_id: chart.id,
          user_id: accountId,
          relation_id: SELF_RELATION,
          respondent_type: ageOn(patient.birth_date, today) >= ADULT_AGE ? "adult" : null,
          deleted_at: null,
        })
        .execute();
      for (const { relation, ids } of split.relations) await replaceRelation(trx, relation, chart.id, ids);
      return finish(trx, model, patient.id, user.id);
    }),
  );
}

/**
 * Saves an edited patient the caller may see (else 404, as if it did not exist). The body
 * replaces every editable field (see splitBody); extra keys of fields since removed from the
 * schema are kept, so a schema change never destroys stored data. Relations are replaced.
 */
export async function updatePatient(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  user: RequestUser,
  patientId: number,
  body: Record<string, unknown>,
): Promise<PatientJson> {
  const model = patientModel(bundle);
  const split = splitBody(model, body);
  return withMrnRace(db, user, split, patientId, () =>
    db.transaction().execute(async (trx) => {
      const current = await patientsWithChart(trx)
        .select(["p.id", "p.user_id", "p.extra", "cca.id as cca_id"])
        .where("p.id", "=", patientId)
        .where(chartVisible(user, "visible", "cca.id"))
        .forUpdate()
        .executeTakeFirst();
      if (!current) throw notFound(MESSAGES.patientNotFound);
      await checkRules(trx, bundle, user, split, patientId);

      const schemaFields = new Set(model.fields.map((f) => f.field));
      const kept = Object.fromEntries(Object.entries(current.extra ?? {}).filter(([key]) => !schemaFields.has(key)));
      await trx
        .updateTable("patient")
        .set({ ...split.columns, extra: JSON.stringify({ ...kept, ...split.extra }) } as Updateable<PatientTable>)
        .set({ updated_at: sql`now()` })
        .where("id", "=", patientId)
        .execute();
      if (current.user_id !== null) {
        await trx
          .updateTable("app_user")
          .set({ ...split.names, updated_at: sql`now()` })
          .where("id", "=", current.user_id)
          .execute();
      }
      for (const { relation, ids } of split.relations) await replaceRelation(trx, relation, current.cca_id, ids);
      return finish(trx, model, patientId, user.id);
    }),
  );
}
