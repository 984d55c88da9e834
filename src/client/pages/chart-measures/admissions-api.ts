import { type QueryClient, useQuery } from "@tanstack/react-query";
import type { Admission } from "../../../../generated/types/api/responses/admission.ts";
import type { AdmissionList } from "../../../../generated/types/api/responses/admission-list.ts";
import type { AdmissionPrograms } from "../../../../generated/types/api/responses/admission-programs.ts";
import type { AdmissionResult } from "../../../../generated/types/api/responses/admission-result.ts";
import type { Disposition } from "../../../../generated/types/enums/disposition.ts";
import { defaultBundle, enumOptions, schemaById } from "../../../shared/schema/bundle.ts";
import { api } from "../../api/http.ts";
import { chartKeys } from "./chart-api.ts";

export type { Admission, AdmissionResult, Disposition };

/** The chart's admissions (GET patients/{patientId}/programs; docs/programs-episodes.md). */
export const admissionKeys = {
  all: ["admissions"] as const,
  list: (patientId: number) => ["admissions", "list", patientId] as const,
  available: (patientId: number) => ["admissions", "available", patientId] as const,
};

export function useAdmissions(patientId: number, enabled = true) {
  return useQuery({
    queryKey: admissionKeys.list(patientId),
    queryFn: ({ signal }) => api<AdmissionList>(`patients/${patientId}/programs`, { signal }),
    enabled,
    meta: { errorToast: false },
  });
}

/** The programs the patient can be admitted to, for the Add to program dialog. */
export function useAvailablePrograms(patientId: number, enabled: boolean) {
  return useQuery({
    queryKey: admissionKeys.available(patientId),
    queryFn: ({ signal }) => api<AdmissionPrograms>(`patients/${patientId}/programs/available`, { signal }),
    enabled,
    meta: { errorToast: false },
  });
}

export const admit = (programId: number, patientId: number, admissionDate: string) =>
  api<AdmissionResult>(`programs/${programId}/create-assignment`, {
    method: "POST",
    body: { patientId, admission_date: admissionDate },
  });

export const discharge = (a: Admission, disposition: Disposition, dischargeDate: string) =>
  api<AdmissionResult>(`patients/${a.patientId}/programs/${a.accessControlProgramId}/discharge`, {
    method: "POST",
    body: { disposition, discharge_date: dischargeDate },
  });

export const undoAdmission = (a: Admission) =>
  api<{ removedSessions: number }>(`patients/${a.ccaId}/programs/${a.accessControlProgramId}`, { method: "DELETE" });

/** After a change: the admissions, and the measures it scheduled or removed, are read again. */
export async function refreshAdmissions(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: admissionKeys.all });
  await queryClient.invalidateQueries({ queryKey: chartKeys.all });
}

/** The dispositions a discharge chooses from, in the schema's words (enums/disposition.json). */
export const DISPOSITIONS = enumOptions(schemaById(defaultBundle, "enums/disposition.json")).map((o) => ({
  value: String(o.value),
  label: o.label,
}));

/** What a pending discharge still waits for, in a sentence. */
export function waitingWords(waiting: Admission["waiting"]): string | null {
  if (!waiting) return null;
  const parts: string[] = [];
  if (waiting.measures > 0)
    parts.push(`${waiting.measures} discharge measure${waiting.measures === 1 ? "" : "s"} to be answered`);
  if (waiting.alerts > 0) parts.push(`${waiting.alerts} alert${waiting.alerts === 1 ? "" : "s"} to be acknowledged`);
  return parts.length ? `Waiting for ${parts.join(" and ")}.` : null;
}
