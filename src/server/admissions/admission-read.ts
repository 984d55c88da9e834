import { type Kysely, type SqlBool, sql } from "kysely";
import type { Admission } from "../../../generated/types/api/responses/admission.ts";
import type { AdmissionStatus } from "../../../generated/types/enums/admission-status.ts";
import type { Disposition } from "../../../generated/types/enums/disposition.ts";
import { enumOptions, type SchemaBundle, schemaById } from "../../shared/schema/bundle.ts";
import type { RequestUser } from "../auth/request-user.ts";
import type { Database } from "../db/database-types.ts";
import { notFound } from "../http/http-error.ts";
import { chartVisible } from "../patients/patient-access.ts";

export const ADMISSION_NOT_FOUND = "This admission does not exist or you do not have access to it.";
export const PATIENT_NOT_FOUND = "This patient does not exist or you do not have access to it.";

/** The chart of a patient the caller sees; 404 otherwise, as for a patient that does not exist. */
export async function visibleChart(
  db: Kysely<Database>,
  user: RequestUser,
  by: { patientId: number } | { ccaId: number },
): Promise<{ ccaId: number; patientId: number }> {
  let q = db
    .selectFrom("client_clinic_assignment as cca")
    .select(["cca.id as ccaId", "cca.patient_id as patientId"])
    .where(chartVisible(user, "visible", "cca.id"));
  q = "patientId" in by ? q.where("cca.patient_id", "=", by.patientId) : q.where("cca.id", "=", by.ccaId);
  const row = await q.executeTakeFirst();
  if (!row) throw notFound(PATIENT_NOT_FOUND);
  return row;
}

/** Where an admission stands, from its discharge_status. */
export function admissionStatus(dischargeStatus: "pending" | "final" | null): AdmissionStatus {
  if (dischargeStatus === "pending") return "discharge_pending";
  if (dischargeStatus === "final") return "discharged";
  return "admitted";
}

function labeller(bundle: SchemaBundle, id: string) {
  const labels = new Map(enumOptions(schemaById(bundle, id)).map((o) => [String(o.value), o.label]));
  return (value: string | null) => (value === null ? null : (labels.get(value) ?? value));
}

/** Status and disposition in words (schemas/enums). */
export function admissionWords(
  bundle: SchemaBundle,
  dischargeStatus: "pending" | "final" | null,
  disposition: string | null,
) {
  const status = admissionStatus(dischargeStatus);
  return {
    status,
    status_label: labeller(bundle, "enums/admission-status.json")(status) as string,
    disposition_label: labeller(bundle, "enums/disposition.json")(disposition),
  };
}

/** Sessions of the episode answered in part or in full: once there is one, the admission is kept. */
export const answeredUnder = (episodeId: unknown) =>
  sql<SqlBool>`exists (select 1 from client_measure ac
    where ac.access_control_program_id = ${episodeId} and ac.status in ('partial', 'submitted'))`;

/** Discharge measures of the episode not answered yet (not started or partly answered). */
export const openDischargeMeasures = (episodeId: unknown) =>
  sql<number>`(select count(*)::int from client_measure dm join schedule ds on ds.id = dm.schedule_id
    where ds.access_control_program_id = ${episodeId} and ds.program_timing = 'discharge'
      and dm.status in ('not_started', 'partial'))`;

/** Alerts raised on the episode's sessions and not acknowledged. */
export const openEpisodeAlerts = (episodeId: unknown) =>
  sql<number>`(select count(*)::int from alert ea join client_measure ec on ec.id = ea.client_measure_id
    where ec.access_control_program_id = ${episodeId} and ea.acknowledged_at is null)`;

/**
 * A chart's admissions as the chart's Programs tab lists them (admission.json): the open ones
 * first, then the newest admission first. `id` narrows to one admission.
 */
export async function chartAdmissions(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  ccaId: number,
  id?: number,
): Promise<Admission[]> {
  let q = db
    .selectFrom("access_control_program as acp")
    .innerJoin("program as p", "p.id", "acp.program_id")
    .innerJoin("client_clinic_assignment as cca", "cca.id", "acp.cca_id")
    .select([
      "acp.id",
      "acp.cca_id",
      "cca.patient_id",
      "p.id as program_id",
      "p.name as program_name",
      "acp.admission_date",
      "acp.discharge_date",
      "acp.disposition",
      "acp.discharge_status",
    ])
    .select(
      sql<number | null>`(select min(pa.id) from program_assignment pa where pa.access_control_program_id = acp.id)`.as(
        "assignment_id",
      ),
    )
    .select(answeredUnder(sql.ref("acp.id")).as("answered"))
    .select(openDischargeMeasures(sql.ref("acp.id")).as("open_measures"))
    .select(openEpisodeAlerts(sql.ref("acp.id")).as("open_alerts"))
    .where("acp.cca_id", "=", ccaId)
    .orderBy(sql`acp.discharge_status is not distinct from 'final'`)
    .orderBy("acp.admission_date", "desc")
    .orderBy("acp.id", "desc");
  if (id !== undefined) q = q.where("acp.id", "=", id);
  const rows = await q.execute();
  return rows.map((r) => ({
    accessControlProgramId: r.id,
    assignmentId: r.assignment_id === null ? null : Number(r.assignment_id),
    ccaId: r.cca_id,
    patientId: r.patient_id,
    program: { id: r.program_id, name: r.program_name },
    admission_date: r.admission_date,
    discharge_date: r.discharge_date,
    disposition: r.disposition as Disposition | null,
    discharge_status: r.discharge_status,
    ...admissionWords(bundle, r.discharge_status, r.disposition),
    answered: Boolean(r.answered),
    waiting: r.discharge_status === "pending" ? { measures: r.open_measures, alerts: r.open_alerts } : null,
  }));
}

/**
 * One admission of a chart the caller sees, locked for the change the caller makes (404 when the
 * admission is not that chart's or the chart is out of reach, as if neither existed).
 */
export async function lockVisibleAdmission(
  trx: Kysely<Database>,
  user: RequestUser,
  episodeId: number,
  chart: { patientId: number } | { ccaId: number },
) {
  let q = trx
    .selectFrom("access_control_program as acp")
    .innerJoin("client_clinic_assignment as cca", "cca.id", "acp.cca_id")
    .select(["acp.id", "acp.cca_id", "acp.program_id", "acp.admission_date", "acp.discharge_status", "cca.patient_id"])
    .where("acp.id", "=", episodeId)
    .where(chartVisible(user, "visible", "cca.id"));
  q = "patientId" in chart ? q.where("cca.patient_id", "=", chart.patientId) : q.where("cca.id", "=", chart.ccaId);
  const row = await q.forUpdate("acp").executeTakeFirst();
  if (!row) throw notFound(ADMISSION_NOT_FOUND);
  return row;
}
