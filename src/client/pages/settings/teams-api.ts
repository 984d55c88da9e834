import { api } from "../../api/http.ts";
import type { EntityDefinition } from "../../entities/entity-definition.ts";
import type { FieldCheck } from "../../entities/useFieldCheck.ts";

/** A clinician team as the server answers (entities/clinician-team.json with its readOnly fields). */
export type TeamRecord = {
  id: number;
  name: string;
  clinicians: number[];
  clinician_names: string[];
  patient_count: number;
  version?: number;
} & Record<string, unknown>;

export const teamEntity = {
  resource: "clinician-teams",
  noun: "team",
  plural: "teams",
  title: (record) => String(record.name ?? ""),
  formId: "forms/clinician-team.form.json",
  tableId: "tables/clinician-teams.table.json",
  detailsId: "details/clinician-team.details.json",
  listPath: "clinician-team",
  recordPath: (id) => `clinician-team/${encodeURIComponent(id)}`,
  createPath: "clinician-team",
  lookups: ["clinicianTeams"],
} satisfies EntityDefinition;

/** Spec §5: team names are unique. */
export const TEAM_NAME_TAKEN = "Team name already in use";

/** The team name is checked when its field is left (spec §5). */
export const teamNameCheck: FieldCheck = {
  field: "name",
  ask: async (name, id) => {
    const result = await api<{ available: boolean }>("clinician-team/check-name", { query: { name, id } });
    return result.available ? null : { message: TEAM_NAME_TAKEN };
  },
};
