import { useQuery } from "@tanstack/react-query";
import { api } from "../../api/http.ts";
import type { ListResponse } from "./settings-api.ts";

export const LOCATIONS = "locations";

/** A location as the server answers (entities/location.json with its readOnly fields). */
export type LocationRecord = {
  id: number;
  name: string;
  state_name: string | null;
  user_count: number;
} & Record<string, unknown>;

/** Someone working at a location (GET location/{id}/users). */
export interface LocationUser {
  id: number;
  full_name: string;
  user_type: "clinical" | "patient";
  status: number;
  roles: string[];
  /** 0: this is the user's only location. */
  other_locations: number;
}

export function saveLocation(id: number | undefined, body: Record<string, unknown>): Promise<LocationRecord> {
  return id === undefined
    ? api<LocationRecord>("location", { method: "POST", body })
    : api<LocationRecord>(`location/${id}`, { method: "PUT", body });
}

export function deleteLocation(id: number): Promise<unknown> {
  return api(`location/${id}`, { method: "DELETE" });
}

/** Moves every user of one location to another (PUT location/reassign). */
export function reassignLocation(fromLocationId: number, toLocationId: number) {
  return api<{ moved: number }>("location/reassign", { method: "PUT", body: { fromLocationId, toLocationId } });
}

export function useLocationUsers(id: number, enabled: boolean) {
  return useQuery({
    queryKey: ["settings-area", LOCATIONS, "users", id],
    queryFn: ({ signal }) => api<ListResponse<LocationUser>>(`location/${id}/users`, { signal }),
    meta: { errorToast: false },
    enabled,
  });
}

/** Every location by name (GET location/for-list): the targets of a reassignment. */
export function useAllLocations(enabled: boolean) {
  return useQuery({
    queryKey: ["settings-area", LOCATIONS, "for-list"],
    queryFn: ({ signal }) => api<ListResponse<{ id: number; name: string }>>("location/for-list", { signal }),
    meta: { errorToast: false },
    enabled,
  });
}
