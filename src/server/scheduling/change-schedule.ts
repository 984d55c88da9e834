import { type Kysely, sql } from "kysely";
import {
  addDays,
  type CalendarDate,
  ONE_TIME,
  occurrenceDueDate,
  opensDaysBefore,
  todayIn,
} from "../../shared/scheduling/due-dates.ts";
import type { RequestUser } from "../auth/request-user.ts";
import type { Database } from "../db/database-types.ts";
import { badRequest, HttpError, notFound } from "../http/http-error.ts";
import { clinicTimeZone } from "../sessions/availability.ts";
import { visibleRespondentLink } from "../sessions/respondent-link.ts";
import { dueInstant, generateForSchedule, generationHorizon } from "./generate-occurrences.ts";
import { parseDueDate } from "./schedule-measure.ts";

export const SCHEDULE_NOT_FOUND = "This schedule does not exist or you do not have access to it.";
export const MEASURE_NOT_FOUND = "This measure does not exist or you do not have access to it.";
export const VISIT_ONCE = "A measure linked to a visit is scheduled once.";
export const SUBMITTED_NOT_MOVED = "This measure has been completed; its due date can no longer be changed.";
export const ALREADY_DUE_THAT_DAY = "This schedule already has a measure due on that date.";

export interface ScheduleChanged {
  schedule: { id: number; ccauId: number; measureId: number; frequency: number; due_date: string };
  /** The schedule's occurrences due today or later, not yet submitted, after the change. */
  upcoming: { clientMeasureId: number; due_date: string; status: string }[];
}

export interface MeasureRemoved {
  /** Sessions not yet submitted that were withdrawn (answers of partly answered ones deleted). */
  removedSessions: number;
  /** True when no submitted session of the measure remains: it has left the respondent's list. */
  removedFromList: boolean;
}

const day = (d: Date): CalendarDate => d.toISOString().slice(0, 10);

interface LockedSchedule {
  id: number;
  ccau_id: number;
  measure_id: number;
  frequency: number;
  due_date: Date;
  appointment_id: number | null;
  enabled: boolean;
}

