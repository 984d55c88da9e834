import { type Kysely, sql } from "kysely";
import type { ScheduledMeasure } from "../../../generated/types/api/responses/scheduled-measure.ts";
import type { ScheduleCreateRequest } from "../../../generated/types/api/schedule-create.ts";
import type { MeasureDefinition } from "../../shared/measures/types.ts";
import { occurrenceDueDate } from "../../shared/scheduling/due-dates.ts";
import type { SchemaBundle } from "../../shared/schema/bundle.ts";
import { ACTIVITY, logActivity } from "../auth/activity-log.ts";
import type { RequestUser } from "../auth/request-user.ts";
import type { Database } from "../db/database-types.ts";
import { badRequest, HttpError } from "../http/http-error.ts";
import { activatePatient } from "../patients/activate-patient.ts";
import { ageOn } from "../patients/patient-age.ts";
import { type RespondentLink, visibleRespondentLink } from "../sessions/respondent-link.ts";
import { fitsRespondent } from "./eligibility.ts";
import { dueInstant, generateForSchedule, generationHorizon } from "./generate-occurrences.ts";

/** The body of POST /api/scheduling (schemas/api/schedule-create.json); dueDate is the start of the due day in UTC (spec §5). */
export type ScheduleRequest = ScheduleCreateRequest;
export type { ScheduledMeasure };

export const ALREADY_SCHEDULED =
  "This measure is already scheduled for this respondent on that date. Schedule it again?";

export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** The due day as a UTC instant; a date that is not on the calendar is a 400. */
export function parseDueDate(text: string): Date {
  const day = text.slice(0, 10);
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day) {
    throw badRequest([{ field: "dueDate", message: "Due date is not valid" }]);
  }
  // The client sends its own calendar day; behind UTC that can be yesterday in UTC, so one day of slack.
  if (date.getTime() < Date.parse(`${todayUtc()}T00:00:00Z`) - 86_400_000) {
    throw badRequest([{ field: "dueDate", message: "Due date cannot be in the past." }]);
  }
  return date;
}

/** The library entries a respondent may be given, each with its definition (eligibility.ts rules). */
export async function schedulableMeasures(db: Kysely<Database>, link: RespondentLink) {
  const rows = await db
    .selectFrom("measure")
    .select(["id", "definition_id", "abbreviation", "short_name", "name", "condition", "respondent", "question_count"])
    .select(["definition", "current_version_id"])
    .where("in_library", "=", true)
    .where("discontinued_at", "is", null)
    .where("current_version_id", "is not", null)
    .orderBy(sql`lower(abbreviation)`)
    .execute();
  const facts = {
    relationId: link.relationId,
    respondentType: link.respondentType,
    patientAge: ageOn(link.birthDate, todayUtc()),
  };
  return rows
    .map((row) => ({ ...row, definition: row.definition as MeasureDefinition }))
    .filter((row) => fitsRespondent(row.definition, facts).ok);
}

async function measureToSchedule(trx: Kysely<Database>, link: RespondentLink, measureId: number) {
  const row = await trx
    .selectFrom("measure")
    .select(["id", "abbreviation", "definition", "current_version_id", "discontinued_at", "in_library"])
    .where("id", "=", measureId)
    .executeTakeFirst();
  if (!row?.current_version_id || !row.in_library) {
    throw badRequest([{ field: "measureId", message: "A measure must be selected." }]);
  }
  if (row.discontinued_at !== null) {
    throw badRequest([{ field: "measureId", message: "This measure is discontinued and can no longer be scheduled." }]);
  }
  const fit = fitsRespondent(row.definition as MeasureDefinition, {
    relationId: link.relationId,
    respondentType: link.respondentType,
    patientAge: ageOn(link.birthDate, todayUtc()),
  });
  if (!fit.ok) throw badRequest([{ field: "measureId", message: fit.reason }]);
  return { id: row.id, abbreviation: row.abbreviation, versionId: row.current_version_id };
}

const INACTIVE = 1;

/**
 * Assigns a measure to a respondent (spec §4 Scheduling): a schedule row (its frequency drives
 * generate-occurrences.ts, which makes the occurrences due within the look-ahead at once) and its
 * first occurrence, a client measure
 * due on the given day, pinned to the definition version of today. The patient becomes active
 * (spec §4 Activation). The same measure already due that day for the same respondent needs
 * confirm: true (spec §5), else 409 already_scheduled.
 */
export async function scheduleMeasure(
  db: Kysely<Database>,
  bundle: SchemaBundle,
  user: RequestUser,
  request: ScheduleRequest,
): Promise<ScheduledMeasure> {
  const due = parseDueDate(request.dueDate);
  return db.transaction().execute(async (trx) => {
    const link = await visibleRespondentLink(trx, user, request.ccauId);
    // A deactivated respondent gets nothing new (spec §4: deactivating disables scheduled measures).
    if (link.accountStatus === INACTIVE) {
      throw badRequest([
        { field: "ccauId", message: "This respondent's account is inactive. Activate it before scheduling measures." },
      ]);
    }
    // Serialises two schedulings of one respondent, so the same-day check cannot be raced.
    await trx.selectFrom("cca_user").select("id").where("id", "=", link.ccauId).forUpdate().execute();
    const measure = await measureToSchedule(trx, link, request.measureId);
    const sameDay = await trx
      .selectFrom("client_measure")
      .select("id")
      .where("ccau_id", "=", link.ccauId)
      .where("measure_id", "=", measure.id)
      .where("status", "<>", "disabled")
      .where("due_date", "=", due)
      .executeTakeFirst();
    if (sameDay && !request.confirm) throw new HttpError(409, ALREADY_SCHEDULED, "already_scheduled");

    const second = occurrenceDueDate(request.frequency, request.dueDate.slice(0, 10), 1);
    const schedule = await trx
      .insertInto("schedule")
      .values({
        ccau_id: link.ccauId,
        measure_id: measure.id,
        frequency: request.frequency,
        due_date: due,
        created_by: user.id,
        next_index: 1,
        next_due_date: second === null ? null : dueInstant(second),
      })
      .returning(["id"])
      .executeTakeFirstOrThrow();
    const clientMeasure = await trx
      .insertInto("client_measure")
      .values({
        ccau_id: link.ccauId,
        measure_id: measure.id,
        measure_version_id: measure.versionId,
        schedule_id: schedule.id,
        due_date: due,
      })
      .returning(["id"])
      .executeTakeFirstOrThrow();
    // A recurring schedule's next occurrences exist as soon as it does (not at the job's next run).
    await generateForSchedule(trx, schedule.id, await generationHorizon(trx, new Date()));
    const patientActivated = await activatePatient(trx, bundle, link.patientId, user.id);
    await logActivity(trx, {
      userId: link.userId,
      actorId: user.id,
      code: ACTIVITY.screenAssigned,
      detail: { clientMeasureId: clientMeasure.id, measure: measure.abbreviation },
    });
    const dueIso = due.toISOString();
    return {
      schedule: {
        id: schedule.id,
        ccauId: link.ccauId,
        measureId: measure.id,
        frequency: request.frequency,
        due_date: dueIso,
      },
      clientMeasure: { id: clientMeasure.id, status: "not_started", due_date: dueIso },
      patientActivated,
    };
  });
}
