import { useQuery } from "@tanstack/react-query";
import type { AnalyticsQuery } from "../../../../../generated/types/api/analytics-query.ts";
import type { OutcomeRecordsPage } from "../../../../../generated/types/api/responses/outcome-records.ts";
import { api } from "../../../api/http.ts";

/** One choice of a filter picker, as the server words it. */
export interface FilterOption {
  value: string | number;
  label: string;
  location?: string | null;
}

export interface ScopedOptions {
  clinicians: FilterOption[];
  clinical_teams: FilterOption[];
  measures: FilterOption[];
}

export interface SavedQueryRecord {
  id: number;
  name: string;
  favorite: boolean;
  query: AnalyticsQuery;
  columns: string[];
  hash: string;
  owner_name: string | null;
  updated_at: string;
  version: number;
}

export function usePrograms() {
  return useQuery({ queryKey: ["analytics", "programs"], queryFn: () => api<FilterOption[]>("analytics/programs") });
}

export function useLocations() {
  return useQuery({ queryKey: ["analytics", "locations"], queryFn: () => api<FilterOption[]>("analytics/locations") });
}

/** Clinicians, teams and measures for the programs or locations picked (spec §4 Analytics filters). */
export function useScopedOptions(query: AnalyticsQuery) {
  const scope = {
    program_or_location_filter: query.program_or_location_filter ?? "program",
    program_uuid: query.program_uuid ?? [],
    location_uuid: query.location_uuid ?? [],
    scorableFilter: query.scorableFilter ?? true,
  };
  return useQuery({
    queryKey: ["analytics", "filter-options", scope],
    queryFn: () => api<ScopedOptions>("analytics/filter-options", { method: "POST", body: scope }),
    placeholderData: (previous) => previous,
  });
}

export interface RecordsRequest {
  query: AnalyticsQuery;
  columns: string[];
  sort: string;
  order: "asc" | "desc";
  page: number;
  pageSize: number;
}

/** A page of records for the query last run (null: nothing run yet). */
export function useOutcomeRecords(request: RecordsRequest | null) {
  return useQuery({
    queryKey: ["analytics", "records", request],
    queryFn: () => api<OutcomeRecordsPage>("analytics/outcomes-explorer", { method: "POST", body: request }),
    // The records panel shows a refused query under the filters.
    meta: { errorToast: false },
    enabled: request !== null,
    placeholderData: (previous) => previous,
  });
}

export function useSavedQueries() {
  return useQuery({
    queryKey: ["analytics", "queries"],
    queryFn: () => api<{ rows: SavedQueryRecord[] }>("analytics/queries"),
  });
}
