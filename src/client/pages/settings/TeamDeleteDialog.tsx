import { Text } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorText } from "../../api/error-text.ts";
import { deleteEntity, refreshEntity } from "../../entities/entity-api.ts";
import { toastSuccess } from "../../notifications/toast.ts";
import { ConfirmDialog } from "./ConfirmDialog.tsx";
import { type TeamRecord, teamEntity } from "./teams-api.ts";

/** Deleting a clinician team, after asking; a team still assigned to patients is refused in the server's words. */
export function TeamDeleteDialog({ team, onClose }: { team: TeamRecord; onClose: () => void }) {
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const remove = useMutation({
    meta: { errorToast: false },
    mutationFn: () => deleteEntity(teamEntity, team.id),
    onSuccess: async () => {
      toastSuccess(`Team ${team.name} deleted`);
      onClose();
      await refreshEntity(client, teamEntity);
    },
    onError: (failure) => setError(errorText(failure)),
  });
  return (
    <ConfirmDialog
      opened
      title={`Delete ${team.name}`}
      confirmLabel="Delete team"
      danger
      busy={remove.isPending}
      error={error}
      onConfirm={() => remove.mutate()}
      onClose={onClose}
    >
      <Text>
        Delete the team {team.name}? Its members stay clinical users. A team still assigned to patients cannot be
        deleted.
      </Text>
    </ConfirmDialog>
  );
}
