import { useQuery } from "@tanstack/react-query";
import type { LocationReassignment } from "../../../../generated/types/api/responses/location-reassignment.ts";
import type { LocationUser } from "../../../../generated/types/api/responses/location-user.ts";
import { api } from "../../api/http.ts";
import { entityKeys, type ListResponse } from "../../entities/entity-api.ts";
import type { EntityDefinition } from "../../entities/entity-definition.ts";

/** A location as the server answers (entities/location.json with its readOnly fields). */
export type LocationRecord = {
  id: number;
  name: string;
  state_name: string | null;
  user_count: number;
  version?: number;
} & Record<string, unknown>;

export const locationEntity = {
  resource: "locations",
  noun: "location",
  plural: "locations",
  title: (record) => String(record.name ?? ""),
  formId: "forms/location.form.json",
  tableId: "tables/locations.table.json",
  detailsId: "details/location.details.json",
  listPath: "location",
  recordPath: (id) => `location/${encodeURIComponent(id)}`,
  createPath: "location",
  lookups: ["locations"],
} satisfies EntityDefinition;

/** Moves every user of one location to another (PUT location/reassign). */
export function reassignLocation(fromLocationId: number, toLocationId: number) {
  return api<LocationReassignment>("location/reassign", { method: "PUT", body: { fromLocationId, toLocationId } });
}

export function useLocationUsers(id: number, enabled: boolean) {
  return useQuery({
    queryKey: [...entityKeys.resource(locationEntity.resource), "users", id],
    queryFn: ({ signal }) => api<ListResponse<LocationUser>>(`location/${id}/users`, { signal }),
    meta: { errorToast: false },
    enabled,
  });
}

/** Every location by name (GET location/for-list): the targets of a reassignment. */
export function useAllLocations(enabled: boolean) {
  return useQuery({
    queryKey: [...entityKeys.resource(locationEntity.resource), "for-list"],
    queryFn: ({ signal }) => api<ListResponse<{ id: number; name: string }>>("location/for-list", { signal }),
    meta: { errorToast: false },
    enabled,
  });
}
