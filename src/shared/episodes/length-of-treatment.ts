import type { LengthOfTreatmentDaysBucket } from "../../../generated/types/buckets/length-of-treatment-days.ts";
import type { LengthOfTreatmentWeeksBucket } from "../../../generated/types/buckets/length-of-treatment-weeks.ts";
import type { CalendarDate } from "../scheduling/due-dates.ts";
import { type JsonSchema, type SchemaBundle, schemaById } from "../schema/bundle.ts";

/**
 * Length of treatment of an episode on a given day (issue 11 §4; docs/programs-episodes.md), in
 * the two units outcomes are read in, each with its bucket of schemas/buckets:
 * - days (inpatient): whole calendar days since the admission day; the admission day itself is 0.
 * - outpatient weeks: the week of treatment the day falls in, counting a started week as a week:
 *   the admission day is 0, days 1-7 are week 1, days 8-14 week 2. A measure answered on the
 *   seventh day of care was answered in the first week, as a clinician would say.
 */
export interface LengthOfTreatment {
  days: number;
  weeks: number;
  days_bucket: LengthOfTreatmentDaysBucket;
  days_bucket_label: string;
  weeks_bucket: LengthOfTreatmentWeeksBucket;
  weeks_bucket_label: string;
}

export const DAYS_BUCKETS_ID = "buckets/length-of-treatment-days.json";
export const WEEKS_BUCKETS_ID = "buckets/length-of-treatment-weeks.json";

const DAY_MS = 86_400_000;

/** Calendar days from `from` to `to` (YYYY-MM-DD); negative when `to` is earlier. */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The outpatient week of treatment `days` after admission: 0 on the admission day, then 1 for days 1-7, 2 for 8-14. */
export function outpatientWeeks(days: number): number {
  return Math.max(0, Math.ceil(days / 7));
}

/**
 * The bucket (const and title) a whole number falls in: the option whose x-min..x-max holds it
 * (x-max null: no upper end). A value between two buckets' ranges goes to the later one, so a
 * bucket schema with a gap still places every number.
 */
export function bucketOf(schema: JsonSchema, value: number): { value: string; label: string } {
  const options = (schema.oneOf ?? []) as (JsonSchema & { "x-min"?: number; "x-max"?: number | null })[];
  if (options.length === 0) throw new Error(`No buckets in ${String(schema.$id)}`);
  const fit =
    options.find((o) => value >= (o["x-min"] ?? 0) && (o["x-max"] == null || value <= o["x-max"])) ??
    options.find((o) => value < (o["x-min"] ?? 0)) ??
    (options.at(-1) as JsonSchema);
  return { value: String(fit.const), label: String(fit.title ?? fit.const) };
}

/** Length of treatment on `day` of an episode admitted on `admission` (never below 0). */
export function lengthOfTreatment(bundle: SchemaBundle, admission: CalendarDate, day: CalendarDate): LengthOfTreatment {
  const days = Math.max(0, daysBetween(admission, day));
  const weeks = outpatientWeeks(days);
  const dayBucket = bucketOf(schemaById(bundle, DAYS_BUCKETS_ID), days);
  const weekBucket = bucketOf(schemaById(bundle, WEEKS_BUCKETS_ID), weeks);
  return {
    days,
    weeks,
    days_bucket: dayBucket.value as LengthOfTreatmentDaysBucket,
    days_bucket_label: dayBucket.label,
    weeks_bucket: weekBucket.value as LengthOfTreatmentWeeksBucket,
    weeks_bucket_label: weekBucket.label,
  };
}
