import { Center, List, Loader, NativeSelect, Text } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { errorText } from "../../api/error-text.ts";
import { deleteEntity, refreshEntity } from "../../entities/entity-api.ts";
import { toastSuccess } from "../../notifications/toast.ts";
import { ConfirmDialog } from "./ConfirmDialog.tsx";
import { clinicalUserEntity } from "./clinical-users-api.ts";
import {
  type LocationRecord,
  locationEntity,
  reassignLocation,
  useAllLocations,
  useLocationUsers,
} from "./locations-api.ts";

const SHOWN_USERS = 8;
const CHOOSE_TARGET = "Choose the location to move the users to";

function people(n: number): string {
  return `${n} ${n === 1 ? "user" : "users"}`;
}

/**
 * Deleting a location (spec §7 Locations). One nobody works at is deleted after a confirmation.
 * One in use is emptied first: the admin picks where its users go (PUT location/reassign), then
 * it is deleted. Whatever the server refuses (programs still there, the last location) is said
 * in the dialog in the server's words.
 */
export function LocationDeleteDialog({ location, onClose }: { location: LocationRecord; onClose: () => void }) {
  const client = useQueryClient();
  const users = useLocationUsers(location.id, true);
  const userCount = users.data?.rows.length ?? location.user_count;
  const inUse = userCount > 0;
  const locations = useAllLocations(inUse);
  const targets = (locations.data?.rows ?? []).filter((l) => l.id !== location.id);
  const [target, setTarget] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [targetError, setTargetError] = useState<string | null>(null);
  const moved = useRef(0);

  // The moved users' locations changed too.
  const refresh = () => refreshEntity(client, locationEntity).then(() => refreshEntity(client, clinicalUserEntity));

  const remove = useMutation({
    meta: { errorToast: false },
    mutationFn: async (toLocationId: number | null) => {
      if (toLocationId !== null) moved.current = (await reassignLocation(location.id, toLocationId)).moved;
      await deleteEntity(locationEntity, location.id);
    },
    onSuccess: async () => {
      const targetName = targets.find((l) => String(l.id) === target)?.name;
      toastSuccess(
        moved.current > 0 && targetName
          ? `Location deleted. ${people(moved.current)} moved to ${targetName}.`
          : "Location deleted",
      );
      await refresh();
      onClose();
    },
    onError: async (failure) => {
      const reason = errorText(failure);
      const targetName = targets.find((l) => String(l.id) === target)?.name ?? "the chosen location";
      setError(
        moved.current > 0
          ? `${people(moved.current)} moved to ${targetName}, but the location was not deleted: ${reason}`
          : reason,
      );
      // Someone may have joined or left the location meanwhile: show the dialog for how it is now.
      await users.refetch();
      await refresh();
    },
  });

  const confirm = () => {
    setError(null);
    if (!inUse) {
      remove.mutate(null);
      return;
    }
    if (!target) {
      setTargetError(CHOOSE_TARGET);
      return;
    }
    moved.current = 0;
    remove.mutate(Number(target));
  };

  const loading = users.isPending || (inUse && locations.isPending);
  return (
    <ConfirmDialog
      opened
      title={`Delete ${location.name}`}
      confirmLabel={inUse ? "Move users and delete" : "Delete location"}
      danger
      busy={remove.isPending}
      error={error ?? (users.isError ? errorText(users.error) : null)}
      onConfirm={confirm}
      onClose={onClose}
    >
      {loading ? (
        <Center py="md">
          <Loader size="sm" role="status" aria-label="Loading the location's users" />
        </Center>
      ) : inUse ? (
        <>
          <Text>
            {people(userCount)} {userCount === 1 ? "works" : "work"} at {location.name}. Every user needs a location, so
            choose where they move before the location is deleted.
          </Text>
          <List size="sm" aria-label={`Users of ${location.name}`}>
            {(users.data?.rows ?? []).slice(0, SHOWN_USERS).map((u) => (
              <List.Item key={u.id}>{u.full_name}</List.Item>
            ))}
            {userCount > SHOWN_USERS && <List.Item>and {userCount - SHOWN_USERS} more</List.Item>}
          </List>
          {targets.length === 0 ? (
            <Text c="red" size="sm">
              There is no other location to move them to. Add one first.
            </Text>
          ) : (
            <NativeSelect
              label="Move users to"
              value={target}
              onChange={(event) => {
                setTarget(event.currentTarget.value);
                setTargetError(null);
              }}
              error={targetError}
              data={[
                { value: "", label: "Select a location" },
                ...targets.map((l) => ({ value: String(l.id), label: l.name })),
              ]}
            />
          )}
        </>
      ) : (
        <Text>Delete {location.name}? Nobody works there now. This cannot be undone.</Text>
      )}
    </ConfirmDialog>
  );
}
