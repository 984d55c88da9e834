import { api } from "../../api/http.ts";

export const TEAMS = "clinician-teams";

/** A clinician team as the server answers (entities/clinician-team.json with its readOnly fields). */
export type TeamRecord = {
  id: number;
  name: string;
  clinicians: number[];
  clinician_names: string[];
  patient_count: number;
} & Record<string, unknown>;

/** Spec §5: team names are unique. */
export const TEAM_NAME_TAKEN = "Team name already in use";

export function saveTeam(id: number | undefined, body: Record<string, unknown>): Promise<TeamRecord> {
  return id === undefined
    ? api<TeamRecord>("clinician-team", { method: "POST", body })
    : api<TeamRecord>(`clinician-team/${id}`, { method: "PUT", body });
}

export function deleteTeam(id: number): Promise<unknown> {
  return api(`clinician-team/${id}`, { method: "DELETE" });
}

export function checkTeamName(name: string, id?: number) {
  return api<{ available: boolean }>("clinician-team/check-name", { query: { name, id } });
}
