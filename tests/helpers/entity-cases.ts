import { nextMrn, patientBody } from "./patients.ts";
import { respondentBody, teamOf, updateBodyFrom } from "./respondents.ts";
import { insertLocation, type SettingsSuite } from "./settings.ts";
import { createUser } from "./users.ts";

type Json = Record<string, unknown>;
export type EntityRecord = Json & { id: number; version: number };

/**
 * How the tests that loop over every editable entity (field change, stale writes) add, read
 * and save one record of it, through the API as a person's screen would. A new entity with a
 * form gets a case here; tests/server/entities/field-change.test.ts fails until it has one.
 */
export interface EntityCase {
  entity: string;
  /** The table whose `extra` JSONB keeps fields without a storage note. */
  table: string;
  /** Adds a record with `fields` set, answers it as read back. */
  create(s: SettingsSuite, fields: Json): Promise<EntityRecord>;
  read(s: SettingsSuite, id: number): Promise<EntityRecord>;
  /** The PUT of a record: its path and the body a form would send from `record` with `fields` changed. */
  update(record: EntityRecord, fields: Json): { url: string; body: Json };
}

async function ok(s: SettingsSuite, method: "GET" | "POST", url: string, body?: unknown): Promise<EntityRecord> {
  const res = await s.call(method, url, body);
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A clinician the patient is assigned to (made once per suite). */
const clinicians = new WeakMap<SettingsSuite, Promise<number>>();
function clinicianOf(s: SettingsSuite): Promise<number> {
  let id = clinicians.get(s);
  if (!id) {
    id = createUser(s.db, { username: `case-clinician-${Date.now()}`, roles: ["clinician"] });
    clinicians.set(s, id);
  }
  return id;
}

async function addPatient(s: SettingsSuite, fields: Json): Promise<EntityRecord> {
  const clinician = await clinicianOf(s);
  return ok(s, "POST", "/api/patients", patientBody({ mrn: nextMrn("EC"), clinicians: [clinician], ...fields }));
}

let counter = 0;
const unique = (name: string) => `${name} ${Date.now().toString(36)}${++counter}`;

/** The respondent's chart row (the chart team), with the link's id as `id`. */
async function readRespondent(s: SettingsSuite, ccaId: number, ccauId: number): Promise<EntityRecord> {
  const row = (await teamOf(s.app, s.admin, ccaId)).find((r) => r.ccauId === ccauId);
  if (!row) throw new Error(`respondent ${ccauId} is not on chart ${ccaId}`);
  return { ...row, id: ccauId, version: row.version as number };
}
const respondentCharts = new Map<number, number>();

export const ENTITY_CASES: EntityCase[] = [
  {
    entity: "entities/patient.json",
    table: "patient",
    create: addPatient,
    read: (s, id) => ok(s, "GET", `/api/patients/${id}`),
    update: (record, fields) => ({ url: `/api/patients/${record.id}`, body: { ...record, ...fields } }),
  },
  {
    entity: "entities/location.json",
    table: "location",
    create: (s, fields) => ok(s, "POST", "/api/location", { name: unique("Case Location"), ...fields }),
    read: (s, id) => ok(s, "GET", `/api/location/${id}`),
    update: (record, fields) => ({ url: `/api/location/${record.id}`, body: { ...record, ...fields } }),
  },
  {
    entity: "entities/clinician-team.json",
    table: "clinician_team",
    create: (s, fields) => ok(s, "POST", "/api/clinician-team", { name: unique("Case Team"), ...fields }),
    read: (s, id) => ok(s, "GET", `/api/clinician-team/${id}`),
    update: (record, fields) => ({ url: `/api/clinician-team/${record.id}`, body: { ...record, ...fields } }),
  },
  {
    entity: "entities/clinical-user.json",
    table: "app_user",
    async create(s, fields) {
      const location = await insertLocation(s.db, unique("Case Clinic"));
      return ok(s, "POST", "/api/clinical-user", {
        first_name: "Case",
        last_name: unique("Clinician"),
        roles: ["clinician"],
        locations: [location],
        ...fields,
      });
    },
    read: (s, id) => ok(s, "GET", `/api/clinical-user/${id}`),
    update: (record, fields) => ({ url: `/api/clinical-user/${record.id}`, body: { ...record, ...fields } }),
  },
  {
    entity: "entities/patient-user.json",
    table: "app_user",
    // Patient users are made by adding respondents to charts; settings edits them. (A patient's
    // own account is edited on their chart instead.)
    async create(s, fields) {
      const patient = await addPatient(s, {});
      const row = await ok(s, "POST", "/api/respondents", respondentBody(patient.access_control_id as number));
      const record = await ok(s, "GET", `/api/patient-user/respondents/${row.userId}`);
      if (Object.keys(fields).length === 0) return record;
      const saved = await s.call("PUT", `/api/patient-user/respondents/${record.id}`, { ...record, ...fields });
      if (saved.statusCode !== 200) throw new Error(`patient user save: ${saved.statusCode} ${saved.body}`);
      return saved.json();
    },
    read: (s, id) => ok(s, "GET", `/api/patient-user/respondents/${id}`),
    update: (record, fields) => ({
      url: `/api/patient-user/respondents/${record.id}`,
      body: { ...record, ...fields },
    }),
  },
  {
    entity: "entities/respondent.json",
    table: "cca_user",
    async create(s, fields) {
      const patient = await addPatient(s, {});
      const ccaId = patient.access_control_id as number;
      const row = await ok(s, "POST", "/api/respondents", respondentBody(ccaId, fields));
      const ccauId = row.ccauId as number;
      respondentCharts.set(ccauId, ccaId);
      return readRespondent(s, ccaId, ccauId);
    },
    read: (s, id) => readRespondent(s, respondentCharts.get(id) as number, id),
    update: (record, fields) => ({
      url: `/api/respondents/${record.id}`,
      body: { ...updateBodyFrom(record, fields), version: record.version },
    }),
  },
  {
    entity: "entities/program.json",
    table: "program",
    create: (s, fields) => ok(s, "POST", "/api/programs", { name: unique("Case Program"), ...fields }),
    read: (s, id) => ok(s, "GET", `/api/programs/${id}`),
    update: (record, fields) => ({ url: `/api/programs/${record.id}`, body: { ...record, ...fields } }),
  },
  {
    entity: "entities/program-type.json",
    table: "program_type",
    create: (s, fields) => ok(s, "POST", "/api/program-types", { name: unique("Case Type"), ...fields }),
    read: (s, id) => ok(s, "GET", `/api/program-types/${id}`),
    update: (record, fields) => ({ url: `/api/program-types/${record.id}`, body: { ...record, ...fields } }),
  },
  {
    entity: "entities/insurance.json",
    table: "patient_insurance",
    // A patient's insurance is read and saved by the patient's id; a new patient's reads empty
    // (version 0) until its first save, which is how the front desk adds it.
    async create(s, fields) {
      const patient = await addPatient(s, {});
      const url = `/api/v2/patients/${patient.id}/insurance`;
      const empty = await ok(s, "GET", url);
      const saved = await s.call("PUT", url, { ...empty, primary_provider: "Case Health Plan", ...fields });
      if (saved.statusCode !== 200) throw new Error(`insurance save: ${saved.statusCode} ${saved.body}`);
      return saved.json();
    },
    read: (s, id) => ok(s, "GET", `/api/v2/patients/${id}/insurance`),
    update: (record, fields) => ({ url: `/api/v2/patients/${record.id}/insurance`, body: { ...record, ...fields } }),
  },
];
