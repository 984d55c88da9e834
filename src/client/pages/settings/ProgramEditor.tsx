import { EntityEditor } from "../../entities/EntityEditor.tsx";
import { type ProgramRecord, programEntity } from "./programs-api.ts";
import { settingsPaths } from "./settings-paths.ts";

/** Add or edit a program (forms/program.form.json); a new program goes on to its page to add measures. */
export function ProgramEditor(props: { program?: ProgramRecord; reload?: () => Promise<ProgramRecord | undefined> }) {
  return (
    <EntityEditor
      entity={programEntity}
      record={props.program}
      reload={props.reload}
      afterSave={(saved) => (props.program ? settingsPaths.programs : settingsPaths.programEdit(saved.id))}
      cancelTo={settingsPaths.programs}
    />
  );
}
