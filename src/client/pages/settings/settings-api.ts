import { keepPreviousData, type QueryClient, useQuery } from "@tanstack/react-query";
import { api } from "../../api/http.ts";
import type { LookupKind } from "../../widgets/lookups.ts";

/** The answer of every settings list call. */
export interface ListResponse<Row> {
  rows: Row[];
  totalRecords: number;
}

export type QueryValue = string | number | boolean | undefined | null;

/** Cache keys: one branch per resource, so a save refreshes that resource's lists and records. */
export const settingsKeys = {
  resource: (resource: string) => ["settings-area", resource] as const,
  list: (resource: string, query: Record<string, QueryValue>) => ["settings-area", resource, "list", query] as const,
  one: (resource: string, id: string) => ["settings-area", resource, "one", id] as const,
};

/** One page of a settings list; the page shows a failure in place, so no toast. */
export function useServerList<Row>(resource: string, path: string, query: Record<string, QueryValue>, enabled = true) {
  return useQuery({
    queryKey: settingsKeys.list(resource, query),
    queryFn: ({ signal }) => api<ListResponse<Row>>(path, { query, signal }),
    // The old page stays while the next one loads, so the table does not blink empty.
    placeholderData: keepPreviousData,
    // Accounts change outside this page (an invitee sets up their account): every visit asks again.
    staleTime: 0,
    meta: { errorToast: false },
    enabled,
  });
}

/** One record by id (`path` is the record's address, e.g. "location/3"). */
export function useRecord<Row>(resource: string, id: string, path: string) {
  return useQuery({
    queryKey: settingsKeys.one(resource, id),
    queryFn: ({ signal }) => api<Row>(path, { signal }),
    staleTime: 0,
    meta: { errorToast: false },
  });
}

/**
 * After a save or delete: the resource's lists and records reload, and so do the pick lists that
 * name its records (a new location must be offered in the clinical user form at once).
 */
export async function refreshAfterChange(
  client: QueryClient,
  resource: string,
  lookups: readonly LookupKind[] = [],
): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: settingsKeys.resource(resource) }),
    ...lookups.map((kind) => client.invalidateQueries({ queryKey: ["lookup", kind] })),
  ]);
}
