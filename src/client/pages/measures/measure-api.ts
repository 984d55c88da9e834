import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Measure } from "../../../../generated/types/entities/measure.ts";
import type { LibraryDetail } from "../../../shared/api/measure-library.ts";
import { api } from "../../api/http.ts";
import { toastError } from "../../notifications/toast.ts";

export type { LibraryDetail };

/** A library row (GET /api/library/list; schemas/entities/measure.json). */
export type LibraryRow = Measure & { id: number; abbreviation: string; starred: boolean } & Record<string, unknown>;

export interface LibraryList {
  rows: LibraryRow[];
  totalRecords: number;
  /** Every condition of the library, for the filter. */
  conditions: string[];
}

export interface LibraryParams {
  search: string;
  condition: string;
  respondent: string;
  starred: boolean;
  page: number;
  pageSize: number;
}

export const libraryKeys = {
  all: ["library"] as const,
  list: (params: LibraryParams) => ["library", "list", params] as const,
  one: (id: string) => ["library", "one", id] as const,
};

export function useLibraryList(params: LibraryParams) {
  return useQuery({
    queryKey: libraryKeys.list(params),
    queryFn: ({ signal }) =>
      api<LibraryList>("library/list", {
        // Blank filters are left out; "starred" only when asked, so false never means "unstarred only".
        query: {
          search: params.search,
          condition: params.condition,
          respondent: params.respondent,
          starred: params.starred ? true : undefined,
          page: params.page,
          pageSize: params.pageSize,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: { errorToast: false },
  });
}

export function useLibraryEntry(id: string) {
  return useQuery({
    queryKey: libraryKeys.one(id),
    queryFn: ({ signal }) => api<LibraryDetail>(`library/${encodeURIComponent(id)}`, { signal }),
    meta: { errorToast: false },
  });
}

/** Stars or unstars a measure for this user (POST/DELETE library/:id/star); lists follow. */
export function useStarMeasure() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, starred }: { id: number; starred: boolean }) =>
      api<{ id: number; starred: boolean }>(`library/${id}/star`, { method: starred ? "POST" : "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: libraryKeys.all }),
    onError: (error) => toastError(error, "The star could not be saved"),
    meta: { errorToast: false },
  });
}
