import { useState } from "react";
import { EntityListPage } from "../../entities/EntityListPage.tsx";
import { RowDeleteButton } from "./RowDeleteButton.tsx";
import { settingsPaths } from "./settings-paths.ts";
import { TeamDeleteDialog } from "./TeamDeleteDialog.tsx";
import { type TeamRecord, teamEntity } from "./teams-api.ts";

const rowHref = (row: TeamRecord) => settingsPaths.teamEdit(row.id);

/** /settings/clinical-team: search, the teams table, add, and delete (refused, in the server's words, while in use). */
export function TeamListPage() {
  const [deleting, setDeleting] = useState<TeamRecord | null>(null);
  return (
    <EntityListPage<TeamRecord>
      entity={teamEntity}
      title="Clinician teams"
      addTo={settingsPaths.teamAdd}
      searchPlaceholder="Search by team name"
      rowHref={rowHref}
      rowActions={(row) => <RowDeleteButton name={row.name} onClick={() => setDeleting(row)} />}
    >
      {deleting && <TeamDeleteDialog key={deleting.id} team={deleting} onClose={() => setDeleting(null)} />}
    </EntityListPage>
  );
}
