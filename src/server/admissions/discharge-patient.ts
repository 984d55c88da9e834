import { type Kysely, sql } from "kysely";
import type { DischargeRequest } from "../../../generated/types/api/discharge-request.ts";
import type { AdmissionResult } from "../../../generated/types/api/responses/admission-result.ts";
import { todayIn } from "../../shared/scheduling/due-dates.ts";
import type { SchemaBundle } from "../../shared/schema/bundle.ts";
import type { RequestUser } from "../auth/request-user.ts";
import type { Database } from "../db/database-types.ts";
import { badRequest, HttpError } from "../http/http-error.ts";
import { dueInstant } from "../scheduling/generate-occurrences.ts";
import { clinicTimeZone } from "../sessions/availability.ts";
import { DISCHARGE_BEFORE_ADMISSION, DISCHARGE_IN_FUTURE, notAfterToday } from "./admission-dates.ts";
import { chartAdmissions, lockVisibleAdmission } from "./admission-read.ts";
import { scheduleEpisodeMeasures } from "./episode-schedules.ts";
import { finalizeIfComplete } from "./finalize-discharge.ts";

export const ALREADY_DISCHARGED = "This patient has already been discharged from this program.";

/**
 * Discharges a patient from a program (spec §4 Discharge; docs/programs-episodes.md): the
 * disposition and day are recorded, the program's recurring measures stop after that day, the
 * program's discharge measures are scheduled once, due on
 * the discharge day (today when that day is past), and the discharge is pending. It becomes
 * final at once when nothing holds it (no discharge measure, no open alert of the episode),
 * otherwise when the last of them is done (finalize-discharge.ts).
 */
export async function dischargePatient(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  user: RequestUser,
  patientId: number,
  episodeId: number,
  body: DischargeRequest,
): Promise<AdmissionResult> {
  const today = todayIn(await clinicTimeZone(db));
  notAfterToday("discharge_date", body.discharge_date, today, DISCHARGE_IN_FUTURE);
  return db.transaction().execute(async (trx) => {
    const episode = await lockVisibleAdmission(trx, user, episodeId, { patientId });
    if (episode.discharge_status !== null) throw new HttpError(409, ALREADY_DISCHARGED, "already_discharged");
    if (body.discharge_date < episode.admission_date) {
      throw badRequest([{ field: "discharge_date", message: DISCHARGE_BEFORE_ADMISSION }]);
    }
    await trx
      .updateTable("access_control_program")
      .set({
        discharge_status: "pending",
        discharge_date: body.discharge_date,
        disposition: body.disposition,
        discharged_by: user.id,
        version: sql`version + 1`,
      })
      .where("id", "=", episodeId)
      .execute();
    await stopAdmissionSchedules(trx, episodeId, body.discharge_date);
    const measures = await scheduleEpisodeMeasures(trx, {
      episodeId,
      ccaId: episode.cca_id,
      programId: episode.program_id,
      timing: "discharge",
      anchor: body.discharge_date,
      today,
      actorId: user.id,
    });
    await finalizeIfComplete(trx, episodeId);
    const [admission] = await chartAdmissions(trx, bundle, episode.cca_id, episodeId);
    return { admission, ...measures, patientActivated: false };
  });
}

/**
 * Discharge stops the program's recurring measures (spec §4 "discharge disables measure
 * scheduling"): its admission schedules make no more occurrences, and those due after the
 * discharge day that nobody started are withdrawn. One due by then stays answerable, and a
 * started one keeps its answers; the discharge measures are scheduled apart.
 */
async function stopAdmissionSchedules(trx: Kysely<Database>, episodeId: number, dischargeDay: string): Promise<void> {
  const admissionSchedules = trx
    .selectFrom("schedule")
    .select("id")
    .where("access_control_program_id", "=", episodeId)
    .where("program_timing", "=", "admission");
  await trx
    .updateTable("client_measure")
    .set({ status: "disabled" })
    .where("schedule_id", "in", admissionSchedules)
    .where("status", "=", "not_started")
    .where("due_date", ">", dueInstant(dischargeDay))
    .execute();
  await trx
    .updateTable("schedule")
    .set({ enabled: false })
    .where("access_control_program_id", "=", episodeId)
    .where("program_timing", "=", "admission")
    .execute();
}
