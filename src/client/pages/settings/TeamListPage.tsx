import { Text } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorText } from "../../api/error-text.ts";
import { toastSuccess } from "../../notifications/toast.ts";
import { SchemaTable } from "../../renderers/SchemaTable.tsx";
import { ConfirmDialog } from "./ConfirmDialog.tsx";
import { ListFrame } from "./ListFrame.tsx";
import { pagedTableProps, useListPosition } from "./list-state.ts";
import { RowDeleteButton } from "./RowDeleteButton.tsx";
import { refreshAfterChange, useServerList } from "./settings-api.ts";
import { settingsPaths } from "./settings-paths.ts";
import { deleteTeam, TEAMS, type TeamRecord } from "./teams-api.ts";

const TABLE_ID = "tables/clinician-teams.table.json";
const rowHref = (row: TeamRecord) => settingsPaths.teamEdit(row.id);
const countLabel = (n: number) => `${n} ${n === 1 ? "team" : "teams"}`;

/** /settings/clinical-team: search, the teams table, add, and delete (refused, in the server's words, while in use). */
export function TeamListPage() {
  const client = useQueryClient();
  const { position, update, searchText, setSearchText } = useListPosition(TABLE_ID);
  const list = useServerList<TeamRecord>(TEAMS, "clinician-team", { ...position });
  const [deleting, setDeleting] = useState<TeamRecord | null>(null);
  const [error, setError] = useState<string | null>(null);

  const remove = useMutation({
    meta: { errorToast: false },
    mutationFn: (team: TeamRecord) => deleteTeam(team.id),
    onSuccess: async (_, team) => {
      toastSuccess(`Team ${team.name} deleted`);
      setDeleting(null);
      await refreshAfterChange(client, TEAMS, ["clinicianTeams"]);
    },
    onError: (failure) => setError(errorText(failure)),
  });

  return (
    <ListFrame
      title="Clinician teams"
      add={{ label: "Add team", to: settingsPaths.teamAdd }}
      searchLabel="Search teams"
      searchPlaceholder="Search by team name"
      searchText={searchText}
      onSearchText={setSearchText}
      error={list.error}
    >
      <SchemaTable
        tableId={TABLE_ID}
        label="Clinician teams"
        {...pagedTableProps(position, update, list)}
        rowHref={rowHref}
        countLabel={countLabel}
        rowActions={(row) => (
          <RowDeleteButton
            name={row.name}
            onClick={() => {
              setError(null);
              setDeleting(row);
            }}
          />
        )}
      />
      {deleting && (
        <ConfirmDialog
          opened
          title={`Delete ${deleting.name}`}
          confirmLabel="Delete team"
          danger
          busy={remove.isPending}
          error={error}
          onConfirm={() => remove.mutate(deleting)}
          onClose={() => setDeleting(null)}
        >
          <Text>
            Delete the team {deleting.name}? Its members stay clinical users. A team still assigned to patients cannot
            be deleted.
          </Text>
        </ConfirmDialog>
      )}
    </ListFrame>
  );
}
