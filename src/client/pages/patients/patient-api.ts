import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { Patient } from "../../../../generated/types/entities/patient.ts";
import type { PatientView } from "../../../shared/permissions.ts";
import { api } from "../../api/http.ts";

/** A patient as the server answers: the entity plus any schema-added fields. */
export type PatientRecord = Patient & { id: number } & Record<string, unknown>;

export interface PatientListParams {
  page: number;
  pageSize: number;
  search: string;
  sort: string;
  order: "asc" | "desc";
  /** Omitted: the server picks the saved or role default view. */
  view?: PatientView;
}

export interface PatientListResponse {
  rows: PatientRecord[];
  totalRecords: number;
  view: PatientView;
  views: PatientView[];
}

export interface MrnCheck {
  available: boolean;
  patientId: number | null;
}

export const patientKeys = {
  all: ["patients"] as const,
  list: (params: PatientListParams) => ["patients", "list", params] as const,
  one: (patientId: string) => ["patients", "one", patientId] as const,
};

export function usePatientList(params: PatientListParams) {
  return useQuery({
    queryKey: patientKeys.list(params),
    queryFn: ({ signal }) => api<PatientListResponse>("patients", { query: { ...params }, signal }),
    // The old page stays while the next one loads, so the table does not blink empty.
    placeholderData: keepPreviousData,
    meta: { errorToast: false }, // the page shows the failure in place
  });
}

export function usePatient(patientId: string) {
  return useQuery({
    queryKey: patientKeys.one(patientId),
    queryFn: ({ signal }) => api<PatientRecord>(`patients/${encodeURIComponent(patientId)}`, { signal }),
    // The page says "Patient not found" (or why it failed) itself; no toast on top.
    meta: { errorToast: false },
  });
}

export function savePatient(patientId: number | undefined, body: Record<string, unknown>): Promise<PatientRecord> {
  return patientId === undefined
    ? api<PatientRecord>("patients", { method: "POST", body })
    : api<PatientRecord>(`patients/${patientId}`, { method: "PUT", body });
}

export function checkMrn(mrn: string, patientId?: number): Promise<MrnCheck> {
  return api<MrnCheck>("patients/check-mrn", { query: { mrn, patientId } });
}

export function savePatientsView(view: PatientView): Promise<unknown> {
  return api("settings/ui-settings", { method: "POST", body: { patientsList: { view } } });
}
