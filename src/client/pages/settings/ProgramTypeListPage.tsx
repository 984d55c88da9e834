import { EntityListPage } from "../../entities/EntityListPage.tsx";
import { type ProgramTypeRecord, programTypeEntity } from "./program-types-api.ts";
import { settingsPaths } from "./settings-paths.ts";

const rowHref = (row: ProgramTypeRecord) => settingsPaths.programTypeEdit(row.id);

/** /settings/program-types: the kinds a program is of (tables/program-types.table.json), and add. */
export function ProgramTypeListPage() {
  return (
    <EntityListPage<ProgramTypeRecord>
      entity={programTypeEntity}
      title="Program types"
      addTo={settingsPaths.programTypeAdd}
      searchPlaceholder="Search by name"
      rowHref={rowHref}
    />
  );
}
