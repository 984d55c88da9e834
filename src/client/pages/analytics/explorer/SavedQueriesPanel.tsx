import { ActionIcon, Alert, Button, Group, Stack, Text, TextInput, UnstyledButton } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { AnalyticsQuery } from "../../../../../generated/types/api/analytics-query.ts";
import { ApiError } from "../../../api/api-error.ts";
import { api } from "../../../api/http.ts";
import { type SavedQueryRecord, useSavedQueries } from "./explorer-api.ts";

export interface SavedQueriesPanelProps {
  /** The query and columns on screen: what Save keeps. */
  current: { query: AnalyticsQuery; columns: string[] };
  /** The saved query on screen, if it came from one. */
  openId: number | null;
  onOpen: (saved: SavedQueryRecord) => void;
}

const QUERIES_KEY = ["analytics", "queries"];

/**
 * The saved queries (spec §3, §5): favorites first, then by name; open, favorite, rename, delete,
 * and save what is on screen under a name (3 to 30 characters). A name already in use offers to
 * replace that query or to choose another name. Each shows its definition hash, the one written
 * into its exports.
 */
export function SavedQueriesPanel({ current, openId, onOpen }: SavedQueriesPanelProps) {
  const saved = useSavedQueries();
  const client = useQueryClient();
  const [name, setName] = useState("");
  const [problem, setProblem] = useState<{ message: string; existingId?: number } | null>(null);
  const [renaming, setRenaming] = useState<{ id: number; name: string } | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: QUERIES_KEY });

  const write = useMutation({
    // The panel shows the refusal itself, with its Replace choice.
    meta: { errorToast: false },
    mutationFn: (req: { id?: number; body: Record<string, unknown> }) =>
      api<SavedQueryRecord>(req.id ? `analytics/queries/${req.id}` : "analytics/queries", {
        method: req.id ? "PUT" : "POST",
        body: req.body,
      }),
    onSuccess: (record) => {
      setProblem(null);
      setRenaming(null);
      setName("");
      void refresh();
      onOpen(record);
    },
    onError: (err) => {
      const body = err instanceof ApiError ? (err.body as { existingId?: number }) : {};
      setProblem({ message: err.message, existingId: body?.existingId ?? undefined });
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => api(`analytics/queries/${id}`, { method: "DELETE" }),
    onSuccess: () => void refresh(),
  });

  const rows = saved.data?.rows ?? [];
  const record = (r: SavedQueryRecord, changes: Partial<SavedQueryRecord>) => ({
    name: r.name,
    favorite: r.favorite,
    query: r.query,
    columns: r.columns,
    version: r.version,
    ...changes,
  });
  const replace = (id: number) => {
    const existing = rows.find((r) => r.id === id);
    if (existing) write.mutate({ id, body: record(existing, { name: name.trim(), ...current }) });
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby="saved-queries-title">
      <Text id="saved-queries-title" fw={600} component="h2" size="md">
        Saved queries
      </Text>
      {saved.isPending ? <Text size="sm">Loading saved queries…</Text> : null}
      {saved.isError ? <Text size="sm">There was a problem loading this data</Text> : null}
      {saved.isSuccess && rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No saved queries yet. Build a query, then save it under a name to run it again later.
        </Text>
      ) : null}
      <Stack gap={4} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {rows.map((r) => (
          <Group component="li" key={r.id} gap={4} wrap="nowrap" justify="space-between">
            <ActionIcon
              variant="subtle"
              aria-label={r.favorite ? `Remove ${r.name} from favorites` : `Add ${r.name} to favorites`}
              aria-pressed={r.favorite}
              onClick={() => write.mutate({ id: r.id, body: record(r, { favorite: !r.favorite }) })}
            >
              {r.favorite ? "★" : "☆"}
            </ActionIcon>
            {renaming?.id === r.id ? (
              <form
                style={{ flex: 1 }}
                onSubmit={(e) => {
                  e.preventDefault();
                  write.mutate({ id: r.id, body: record(r, { name: renaming.name }) });
                }}
              >
                <Group gap={4} wrap="nowrap">
                  <TextInput
                    aria-label={`New name for ${r.name}`}
                    size="xs"
                    value={renaming.name}
                    onChange={(e) => setRenaming({ id: r.id, name: e.currentTarget.value })}
                    style={{ flex: 1 }}
                  />
                  <Button size="compact-xs" type="submit">
                    Rename
                  </Button>
                </Group>
              </form>
            ) : (
              <UnstyledButton
                style={{ flex: 1 }}
                onClick={() => onOpen(r)}
                aria-current={openId === r.id ? "true" : undefined}
              >
                <Text size="sm" fw={openId === r.id ? 700 : 400}>
                  {r.name}
                </Text>
                <Text size="xs" c="dimmed">
                  Hash {r.hash}
                  {r.owner_name ? ` · saved by ${r.owner_name}` : ""}
                </Text>
              </UnstyledButton>
            )}
            <Button
              variant="subtle"
              size="compact-xs"
              aria-label={`Rename ${r.name}`}
              onClick={() => setRenaming(renaming?.id === r.id ? null : { id: r.id, name: r.name })}
            >
              {renaming?.id === r.id ? "Cancel" : "Rename"}
            </Button>
            <Button
              variant="subtle"
              color="red"
              size="compact-xs"
              aria-label={`Delete ${r.name}`}
              onClick={() => {
                if (window.confirm(`Delete the saved query "${r.name}"?`)) remove.mutate(r.id);
              }}
            >
              Delete
            </Button>
          </Group>
        ))}
      </Stack>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          write.mutate({ body: { name, favorite: false, ...current } });
        }}
      >
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label="Query Name"
            description="3 to 30 characters"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <Button type="submit" loading={write.isPending}>
            Save query
          </Button>
        </Group>
      </form>
      {problem ? (
        <Alert color="red" role="alert" title="The query was not saved">
          <Text size="sm">{problem.message}</Text>
          {problem.existingId ? (
            <Group gap="xs" mt="xs">
              <Button size="xs" onClick={() => replace(problem.existingId as number)}>
                Replace it
              </Button>
              <Button size="xs" variant="default" onClick={() => setProblem(null)}>
                Choose another name
              </Button>
            </Group>
          ) : null}
        </Alert>
      ) : null}
    </Stack>
  );
}