/** A schedule on a chart the caller may see, its row locked against the generator; 404 otherwise. */
async function scheduleForWrite(trx: Kysely<Database>, user: RequestUser, scheduleId: number): Promise<LockedSchedule> {
  const row = await trx
    .selectFrom("schedule")
    .select(["id", "ccau_id", "measure_id", "frequency", "due_date", "appointment_id", "enabled"])
    .where("id", "=", scheduleId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound(SCHEDULE_NOT_FOUND);
  await visibleRespondentLink(trx, user, row.ccau_id).catch(() => {
    throw notFound(SCHEDULE_NOT_FOUND);
  });
  return row;
}

/** Today in the clinic, for "future": an occurrence due today is still to come. */
async function clinicToday(trx: Kysely<Database>): Promise<CalendarDate> {
  return todayIn(await clinicTimeZone(trx));
}

/** Deletes a schedule's occurrences not started and due after `after` (exclusive): those a change replaces. */
async function dropUnstartedAfter(trx: Kysely<Database>, scheduleId: number, after: CalendarDate): Promise<void> {
  await trx
    .deleteFrom("client_measure")
    .where("schedule_id", "=", scheduleId)
    .where("status", "=", "not_started")
    .where("due_date", ">", dueInstant(after))
    .execute();
}

/**
 * Points the schedule at a new anchor and frequency, with the cursor at `nextIndex`, and makes the
 * occurrences of the look-ahead at once.
 */
async function reanchor(
  trx: Kysely<Database>,
  scheduleId: number,
  frequency: number,
  anchor: CalendarDate,
  nextIndex: number,
): Promise<void> {
  const next = occurrenceDueDate(frequency, anchor, nextIndex);
  await trx
    .updateTable("schedule")
    .set({
      frequency,
      due_date: dueInstant(anchor),
      next_index: nextIndex,
      next_due_date: next === null ? null : dueInstant(next),
    })
    .where("id", "=", scheduleId)
    .execute();
  await generateForSchedule(trx, scheduleId, await generationHorizon(trx, new Date()));
}

async function changed(trx: Kysely<Database>, scheduleId: number, today: CalendarDate): Promise<ScheduleChanged> {
  const s = await trx
    .selectFrom("schedule")
    .select(["id", "ccau_id", "measure_id", "frequency", "due_date"])
    .where("id", "=", scheduleId)
    .executeTakeFirstOrThrow();
  const upcoming = await trx
    .selectFrom("client_measure")
    .select(["id", "due_date", "status"])
    .where("schedule_id", "=", scheduleId)
    .where("status", "in", ["not_started", "partial"])
    .where("due_date", ">=", dueInstant(today))
    .orderBy("due_date")
    .execute();
  return {
    schedule: {
      id: s.id,
      ccauId: s.ccau_id,
      measureId: s.measure_id,
      frequency: s.frequency,
      due_date: s.due_date.toISOString(),
    },
    upcoming: upcoming.map((u) => ({ clientMeasureId: u.id, due_date: u.due_date.toISOString(), status: u.status })),
  };
}

/**
 * POST scheduling/change-frequency (spec §4: changing the frequency updates every affected
 * schedule). The schedule's next occurrence not yet submitted, due today or later, keeps its date
 * and becomes the new anchor; every later one not started is replaced by the new frequency's.
 * Partly answered ones keep their answers and dates. With no occurrence to come, the new frequency
 * continues from the last occurrence, starting at its first date from today. A visit-linked
 * schedule stays One Time (400).
 */
export async function changeFrequency(
  db: Kysely<Database>,
  user: RequestUser,
  request: { scheduleId: number; frequency: number },
): Promise<ScheduleChanged> {
  return db.transaction().execute(async (trx) => {
    const schedule = await scheduleForWrite(trx, user, request.scheduleId);
    if (!schedule.enabled) throw notFound(SCHEDULE_NOT_FOUND);
    if (schedule.appointment_id !== null && request.frequency !== ONE_TIME) {
      throw badRequest([{ field: "frequency", message: VISIT_ONCE }]);
    }
    const today = await clinicToday(trx);
    const next = await trx
      .selectFrom("client_measure")
      .select(["due_date"])
      .where("schedule_id", "=", schedule.id)
      .where("status", "in", ["not_started", "partial"])
      .where("due_date", ">=", dueInstant(today))
      .orderBy("due_date")
      .executeTakeFirst();
    if (next) {
      const anchor = day(next.due_date);
      await dropUnstartedAfter(trx, schedule.id, anchor);
      await reanchor(trx, schedule.id, request.frequency, anchor, 1);
    } else {
      const last = await trx
        .selectFrom("client_measure")
        .select(sql<Date>`max(due_date)`.as("due"))
        .where("schedule_id", "=", schedule.id)
        .executeTakeFirst();
      const anchor = last?.due ? day(new Date(last.due)) : day(schedule.due_date);
      // The first occurrence of the new frequency from today: nothing is made for the past.
      let index = 1;
      for (let due = occurrenceDueDate(request.frequency, anchor, index); due !== null && due < today; index++) {
        due = occurrenceDueDate(request.frequency, anchor, index + 1);
      }
      await reanchor(trx, schedule.id, request.frequency, anchor, index);
    }
    return changed(trx, schedule.id, today);
  });
}

/**
 * POST scheduling/{clientMeasureId}/change-scheduling-date (spec §4: changing the due date
 * updates every affected schedule). The occurrence moves to the new day and the schedule is
 * anchored there: its later occurrences not started follow at the same frequency. A submitted (or
 * withdrawn) occurrence cannot move (409); a partly answered one can, keeping its answers.
 */
export async function changeSchedulingDate(
  db: Kysely<Database>,
  user: RequestUser,
  clientMeasureId: number,
  dueDate: string,
): Promise<ScheduleChanged | null> {
  const due = parseDueDate(dueDate);
  const newDay = day(due);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("client_measure")
      .select(["id", "ccau_id", "schedule_id", "due_date", "status", "opens_on"])
      .where("id", "=", clientMeasureId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound(MEASURE_NOT_FOUND);
    await visibleRespondentLink(trx, user, row.ccau_id).catch(() => {
      throw notFound(MEASURE_NOT_FOUND);
    });
    if (row.status === "submitted" || row.status === "disabled") {
      throw new HttpError(409, SUBMITTED_NOT_MOVED, "not_movable");
    }
    const today = await clinicToday(trx);
    if (row.schedule_id === null) {
      await trx.updateTable("client_measure").set({ due_date: due }).where("id", "=", row.id).execute();
      return null;
    }
    const schedule = await scheduleForWrite(trx, user, row.schedule_id);
    const clash = await trx
      .selectFrom("client_measure")
      .select("id")
      .where("schedule_id", "=", schedule.id)
      .where("due_date", "=", due)
      .where("id", "<>", row.id)
      .where("status", "in", ["partial", "submitted"])
      .executeTakeFirst();
    if (clash) throw new HttpError(409, ALREADY_DUE_THAT_DAY, "already_scheduled");
    // Later unstarted occurrences follow the new anchor; so does an unstarted one on the new day.
    await dropUnstartedAfter(trx, schedule.id, day(row.due_date));
    await trx
      .deleteFrom("client_measure")
      .where("schedule_id", "=", schedule.id)
      .where("due_date", "=", due)
      .where("status", "=", "not_started")
      .where("id", "<>", row.id)
      .execute();
    await trx
      .updateTable("client_measure")
      .set({
        due_date: due,
        // The first occurrence stays open from now; a later one opens its usual lead before the new day.
        opens_on: row.opens_on === null ? null : addDays(newDay, -opensDaysBefore(schedule.frequency)),
      })
      .where("id", "=", row.id)
      .execute();
    if (schedule.enabled) await reanchor(trx, schedule.id, schedule.frequency, newDay, 1);
    return changed(trx, schedule.id, today);
  });
}

