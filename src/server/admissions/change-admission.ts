import { type Kysely, sql } from "kysely";
import type { AdmissionResult } from "../../../generated/types/api/responses/admission-result.ts";
import type { AdmissionUndone } from "../../../generated/types/api/responses/admission-undone.ts";
import { todayIn } from "../../shared/scheduling/due-dates.ts";
import type { SchemaBundle } from "../../shared/schema/bundle.ts";
import type { RequestUser } from "../auth/request-user.ts";
import type { Database } from "../db/database-types.ts";
import { HttpError } from "../http/http-error.ts";
import { clinicTimeZone } from "../sessions/availability.ts";
import { ADMISSION_IN_FUTURE, notAfterToday } from "./admission-dates.ts";
import { answeredUnder, chartAdmissions, lockVisibleAdmission } from "./admission-read.ts";
import { scheduleEpisodeMeasures } from "./episode-schedules.ts";

export const UNDO_ANSWERED =
  "This admission can no longer be undone: measures were answered under it. Discharge the patient from the program instead.";
export const UNDO_DISCHARGED = "This admission can no longer be undone: the patient was discharged from the program.";
export const DATE_ANSWERED =
  "The admission date can no longer be changed: measures were answered under this admission.";
export const DATE_DISCHARGED =
  "The admission date can no longer be changed: the patient was discharged from the program.";

async function hasAnswers(trx: Kysely<Database>, episodeId: number): Promise<boolean> {
  const { rows } = await sql<{ answered: boolean }>`select ${answeredUnder(episodeId)} as answered`.execute(trx);
  return Boolean(rows[0]?.answered);
}

/** The episode's sessions (none answered: the callers checked) and schedules, gone. */
async function dropEpisodeMeasures(trx: Kysely<Database>, episodeId: number): Promise<number> {
  const removed = await trx
    .deleteFrom("client_measure")
    .where("access_control_program_id", "=", episodeId)
    .where("status", "in", ["not_started", "disabled"])
    .executeTakeFirst();
  await trx.deleteFrom("schedule").where("access_control_program_id", "=", episodeId).execute();
  return Number(removed.numDeletedRows);
}

/**
 * Undoes an admission (spec §4: "Admission can be undone (its record is deleted)";
 * docs/programs-episodes.md): allowed while the patient is in the program and nothing was answered
 * under it (no session of the episode partly or fully answered); the admission, its assignment
 * row, its schedules and its unanswered sessions are deleted, as if it never happened. Otherwise
 * 409 with the reason: an answered episode is part of the outcomes record and ends by discharge.
 * The patient stays active (activation is not undone: the chart may have other work).
 */
export async function undoAdmission(
  db: Kysely<Database>,
  user: RequestUser,
  ccaId: number,
  episodeId: number,
): Promise<AdmissionUndone> {
  return db.transaction().execute(async (trx) => {
    const episode = await lockVisibleAdmission(trx, user, episodeId, { ccaId });
    if (episode.discharge_status !== null) throw new HttpError(409, UNDO_DISCHARGED, "admission_discharged");
    if (await hasAnswers(trx, episodeId)) throw new HttpError(409, UNDO_ANSWERED, "admission_answered");
    const removedSessions = await dropEpisodeMeasures(trx, episodeId);
    await trx.deleteFrom("access_control_program").where("id", "=", episodeId).execute();
    return { accessControlProgramId: episodeId, removedSessions };
  });
}

/**
 * Moves an admission to another day (PUT patients/{patientId}/programs/{accessControlProgramId}):
 * only while the patient is in the program and nothing was answered under it (then the intake
 * was not taken and moving it changes no result). Its admission measures are scheduled again
 * from the new day: the old schedules and their unanswered sessions are replaced.
 */
export async function changeAdmissionDate(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  user: RequestUser,
  patientId: number,
  episodeId: number,
  admissionDate: string,
): Promise<AdmissionResult> {
  const today = todayIn(await clinicTimeZone(db));
  notAfterToday("admission_date", admissionDate, today, ADMISSION_IN_FUTURE);
  return db.transaction().execute(async (trx) => {
    const episode = await lockVisibleAdmission(trx, user, episodeId, { patientId });
    if (episode.discharge_status !== null) throw new HttpError(409, DATE_DISCHARGED, "admission_discharged");
    if (await hasAnswers(trx, episodeId)) throw new HttpError(409, DATE_ANSWERED, "admission_answered");
    await dropEpisodeMeasures(trx, episodeId);
    await trx
      .updateTable("access_control_program")
      .set({ admission_date: admissionDate, version: sql`version + 1` })
      .where("id", "=", episodeId)
      .execute();
    const measures = await scheduleEpisodeMeasures(trx, {
      episodeId,
      ccaId: episode.cca_id,
      programId: episode.program_id,
      timing: "admission",
      anchor: admissionDate,
      today,
      actorId: user.id,
    });
    const [admission] = await chartAdmissions(trx, bundle, episode.cca_id, episodeId);
    return { admission, ...measures, patientActivated: false };
  });
}
