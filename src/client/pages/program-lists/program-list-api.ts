import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { ListedProgram } from "../../../../generated/types/api/responses/listed-program.ts";
import type { ProgramPatient } from "../../../../generated/types/api/responses/program-patient.ts";
import type { ProgramListTab } from "../../../../generated/types/enums/program-list-tab.ts";
import { api } from "../../api/http.ts";

export type { ListedProgram, ProgramListTab, ProgramPatient };

/** Patients fetched at a time when a program is opened (spec §9: batches of 20). */
export const PROGRAM_PATIENTS_BATCH = 20;

/** Whose patients an accordion lists: one program's, or those in no program. */
export type PatientsSource = { programId: number } | "no-program";

const patientsPath = (source: PatientsSource) =>
  source === "no-program" ? "programs/patients/no-program" : `programs/${source.programId}/active-patients`;

const sourceKey = (source: PatientsSource) => (source === "no-program" ? "none" : source.programId);

export interface ProgramPatientsBatch {
  rows: ProgramPatient[];
  totalRecords: number;
  nextCursor: string | null;
}

/**
 * The programs of a tab, newest first (GET /api/program-lists/programs). When the programs
 * routes are merged, the lead may point this one call at GET /api/programs/my and /by-role.
 */
export function useListedPrograms(tab: ProgramListTab) {
  return useQuery({
    queryKey: ["program-lists", "programs", tab] as const,
    queryFn: ({ signal }) => api<{ rows: ListedProgram[] }>("program-lists/programs", { query: { tab }, signal }),
    select: (answer) => answer.rows,
  });
}

/** How many patients a closed accordion holds: the count alone, no patient is fetched (spec §4). */
export function useProgramPatientCount(source: PatientsSource, enabled: boolean) {
  return useQuery({
    queryKey: ["program-lists", "count", sourceKey(source)] as const,
    queryFn: ({ signal }) =>
      api<{ totalRecords: number }>(patientsPath(source), { query: { countOnly: true }, signal }),
    select: (answer) => answer.totalRecords,
    enabled,
    meta: { errorToast: false },
  });
}

/** An opened accordion's patients, newest admission first, 20 at a time by the server's cursor. */
export function useProgramPatients(source: PatientsSource) {
  return useInfiniteQuery({
    queryKey: ["program-lists", "patients", sourceKey(source)] as const,
    queryFn: ({ pageParam, signal }) =>
      api<ProgramPatientsBatch>(patientsPath(source), {
        query: { pageSize: PROGRAM_PATIENTS_BATCH, after: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
    meta: { errorToast: false },
  });
}
