import { useQuery } from "@tanstack/react-query";
import type { FieldKind } from "../../shared/schema/field-kind.ts";
import { api } from "../api/http.ts";

/**
 * Field kinds whose values are ids of other records (clinicians, teams, locations, supervisors).
 * Each names the list call that turns ids into names, so the picker widget and the read-only
 * views share one lookup.
 */
export type LookupKind = Extract<
  FieldKind,
  "clinicians" | "clinicianTeams" | "locations" | "location" | "supervisors" | "programType" | "program" | "measure"
>;

export interface LookupOption {
  value: number;
  label: string;
}

interface LookupRow {
  id: number;
  name?: string;
  full_name?: string;
  first_name?: string;
  last_name?: string;
  abbreviation?: string;
}

interface LookupSource {
  path: string;
  /** Query that limits the list to records one may newly pick (inactive clinicians are left out). */
  pickableQuery: Record<string, string | number>;
  label: (row: LookupRow) => string;
}

const LOOKUPS: Record<LookupKind, LookupSource> = {
  clinicians: {
    path: "clinical-user/by-role/clinician",
    pickableQuery: { onlyActive: 1 },
    label: (row) => row.full_name ?? [row.first_name, row.last_name].filter(Boolean).join(" "),
  },
  clinicianTeams: {
    path: "clinician-team",
    pickableQuery: {},
    label: (row) => row.name ?? String(row.id),
  },
  locations: {
    path: "location/for-list",
    pickableQuery: {},
    label: (row) => row.name ?? String(row.id),
  },
  // One location (where a program runs): the same list as the multi-location picker.
  location: {
    path: "location/for-list",
    pickableQuery: {},
    label: (row) => row.name ?? String(row.id),
  },
  supervisors: {
    path: "clinical-user/by-role/supervisor",
    pickableQuery: { onlyActive: 1 },
    label: (row) => row.full_name ?? [row.first_name, row.last_name].filter(Boolean).join(" "),
  },
  programType: {
    path: "program-types",
    pickableQuery: {},
    label: (row) => row.name ?? String(row.id),
  },
  // The parent picker of the program form (admins): every program of the clinic.
  program: {
    path: "programs/all",
    pickableQuery: {},
    label: (row) => row.name ?? String(row.id),
  },
  // The library is tens of measures: one page holds it.
  measure: {
    path: "library/list",
    pickableQuery: { pageSize: 200 },
    label: (row) => [row.abbreviation, row.name].filter(Boolean).join(" — "),
  },
};

export function isLookupKind(kind: FieldKind): kind is LookupKind {
  return kind in LOOKUPS;
}

/**
 * Options of a lookup kind. `pickable` asks only for what may be newly assigned (the form);
 * without it every record is listed, so a view can still name an inactive clinician.
 */
export function useLookupOptions(kind: LookupKind, pickable: boolean, enabled = true) {
  const source = LOOKUPS[kind];
  return useQuery({
    queryKey: ["lookup", kind, pickable ? "pickable" : "all"],
    queryFn: async ({ signal }) => {
      const data = await api<{ rows: LookupRow[] }>(source.path, {
        query: pickable ? source.pickableQuery : {},
        signal,
      });
      return data.rows.map((row): LookupOption => ({ value: row.id, label: source.label(row) }));
    },
    staleTime: 5 * 60_000,
    enabled,
  });
}
