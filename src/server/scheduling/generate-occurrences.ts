import type { Kysely } from "kysely";
import {
  addDays,
  type CalendarDate,
  occurrenceDueDate,
  occurrenceOpensOn,
  todayIn,
} from "../../shared/scheduling/due-dates.ts";
import type { Database } from "../db/database-types.ts";
import { clinicTimeZone } from "../sessions/availability.ts";
import { mayGenerate } from "./generation-eligibility.ts";

/**
 * How far ahead occurrences are made: beyond the longest opening lead (7 days, due-dates.ts) plus
 * the job's period, so an occurrence exists well before it opens and before it is due.
 */
export const LOOKAHEAD_DAYS = 14;
// Rows per INSERT: a daily schedule catching up after a long downtime stays under parameter limits.
const CHUNK = 200;

export interface GenerationResult {
  /** Occurrences this run inserted (rows another run had made already are not counted). */
  created: number;
  /** Schedules looked at. */
  schedules: number;
}

/** A calendar day as stored in due_date: the start of the day in UTC (spec §5). */
export function dueInstant(day: CalendarDate): Date {
  return new Date(`${day}T00:00:00Z`);
}

function calendarDay(instant: Date): CalendarDate {
  return instant.toISOString().slice(0, 10);
}

/** The last due day to generate up to, from the clinic's today. */
export async function generationHorizon(db: Kysely<Database>, now: Date): Promise<CalendarDate> {
  return addDays(todayIn(await clinicTimeZone(db), now), LOOKAHEAD_DAYS);
}

/**
 * Generates every occurrence of every eligible recurring schedule due on or before the horizon
 * (issue 10 §1): the job's work, and the catch-up after downtime (each missed occurrence is made
 * once, already past its window, so the record shows it was due). Safe to run on several nodes at
 * once: each schedule is locked while its rows are made (a locked one is skipped: its holder does
 * it), and the unique (schedule_id, due_date) index turns a repeat into nothing.
 */
export async function generateOccurrences(db: Kysely<Database>, now: Date = new Date()): Promise<GenerationResult> {
  const horizon = await generationHorizon(db, now);
  const candidates = await db
    .selectFrom("schedule as s")
    .innerJoin("cca_user as cu", "cu.id", "s.ccau_id")
    .innerJoin("app_user as u", "u.id", "cu.user_id")
    .innerJoin("measure as m", "m.id", "s.measure_id")
    .select("s.id")
    .where("s.next_due_date", "is not", null)
    .where("s.next_due_date", "<=", dueInstant(horizon))
    .where(mayGenerate())
    .orderBy("s.id")
    .execute();
  let created = 0;
  for (const { id } of candidates) {
    created += await db.transaction().execute((trx) => generateForSchedule(trx, id, horizon));
  }
  return { created, schedules: candidates.length };
}

/**
 * Makes one schedule's occurrences up to the horizon and moves its cursor past them. Runs inside
 * the caller's transaction: the scheduling routes call it right after a write, so the next
 * occurrences exist as soon as the schedule does. Returns how many rows it inserted.
 */
export async function generateForSchedule(
  trx: Kysely<Database>,
  scheduleId: number,
  horizon: CalendarDate,
): Promise<number> {
  const schedule = await trx
    .selectFrom("schedule as s")
    .innerJoin("cca_user as cu", "cu.id", "s.ccau_id")
    .innerJoin("app_user as u", "u.id", "cu.user_id")
    .innerJoin("measure as m", "m.id", "s.measure_id")
    .select(["s.id", "s.ccau_id", "s.measure_id", "s.frequency", "s.due_date", "s.next_index", "s.next_due_date"])
    .select("s.access_control_program_id")
    .select("m.current_version_id")
    .where("s.id", "=", scheduleId)
    .where(mayGenerate())
    .forUpdate("s")
    .skipLocked()
    .executeTakeFirst();
  if (!schedule?.next_due_date || !schedule.current_version_id) return 0;
  const anchor = calendarDay(schedule.due_date);
  const rows: { due: CalendarDate; opens: CalendarDate | null }[] = [];
  let index = schedule.next_index;
  let due = occurrenceDueDate(schedule.frequency, anchor, index);
  while (due !== null && due <= horizon) {
    rows.push({ due, opens: occurrenceOpensOn(schedule.frequency, due, index) });
    index += 1;
    due = occurrenceDueDate(schedule.frequency, anchor, index);
  }
  let inserted = 0;
  for (let i = 0; i < rows.length; i += CHUNK) {
    const result = await trx
      .insertInto("client_measure")
      .values(
        rows.slice(i, i + CHUNK).map((r) => ({
          ccau_id: schedule.ccau_id,
          measure_id: schedule.measure_id,
          // Pinned to the definition of the day it is made, like a one-time assignment.
          measure_version_id: schedule.current_version_id,
          schedule_id: schedule.id,
          // An episode's occurrence is the episode's (docs/programs-episodes.md): outcomes count it there.
          access_control_program_id: schedule.access_control_program_id,
          due_date: dueInstant(r.due),
          opens_on: r.opens,
        })),
      )
      .onConflict((oc) => oc.columns(["schedule_id", "due_date"]).where("schedule_id", "is not", null).doNothing())
      .executeTakeFirst();
    inserted += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  await trx
    .updateTable("schedule")
    .set({ next_index: index, next_due_date: due === null ? null : dueInstant(due) })
    .where("id", "=", schedule.id)
    .execute();
  return inserted;
}