/**
 * Withdraws the sessions not yet submitted of the given schedules (and, for remove-measure, those
 * of the measure without a schedule) and stops the schedules. Answers of partly answered sessions
 * are deleted (spec §4); the sessions are marked withdrawn rather than deleted so an alert an
 * answer raised keeps its record, as deactivation does (respondents/link-measures.ts).
 */
async function withdraw(
  trx: Kysely<Database>,
  scheduleIds: number[],
  orphansOf: { ccauId: number; measureId: number } | null,
): Promise<number> {
  const openOfSchedules =
    scheduleIds.length === 0
      ? []
      : await trx
          .selectFrom("client_measure")
          .select("id")
          .where("schedule_id", "in", scheduleIds)
          .where("status", "in", ["not_started", "partial"])
          .execute();
  const orphans = orphansOf
    ? await trx
        .selectFrom("client_measure")
        .select("id")
        .where("ccau_id", "=", orphansOf.ccauId)
        .where("measure_id", "=", orphansOf.measureId)
        .where("status", "in", ["not_started", "partial"])
        .execute()
    : [];
  const ids = [...new Set([...openOfSchedules, ...orphans].map((r) => r.id))];
  if (ids.length > 0) {
    await trx.deleteFrom("answer").where("client_measure_id", "in", ids).execute();
    await trx
      .updateTable("client_measure")
      .set({ status: "disabled", last_answered_question: null })
      .where("id", "in", ids)
      .execute();
  }
  if (scheduleIds.length > 0) {
    await trx
      .updateTable("schedule")
      .set({ enabled: false, next_due_date: null })
      .where("id", "in", scheduleIds)
      .execute();
  }
  return ids.length;
}

async function stillListed(trx: Kysely<Database>, ccauId: number, measureId: number): Promise<boolean> {
  const row = await trx
    .selectFrom("client_measure")
    .select("id")
    .where("ccau_id", "=", ccauId)
    .where("measure_id", "=", measureId)
    .where("status", "<>", "disabled")
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * DELETE scheduling/{id}: the schedule stops and its sessions not yet submitted are withdrawn.
 * When it was the measure's last and nothing of it was submitted, the measure leaves the list.
 */
export async function removeSchedule(
  db: Kysely<Database>,
  user: RequestUser,
  scheduleId: number,
): Promise<MeasureRemoved> {
  return db.transaction().execute(async (trx) => {
    const schedule = await scheduleForWrite(trx, user, scheduleId);
    if (!schedule.enabled) throw notFound(SCHEDULE_NOT_FOUND);
    const removedSessions = await withdraw(trx, [schedule.id], null);
    return { removedSessions, removedFromList: !(await stillListed(trx, schedule.ccau_id, schedule.measure_id)) };
  });
}

/**
 * DELETE scheduling/user-assignment/{ccauId}/remove-measure/{measureId}: every schedule of the
 * measure for the respondent stops and every session of it not yet submitted is withdrawn;
 * submitted results stay. 404 when the respondent has nothing of the measure to remove.
 */
export async function removeMeasure(
  db: Kysely<Database>,
  user: RequestUser,
  ccauId: number,
  measureId: number,
): Promise<MeasureRemoved> {
  return db.transaction().execute(async (trx) => {
    const link = await visibleRespondentLink(trx, user, ccauId);
    const schedules = await trx
      .selectFrom("schedule")
      .select("id")
      .where("ccau_id", "=", link.ccauId)
      .where("measure_id", "=", measureId)
      .where("enabled", "=", true)
      .forUpdate()
      .execute();
    const removedSessions = await withdraw(
      trx,
      schedules.map((s) => s.id),
      { ccauId: link.ccauId, measureId },
    );
    if (schedules.length === 0 && removedSessions === 0) {
      throw notFound("This measure is not scheduled for this respondent.");
    }
    return { removedSessions, removedFromList: !(await stillListed(trx, link.ccauId, measureId)) };
  });
}
