import type { Respondent } from "../../../generated/types/entities/respondent.ts";
import type { RespondentType } from "../../../generated/types/enums/respondent-type.ts";
import type { EntityJson, EntityValues } from "../entities/entity-definition.ts";

/**
 * A respondent as the engine reads it (entities/respondent.json): every field served (all but
 * existingUserId, which a creation sends and nothing answers). The patient's own link may have
 * no respondent type (a child patient).
 */
export type RespondentRecord = EntityJson &
  Omit<Required<Respondent>, "respondent_type" | "existingUserId"> & { respondent_type: RespondentType | null };

/** What a save states: the record's fields; a creation also names the chart and maybe the account to link. */
export type RespondentForm = Respondent;

/** The engine's record, seen with the respondent schema's field types. */
export function asRespondent(record: EntityJson): RespondentRecord {
  return record as RespondentRecord;
}

/** The body of a save, which its route validated against entities/respondent.json. */
export function respondentForm(values: EntityValues): RespondentForm {
  return values.body as unknown as RespondentForm;
}
