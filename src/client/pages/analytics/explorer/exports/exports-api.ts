import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ExportRequest } from "../../../../../../generated/types/api/export-request.ts";
import type { ExportDownload } from "../../../../../../generated/types/api/responses/export-download.ts";
import type { ExportList } from "../../../../../../generated/types/api/responses/export-list.ts";
import type { ExportStatusRow } from "../../../../../../generated/types/api/responses/export-status.ts";
import { defaultBundle, enumOptions, schemaById } from "../../../../../shared/schema/bundle.ts";
import { api } from "../../../../api/http.ts";

export type { ExportStatusRow };

const EXPORTS_KEY = ["analytics", "exports"] as const;
/** While an export is being prepared the list looks every 2 seconds; otherwise every 30. */
const BUSY_POLL_MS = 2000;
const IDLE_POLL_MS = 30_000;

/** Spec §9: warn before an export of more than this many records (the server still does it). */
export const LARGE_EXPORT = 10_000;

/** Status words from enums/export-status.json: Queued, Generating, Ready, Failed. */
export const STATUS_WORDS: ReadonlyMap<string, string> = new Map(
  enumOptions(schemaById(defaultBundle, "enums/export-status.json")).map((o) => [String(o.value), o.label]),
);

export const isPending = (row: ExportStatusRow) => row.status === "received" || row.status === "in_process";

/**
 * The caller's exports, polled. A poll is a background fetch: the inactivity timer counts only the
 * person's own input (inactivity/useInactivity.ts), so a list left open does not keep a session
 * alive (spec §4). A failed poll keeps the last list and the screen says it is reconnecting.
 */
export function useExports() {
  return useQuery({
    queryKey: EXPORTS_KEY,
    queryFn: () => api<ExportList>("analytics/export/user-status"),
    refetchInterval: (query) =>
      query.state.status === "error" || (query.state.data?.rows ?? []).some(isPending) ? BUSY_POLL_MS : IDLE_POLL_MS,
    refetchIntervalInBackground: false,
    retry: false,
    meta: { errorToast: false },
  });
}

export function useCreateExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ExportRequest) =>
      api<ExportStatusRow>("analytics/generate-export-file", { method: "POST", body }),
    meta: { errorToast: false },
    onSuccess: () => client.invalidateQueries({ queryKey: EXPORTS_KEY }),
  });
}

export function useDeleteExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ message: string }>(`analytics/export/status/${id}`, { method: "DELETE" }),
    meta: { errorToast: false },
    onSuccess: () => client.invalidateQueries({ queryKey: EXPORTS_KEY }),
  });
}

/** Asks for the file's short-lived link, then lets the browser download it. */
export async function downloadExport(id: number): Promise<void> {
  const { url, filename } = await api<ExportDownload>(`analytics/export/download/${id}`);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.rel = "noopener";
  document.body.appendChild(link);
  link.click();
  link.remove();
}
