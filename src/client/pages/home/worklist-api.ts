import { useInfiniteQuery } from "@tanstack/react-query";
import type { WorklistRow } from "../../../../generated/types/api/responses/worklist-row.ts";
import type { TotalAccuracy } from "../../../shared/lists/list-reach.ts";
import { api } from "../../api/http.ts";
import type { WorklistRange } from "./worklist-ranges.ts";

export type { WorklistRow };

export interface WorklistPage {
  rows: WorklistRow[];
  totalRecords: number;
  totalAccuracy: TotalAccuracy;
  nextCursor: string | null;
}

/** Rows fetched at a time: enough to fill a laptop screen, small enough to come quickly. */
export const WORKLIST_PAGE_SIZE = 25;

/**
 * A worklist, a page at a time by the server's cursor (GET /api/patients/from/.../scheduled or
 * /completed). Always asked again on a visit: a result opened since is no longer "New".
 */
export function useWorklist(range: WorklistRange) {
  return useInfiniteQuery({
    queryKey: ["worklist", range] as const,
    queryFn: ({ pageParam, signal }) =>
      api<WorklistPage>(`patients/from/${range.startDate}/to/${range.endDate}/${range.kind}`, {
        query: { pageSize: WORKLIST_PAGE_SIZE, after: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
    meta: { errorToast: false },
  });
}
