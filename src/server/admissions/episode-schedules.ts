import { type Kysely, sql } from "kysely";
import type { MeasureDefinition } from "../../shared/measures/types.ts";
import { type CalendarDate, ONE_TIME, occurrenceDueDate } from "../../shared/scheduling/due-dates.ts";
import type { Database } from "../db/database-types.ts";
import { ageOn } from "../patients/patient-age.ts";
import { fitsRespondent } from "../scheduling/eligibility.ts";
import { dueInstant, generateForSchedule, generationHorizon } from "../scheduling/generate-occurrences.ts";

export type ProgramTiming = "admission" | "discharge";

export interface ScheduledProgramMeasure {
  scheduleId: number;
  ccauId: number;
  measure: string;
  respondent: string;
  due_date: CalendarDate;
}

export interface SkippedProgramMeasure {
  measure: string;
  respondent: string | null;
  reason: string;
}

export const NO_RESPONDENT = "Nobody on the chart's team answers as this kind of respondent.";
export const ACCOUNT_INACTIVE = "This respondent's account is inactive.";
export const MEASURE_GONE = "This measure is no longer in the library.";

/** Account status 1 Inactive (schemas/enums/account-status.json). */
const INACTIVE = 1;

/**
 * Schedules a program's admission or discharge measures for one episode (docs/programs-episodes.md):
 * each program measure goes to the chart's respondents of its kind ('patient': the patient's own
 * link, relation 1; a respondent type: every other live link of that type), as a recurring
 * schedule (docs/scheduling.md) anchored on `anchor` (the admission or discharge day) and tied
 * to the episode, so each occurrence is the episode's. Discharge measures are one time.
 *
 * The first occurrence is due on the anchor, or today when the anchor is already past (an
 * admission recorded a few days late): the intake can still be answered. Later occurrences keep
 * their anchored dates; those already past are not made, since nobody was asked then.
 * A respondent the measure does not fit (who answers it, the patient's age), an inactive
 * account or a measure gone from the library is skipped and said why. Runs in the caller's transaction.
 */
export async function scheduleEpisodeMeasures(
  trx: Kysely<Database>,
  args: {
    episodeId: number;
    ccaId: number;
    programId: number;
    timing: ProgramTiming;
    anchor: CalendarDate;
    today: CalendarDate;
    actorId: number;
  },
): Promise<{ scheduled: ScheduledProgramMeasure[]; skipped: SkippedProgramMeasure[] }> {
  const measures = await trx
    .selectFrom("program_measure as pm")
    .innerJoin("measure as m", "m.id", "pm.measure_id")
    .select(["pm.measure_id", "pm.frequency", "pm.respondent_kind", "m.abbreviation", "m.definition"])
    .select(["m.current_version_id", "m.in_library", "m.discontinued_at"])
    .where("pm.program_id", "=", args.programId)
    .where("pm.timing", "=", args.timing)
    .orderBy("pm.id")
    .execute();
  const links = await trx
    .selectFrom("cca_user as cu")
    .innerJoin("app_user as u", "u.id", "cu.user_id")
    .innerJoin("client_clinic_assignment as cca", "cca.id", "cu.cca_id")
    .innerJoin("patient as p", "p.id", "cca.patient_id")
    .select(["cu.id", "cu.relation_id", "cu.respondent_type", "u.status", "p.birth_date"])
    .select(sql<string>`u.first_name || ' ' || u.last_name`.as("name"))
    .where("cu.cca_id", "=", args.ccaId)
    .where("cu.deleted_at", "is", null)
    .orderBy("cu.id")
    .execute();
  const scheduled: ScheduledProgramMeasure[] = [];
  const skipped: SkippedProgramMeasure[] = [];
  const horizon = await generationHorizon(trx, new Date());
  for (const pm of measures) {
    const respondents = links.filter((l) =>
      pm.respondent_kind === "patient"
        ? l.relation_id === 1
        : l.relation_id !== 1 && l.respondent_type === pm.respondent_kind,
    );
    if (respondents.length === 0) skipped.push({ measure: pm.abbreviation, respondent: null, reason: NO_RESPONDENT });
    for (const link of respondents) {
      const skip = (reason: string) => skipped.push({ measure: pm.abbreviation, respondent: link.name, reason });
      if (!pm.in_library || pm.discontinued_at !== null || pm.current_version_id === null) {
        skip(MEASURE_GONE);
        continue;
      }
      if (link.status === INACTIVE) {
        skip(ACCOUNT_INACTIVE);
        continue;
      }
      const fit = fitsRespondent(pm.definition as MeasureDefinition, {
        relationId: link.relation_id,
        respondentType: link.respondent_type,
        patientAge: ageOn(link.birth_date, args.today),
      });
      if (!fit.ok) {
        skip(fit.reason);
        continue;
      }
      const frequency = args.timing === "discharge" ? ONE_TIME : pm.frequency;
      const schedule = await scheduleOne(trx, {
        ...args,
        ccauId: link.id,
        measureId: pm.measure_id,
        versionId: pm.current_version_id,
        frequency,
        horizon,
      });
      scheduled.push({ ...schedule, ccauId: link.id, measure: pm.abbreviation, respondent: link.name });
    }
  }
  return { scheduled, skipped };
}

async function scheduleOne(
  trx: Kysely<Database>,
  a: {
    episodeId: number;
    timing: ProgramTiming;
    anchor: CalendarDate;
    today: CalendarDate;
    actorId: number;
    ccauId: number;
    measureId: number;
    versionId: number;
    frequency: number;
    horizon: CalendarDate;
  },
): Promise<{ scheduleId: number; due_date: CalendarDate }> {
  const first = a.anchor < a.today ? a.today : a.anchor;
  // The cursor starts at the first anchored occurrence after the first one made.
  let next = 1;
  let nextDue = occurrenceDueDate(a.frequency, a.anchor, next);
  while (nextDue !== null && nextDue <= first) {
    next += 1;
    nextDue = occurrenceDueDate(a.frequency, a.anchor, next);
  }
  const schedule = await trx
    .insertInto("schedule")
    .values({
      ccau_id: a.ccauId,
      measure_id: a.measureId,
      frequency: a.frequency,
      due_date: dueInstant(a.anchor),
      created_by: a.actorId,
      access_control_program_id: a.episodeId,
      program_timing: a.timing,
      next_index: next,
      next_due_date: nextDue === null ? null : dueInstant(nextDue),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("client_measure")
    .values({
      ccau_id: a.ccauId,
      measure_id: a.measureId,
      measure_version_id: a.versionId,
      schedule_id: schedule.id,
      access_control_program_id: a.episodeId,
      due_date: dueInstant(first),
    })
    .execute();
  await generateForSchedule(trx, schedule.id, a.horizon);
  return { scheduleId: schedule.id, due_date: first };
}
