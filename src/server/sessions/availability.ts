import { type Kysely, type RawBuilder, type SqlBool, sql } from "kysely";
import { defaultBundle, schemaById } from "../../shared/schema/bundle.ts";
import type { Database } from "../db/database-types.ts";
import { generalSettingValue } from "../settings/general-setting-value.ts";

const FALLBACK_ZONE = "UTC";
const DEFAULT_ZONE = schemaById(defaultBundle, "api/general-settings.json").properties?.client_time_zone?.default;

/** Zones already checked: the check builds an Intl.DateTimeFormat, and nearly every request asks. */
const checkedZones = new Map<string, boolean>();

function isTimeZone(zone: unknown): zone is string {
  if (typeof zone !== "string" || zone === "") return false;
  const known = checkedZones.get(zone);
  if (known !== undefined) return known;
  let valid = true;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
  } catch {
    valid = false;
  }
  // A clinic has one zone; the bound only keeps odd stored values from growing the map.
  if (checkedZones.size >= 100) checkedZones.clear();
  checkedZones.set(zone, valid);
  return valid;
}

/**
 * The clinic's time zone (general setting client_time_zone, default in its schema), checked
 * before it ever reaches SQL; an unknown zone falls back to UTC rather than failing every query.
 */
export async function clinicTimeZone(db: Kysely<Database>): Promise<string> {
  const stored = await generalSettingValue(db, "client_time_zone");
  const zone = stored === undefined ? DEFAULT_ZONE : stored;
  return isTimeZone(zone) ? zone : FALLBACK_ZONE;
}

/**
 * The clinic's time zone as a scalar subquery, for a statement that needs it and should not wait
 * for a round trip of its own (the answer save): read in the statement itself, so a changed
 * setting counts from the next statement on, on every node, with no cache to invalidate. The
 * settings only ever store a zone they checked (general-settings-update.ts), as patient-triage.ts
 * relies on too; clinicTimeZone's fallback is for a value put there by hand.
 */
export const clinicTimeZoneSql: RawBuilder<string> = sql<string>`coalesce((select gs.value #>> '{}'
  from general_setting gs where gs.key = 'client_time_zone'), ${isTimeZone(DEFAULT_ZONE) ? DEFAULT_ZONE : FALLBACK_ZONE})`;

/**
 * When a session stops being answerable: the end of its due day in the clinic's time zone. Due
 * dates are stored as the start of the calendar day in UTC (spec §5), so the day is read in UTC
 * and its end placed in the clinic's zone: a measure due "March 10" stays open until midnight
 * at the clinic, not until 7 pm the evening before.
 */
export function dueDayEnd(
  zone: string | RawBuilder<string>,
  dueDate: RawBuilder<unknown> = sql`cm.due_date`,
): RawBuilder<Date> {
  return sql<Date>`((((${dueDate}) at time zone 'UTC')::date + 1)::timestamp at time zone ${zone})`;
}

/**
 * A session the respondent may answer now: not started or partial, its window opened (opens_on,
 * a clinic calendar day, set on recurring occurrences generated ahead) and its due day not over.
 * `at` replaces the database clock (the reminder job's fake clock in tests).
 */
export function isOpen(zone: string, alias = "cm", at?: Date): RawBuilder<SqlBool> {
  const opensOn = sql.ref(`${alias}.opens_on`);
  const now = at ? sql`${at}::timestamptz` : sql`now()`;
  return sql<SqlBool>`(${sql.ref(`${alias}.status`)} in ('not_started', 'partial') and ${now} < ${dueDayEnd(zone, sql.ref(`${alias}.due_date`))} and (${opensOn} is null or ${now} >= (${opensOn}::timestamp at time zone ${zone})))`;
}
