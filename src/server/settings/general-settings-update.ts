import { type Kysely, sql } from "kysely";
import type { GeneralSettingsUpdate } from "../../../generated/types/api/general-settings-update.ts";
import { MESSAGES } from "../../shared/api-errors.ts";
import { isSupportedTimeZone } from "../../shared/time-zones.ts";
import type { FieldError } from "../../shared/validation/field-errors.ts";
import type { Database } from "../db/database-types.ts";
import { appendHistory } from "../history/record-history.ts";
import { badRequest, HttpError } from "../http/http-error.ts";
import { lockSettingsVersion, SETTINGS_VERSION_KEY } from "./settings-version.ts";

export const TIME_ZONE_NOT_VALID = "Clinic time zone is not a known time zone: choose one from the list";
export const WARNING_AFTER_TIMEOUT = "Warn after must be less than sign out after";
// The schema's own sentence for an empty update (minProperties): a version alone changes nothing either.
const CHANGE_SOMETHING = "Change at least one setting";

// One history thread for the deployment's settings: entity "general_settings", id 1.
const HISTORY = { entity: "general_settings", entityId: 1 };

/** The rules of an admin update the schema cannot express. */
function check(changes: GeneralSettingsUpdate): FieldError[] {
  const errors: FieldError[] = [];
  // The same list the settings form offers (shared/time-zones.ts), not whatever Intl would parse.
  if (changes.client_time_zone !== undefined && !isSupportedTimeZone(changes.client_time_zone)) {
    errors.push({ field: "client_time_zone", message: TIME_ZONE_NOT_VALID });
  }
  const session = changes.session_configuration;
  if (session && session.warningThreshhold >= session.timeout) {
    errors.push({ field: "session_configuration", message: WARNING_AFTER_TIMEOUT });
  }
  return errors;
}

/**
 * Stores the fields an admin changed, one general_setting row each (readGeneralSettings lays
 * them over the schema's defaults). session_configuration is stored without secondsToShow,
 * which is derived when read; a checkRate left out keeps its stored or default value.
 * Every change appends the changed fields and who changed them to record_history. The update
 * names the settings version it was based on: two admins saving from one page cannot silently
 * undo each other (409), as with every entity (docs/entity-engine.md).
 */
export async function updateGeneralSettings(
  db: Kysely<Database>,
  actorId: number,
  changes: GeneralSettingsUpdate,
): Promise<void> {
  const { version: basedOn, ...fields } = changes;
  if (basedOn === undefined) throw new HttpError(428, MESSAGES.versionRequired, "version_required");
  if (Object.keys(fields).length === 0) throw badRequest([{ field: "", message: CHANGE_SOMETHING }]);
  const errors = check(changes);
  if (errors.length) throw badRequest(errors);
  await db.transaction().execute(async (trx) => {
    const current = await lockSettingsVersion(trx);
    if (current !== basedOn) {
      throw new HttpError(409, MESSAGES.staleRecord, "stale_record", undefined, { currentVersion: current });
    }
    await trx
      .updateTable("general_setting")
      .set({ value: JSON.stringify(current + 1) })
      .where("key", "=", SETTINGS_VERSION_KEY)
      .execute();
    for (const [key, value] of Object.entries(fields)) {
      if (value === undefined) continue;
      // Objects merge over the stored object, so a key an older admin page does not send survives.
      const merge = typeof value === "object" && !Array.isArray(value);
      await sql`insert into general_setting (key, value) values (${key}, ${JSON.stringify(value)}::jsonb)
        on conflict (key) do update set value = ${
          merge
            ? sql`case when jsonb_typeof(general_setting.value) = 'object'
                then general_setting.value || excluded.value else excluded.value end`
            : sql`excluded.value`
        }`.execute(trx);
    }
    await appendHistory(trx, { ...HISTORY, data: { ...fields, version: current + 1 }, changedBy: actorId });
  });
}
