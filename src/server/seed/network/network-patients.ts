import type { Kysely } from "kysely";
import { RESPONDENT_ROLE } from "../../accounts/new-accounts.ts";
import { ACCOUNT_STATUS } from "../../auth/access-hook.ts";
import type { Database } from "../../db/database-types.ts";
import { SELF_RELATION } from "../../patients/self-relation.ts";
import { networkRespondentUsername } from "./network-accounts.ts";
import { bulkInsert, reserveIds } from "./network-bulk.ts";
import type { PatientPlan } from "./network-patient-plan.ts";
import type { NetworkStaff } from "./network-staff.ts";

/**
 * Writes planned patients in bulk as the patients API creates them (patient-entity.ts): the
 * patient's own account (a respondent, Not Invited), the patient, the chart, the patient's own
 * respondent link (relation 1, type "adult" from 18), and the chart's clinicians and teams.
 * Patients with schedules are active (scheduling activates a patient, spec §4). The first
 * NETWORK_RESPONDENT_COUNT patients' accounts can sign in: Active, a username, the network
 * password, and the privacy agreement accepted (sessions/agreement.ts asks for it).
 */

const ADULT_AGE = 18;

export interface PatientIds {
  patientId: number;
  ccaId: number;
  /** The patient's own account and respondent link. */
  self: { ccauId: number; userId: number; relationId: number; respondentType: string | null };
}

/** The type of a patient's own link, as the patients API sets it: "adult" from 18. */
const selfType = (p: PatientPlan) => (p.age >= ADULT_AGE ? "adult" : null);

export async function insertPatientBatch(
  db: Kysely<Database>,
  plans: readonly PatientPlan[],
  ctx: { staff: NetworkStaff; passwordHash: string; now: Date },
): Promise<PatientIds[]> {
  const count = plans.length;
  const userIds = await reserveIds(db, "app_user", count);
  const patientIds = await reserveIds(db, "patient", count);
  const ccaIds = await reserveIds(db, "client_clinic_assignment", count);
  const ccauIds = await reserveIds(db, "cca_user", count);
  const now = ctx.now.toISOString();
  const signIn = (p: PatientPlan, value: unknown) => (p.signIn ? value : null);
  await bulkInsert(db, "app_user", {
    id: { type: "bigint", values: userIds },
    uuid: { type: "uuid", values: plans.map((p) => p.accountUuid) },
    user_type: { type: "text", values: plans.map(() => "patient") },
    status: {
      type: "smallint",
      values: plans.map((p) => (p.signIn ? ACCOUNT_STATUS.active : ACCOUNT_STATUS.notInvited)),
    },
    username: { type: "text", values: plans.map((p) => signIn(p, networkRespondentUsername(p.n + 1))) },
    password_hash: { type: "text", values: plans.map((p) => signIn(p, ctx.passwordHash)) },
    password_changed_at: { type: "timestamptz", values: plans.map((p) => signIn(p, now)) },
    hippa_agreement_at: { type: "timestamptz", values: plans.map((p) => signIn(p, now)) },
    first_name: { type: "text", values: plans.map((p) => p.first) },
    middle_name: { type: "text", values: plans.map((p) => p.middle) },
    last_name: { type: "text", values: plans.map((p) => p.last) },
  });
  await bulkInsert(db, "user_role", {
    user_id: { type: "bigint", values: userIds },
    role: { type: "text", values: userIds.map(() => RESPONDENT_ROLE) },
  });
  await bulkInsert(db, "patient", {
    id: { type: "bigint", values: patientIds },
    uuid: { type: "uuid", values: plans.map((p) => p.uuid) },
    mrn: { type: "text", values: plans.map((p) => p.mrn) },
    first_name: { type: "text", values: plans.map((p) => p.first) },
    middle_name: { type: "text", values: plans.map((p) => p.middle) },
    last_name: { type: "text", values: plans.map((p) => p.last) },
    birth_date: { type: "date", values: plans.map((p) => p.birthDate) },
    gender: { type: "text", values: plans.map((p) => p.gender) },
    email: { type: "text", values: plans.map((p) => p.email) },
    email_notification: { type: "boolean", values: plans.map((p) => p.emailNotification) },
    mobile_number: { type: "text", values: plans.map((p) => p.mobile) },
    mobile_notification: { type: "boolean", values: plans.map((p) => p.mobileNotification) },
    active: { type: "boolean", values: plans.map((p) => p.care !== "none" || p.signIn) },
    user_id: { type: "bigint", values: userIds },
    created_by: { type: "bigint", values: plans.map(() => ctx.staff.adminId) },
  });
  await bulkInsert(db, "client_clinic_assignment", {
    id: { type: "bigint", values: ccaIds },
    patient_id: { type: "bigint", values: patientIds },
  });
  await bulkInsert(db, "cca_user", {
    id: { type: "bigint", values: ccauIds },
    cca_id: { type: "bigint", values: ccaIds },
    user_id: { type: "bigint", values: userIds },
    relation_id: { type: "smallint", values: plans.map(() => SELF_RELATION) },
    respondent_type: { type: "text", values: plans.map(selfType) },
  });
  const clinicians = plans.flatMap((p, i) => p.clinicians.map((c) => [ccaIds[i], ctx.staff.clinicianIds[c]]));
  await bulkInsert(db, "cca_clinician", {
    cca_id: { type: "bigint", values: clinicians.map((r) => r[0]) },
    clinician_id: { type: "bigint", values: clinicians.map((r) => r[1]) },
  });
  const teams = plans.flatMap((p, i) => p.teams.map((t) => [ccaIds[i], ctx.staff.teamIds[t]]));
  await bulkInsert(db, "cca_team", {
    cca_id: { type: "bigint", values: teams.map((r) => r[0]) },
    team_id: { type: "bigint", values: teams.map((r) => r[1]) },
  });
  return plans.map((p, i) => ({
    patientId: patientIds[i],
    ccaId: ccaIds[i],
    self: { ccauId: ccauIds[i], userId: userIds[i], relationId: SELF_RELATION, respondentType: selfType(p) },
  }));
}
