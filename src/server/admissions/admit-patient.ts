import type { Kysely } from "kysely";
import type { AdmissionResult } from "../../../generated/types/api/responses/admission-result.ts";
import { todayIn } from "../../shared/scheduling/due-dates.ts";
import type { SchemaBundle } from "../../shared/schema/bundle.ts";
import type { RequestUser } from "../auth/request-user.ts";
import type { Database } from "../db/database-types.ts";
import { isUniqueViolation } from "../db/pg-errors.ts";
import { HttpError, notFound } from "../http/http-error.ts";
import { activatePatient } from "../patients/activate-patient.ts";
import { clinicTimeZone } from "../sessions/availability.ts";
import { ADMISSION_IN_FUTURE, notAfterToday } from "./admission-dates.ts";
import { chartAdmissions, visibleChart } from "./admission-read.ts";
import { scheduleEpisodeMeasures } from "./episode-schedules.ts";

export const PROGRAM_NOT_FOUND = "This program does not exist.";
export const PROGRAM_INACTIVE = "This program is inactive: patients cannot be admitted to it.";
export const ALREADY_IN_PROGRAM = "This patient is already in this program.";

/**
 * Admits a patient to a program (issue 11 §2; docs/programs-episodes.md): one admission
 * (access_control_program, the episode) with its program assignment row, the program's admission
 * measures scheduled for the chart's respondents from the admission date, and the patient made
 * active (spec §4 Activation). One transaction. A chart is in a program once at a time (409); a
 * finally discharged patient may be admitted again, as a new episode.
 */
export async function admitPatient(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  user: RequestUser,
  programId: number,
  body: { patientId: number; admission_date: string },
): Promise<AdmissionResult> {
  const zone = await clinicTimeZone(db);
  const today = todayIn(zone);
  notAfterToday("admission_date", body.admission_date, today, ADMISSION_IN_FUTURE);
  try {
    return await db.transaction().execute(async (trx) => {
      const chart = await visibleChart(trx, user, { patientId: body.patientId });
      const program = await trx
        .selectFrom("program")
        .select(["id", "status"])
        .where("id", "=", programId)
        .executeTakeFirst();
      if (!program) throw notFound(PROGRAM_NOT_FOUND);
      if (program.status !== "active") throw new HttpError(409, PROGRAM_INACTIVE, "program_inactive");
      const episode = await trx
        .insertInto("access_control_program")
        .values({
          cca_id: chart.ccaId,
          program_id: programId,
          admission_date: body.admission_date,
          created_by: user.id,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("program_assignment")
        .values({ patient_id: chart.patientId, access_control_program_id: episode.id })
        .execute();
      const measures = await scheduleEpisodeMeasures(trx, {
        episodeId: episode.id,
        ccaId: chart.ccaId,
        programId,
        timing: "admission",
        anchor: body.admission_date,
        today,
        actorId: user.id,
      });
      const patientActivated = await activatePatient(trx, bundle, chart.patientId, user.id);
      const [admission] = await chartAdmissions(trx, bundle, chart.ccaId, episode.id);
      return { admission, ...measures, patientActivated };
    });
  } catch (err) {
    // access_control_program_one_open: the chart has an open admission to this program already.
    if (isUniqueViolation(err, "access_control_program_one_open"))
      throw new HttpError(409, ALREADY_IN_PROGRAM, "already_in_program");
    throw err;
  }
}
