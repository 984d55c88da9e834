import { EntityEditor } from "../../entities/EntityEditor.tsx";
import { settingsPaths } from "./settings-paths.ts";
import { type TeamRecord, teamEntity, teamNameCheck } from "./teams-api.ts";

const toList = () => settingsPaths.teams;

/** Add or edit a clinician team (forms/clinician-team.form.json); the name is checked when left (spec §5). */
export function TeamEditor(props: { team?: TeamRecord; reload?: () => Promise<TeamRecord | undefined> }) {
  return (
    <EntityEditor
      entity={teamEntity}
      record={props.team}
      reload={props.reload}
      afterSave={toList}
      cancelTo={settingsPaths.teams}
      fieldCheck={teamNameCheck}
    />
  );
}
