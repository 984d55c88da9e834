import type { Kysely } from "kysely";
import type { ReportEpisode } from "../../../generated/types/api/responses/report-episode.ts";
import type { Disposition } from "../../../generated/types/enums/disposition.ts";
import { lengthOfTreatment } from "../../shared/episodes/length-of-treatment.ts";
import { todayIn } from "../../shared/scheduling/due-dates.ts";
import type { SchemaBundle } from "../../shared/schema/bundle.ts";
import type { Database } from "../db/database-types.ts";
import { admissionWords } from "./admission-read.ts";

/**
 * The episode of care a session is attributed to (client_measure.access_control_program_id: set
 * by its program schedule, or at submit to the episode it was answered in), as the session
 * report shows it (issue 11 §4): program, admission, discharge, and the length of treatment on
 * the clinic's day of completion and on the discharge day. Null outside programs.
 */
export async function sessionEpisode(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  zone: string,
  clientMeasureId: number,
  completedAt: Date | null,
): Promise<ReportEpisode | null> {
  const row = await db
    .selectFrom("client_measure as cm")
    .innerJoin("access_control_program as acp", "acp.id", "cm.access_control_program_id")
    .innerJoin("program as p", "p.id", "acp.program_id")
    .select(["acp.id", "p.id as program_id", "p.name as program_name", "acp.admission_date", "acp.discharge_date"])
    .select(["acp.disposition", "acp.discharge_status"])
    .where("cm.id", "=", clientMeasureId)
    .executeTakeFirst();
  if (!row) return null;
  const words = admissionWords(bundle, row.discharge_status, row.disposition);
  return {
    accessControlProgramId: row.id,
    program: { id: row.program_id, name: row.program_name },
    admission_date: row.admission_date,
    discharge_date: row.discharge_date,
    disposition: row.disposition as Disposition | null,
    disposition_label: words.disposition_label,
    status: words.status,
    status_label: words.status_label,
    at_completion: completedAt ? lengthOfTreatment(bundle, row.admission_date, todayIn(zone, completedAt)) : null,
    at_discharge: row.discharge_date ? lengthOfTreatment(bundle, row.admission_date, row.discharge_date) : null,
  };
}
