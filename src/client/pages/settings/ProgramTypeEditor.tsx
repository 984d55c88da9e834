import { EntityEditor } from "../../entities/EntityEditor.tsx";
import { type ProgramTypeRecord, programTypeEntity } from "./program-types-api.ts";
import { settingsPaths } from "./settings-paths.ts";

/** Add or edit a program type (forms/program-type.form.json); either goes back to the list. */
export function ProgramTypeEditor(props: {
  programType?: ProgramTypeRecord;
  reload?: () => Promise<ProgramTypeRecord | undefined>;
}) {
  return (
    <EntityEditor
      entity={programTypeEntity}
      record={props.programType}
      reload={props.reload}
      afterSave={() => settingsPaths.programTypes}
      cancelTo={settingsPaths.programTypes}
    />
  );
}
