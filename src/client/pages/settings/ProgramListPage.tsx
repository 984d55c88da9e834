import { EntityListPage } from "../../entities/EntityListPage.tsx";
import { type ProgramRecord, programEntity } from "./programs-api.ts";
import { settingsPaths } from "./settings-paths.ts";

const rowHref = (row: ProgramRecord) => settingsPaths.programEdit(row.id);

/** /settings/programs: search, the programs table (tables/programs.table.json) and add. Programs are made inactive, never deleted. */
export function ProgramListPage() {
  return (
    <EntityListPage<ProgramRecord>
      entity={programEntity}
      title="Programs"
      addTo={settingsPaths.programAdd}
      searchPlaceholder="Search by program, type or group"
      rowHref={rowHref}
    />
  );
}
