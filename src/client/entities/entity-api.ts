import { keepPreviousData, type QueryClient, useQuery } from "@tanstack/react-query";
import type { TotalAccuracy } from "../../shared/lists/list-reach.ts";
import { api } from "../api/http.ts";
import type { EntityDefinition, StoredRecord } from "./entity-definition.ts";

/**
 * The answer of every list call: one page of rows and how many there are in all. Entity lists
 * also say whether that total is counted or estimated (past the first 10,000 rows).
 */
export interface ListResponse<Row> {
  rows: Row[];
  totalRecords: number;
  totalAccuracy?: TotalAccuracy;
}

export type QueryValue = string | number | boolean | undefined | null;

/** Cache keys: one branch per resource, so a change refreshes that resource's lists and records. */
export const entityKeys = {
  resource: (resource: string) => ["entity", resource] as const,
  list: (resource: string, query: Record<string, QueryValue>) => ["entity", resource, "list", query] as const,
  one: (resource: string, id: string) => ["entity", resource, "one", id] as const,
};

/** One page of a server list (`path`) kept under `resource`; the page shows a failure in place, so no toast. */
export function useServerList<Answer>(
  resource: string,
  path: string,
  query: Record<string, QueryValue>,
  enabled = true,
) {
  return useQuery({
    queryKey: entityKeys.list(resource, query),
    queryFn: ({ signal }) => api<Answer>(path, { query, signal }),
    // The old page stays while the next one loads, so the table does not blink empty.
    placeholderData: keepPreviousData,
    // Records change outside this page (another person, an invitee setting up an account): every
    // visit asks again.
    staleTime: 0,
    meta: { errorToast: false },
    enabled,
  });
}

export function useEntityList<Answer>(entity: EntityDefinition, query: Record<string, QueryValue>, enabled = true) {
  return useServerList<Answer>(entity.resource, entity.listPath, query, enabled);
}

/** One record by id. Always asked again on a visit: an edit must start from the latest version. */
export function useEntityRecord<Row>(entity: EntityDefinition, id: string, enabled = true) {
  return useQuery({
    queryKey: entityKeys.one(entity.resource, id),
    queryFn: ({ signal }) => api<Row>(entity.recordPath(id), { signal }),
    staleTime: 0,
    meta: { errorToast: false },
    enabled,
  });
}

/** Adds a record (POST) or replaces one (PUT, with the version the body names). */
export function saveEntity<Row>(entity: EntityDefinition, id: number | undefined, body: unknown): Promise<Row> {
  if (id !== undefined) return api<Row>(entity.recordPath(id), { method: "PUT", body });
  if (!entity.createPath) throw new Error(`${entity.plural} are not added here`);
  return api<Row>(entity.createPath, { method: "POST", body });
}

export function deleteEntity(entity: EntityDefinition, id: number): Promise<unknown> {
  return api(entity.recordPath(id), { method: "DELETE" });
}

/**
 * After a change: the resource's lists and records reload, and so do the pick lists that name its
 * records. `refetch: "none"` only marks them stale, for a page about to leave (an editor after a
 * save): what it shows next asks again when it mounts.
 */
export async function refreshEntity(
  client: QueryClient,
  entity: Pick<EntityDefinition, "resource" | "lookups">,
  refetch: "active" | "none" = "active",
): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: entityKeys.resource(entity.resource), refetchType: refetch }),
    ...(entity.lookups ?? []).map((kind) =>
      client.invalidateQueries({ queryKey: ["lookup", kind], refetchType: refetch }),
    ),
  ]);
}

/** Keeps a saved record as the server answered it, so its page shows it at once. */
export function rememberSaved(client: QueryClient, entity: EntityDefinition, saved: StoredRecord): void {
  client.setQueryData(entityKeys.one(entity.resource, String(saved.id)), saved);
}
