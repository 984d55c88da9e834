import { useQuery } from "@tanstack/react-query";
import type { DocumentRequest } from "../../../../generated/types/api/document-request.ts";
import type { DocumentAvailability } from "../../../../generated/types/api/responses/document-availability.ts";
import type { DocumentStatus } from "../../../../generated/types/api/responses/document-status.ts";
import type { PaperSize } from "../../../../generated/types/enums/paper-size.ts";
import { api, type DownloadedFile } from "../../api/http.ts";

/* The documents API (issue 14 §3; schemas/api/document-*.json, docs/documents.md). */
export type { DocumentAvailability, DocumentRequest, DocumentStatus, PaperSize };

/** While a PDF is being made, its status is asked for this often. */
export const STATUS_POLL_MS = 2_000;

export const documentKeys = {
  availability: ["documents", "availability"] as const,
  status: (pdfUuid: string) => ["documents", "status", pdfUuid] as const,
};

/** Whether this server can make PDFs at all (Chromium installed): the buttons say so before anyone waits. */
export function useDocumentsAvailability() {
  return useQuery({
    queryKey: documentKeys.availability,
    queryFn: ({ signal }) => api<DocumentAvailability>("documents/availability", { signal }),
    staleTime: 5 * 60_000,
    meta: { errorToast: false },
  });
}

/** Asks for a PDF (202 with its status, usually "generating"). */
export function requestDocument(body: DocumentRequest): Promise<DocumentStatus> {
  return api<DocumentStatus>("documents", { method: "POST", body });
}

/** One PDF's status, asked every 2 s while it is being made and no longer after. */
export function useDocumentStatus(started: DocumentStatus | null) {
  const pdfUuid = started?.pdfUuid ?? "";
  return useQuery({
    queryKey: documentKeys.status(pdfUuid),
    queryFn: async ({ signal }) => {
      const { documents } = await api<{ documents: DocumentStatus[] }>("documents/status", {
        method: "POST",
        body: { pdfUuids: [pdfUuid] },
        signal,
      });
      const found = documents.find((d) => d.pdfUuid === pdfUuid);
      if (!found) throw new Error("This PDF is no longer available. Ask for a new one.");
      return found;
    },
    enabled: started?.status === "generating",
    refetchInterval: (query) => ((query.state.data ?? started)?.status === "generating" ? STATUS_POLL_MS : false),
    meta: { errorToast: false },
  });
}

/** The PDF's bytes and file name, fetched with the user's token like every other call. */
export function downloadDocument(pdfUuid: string): Promise<DownloadedFile> {
  return api<DownloadedFile>(`documents/download/${encodeURIComponent(pdfUuid)}`, { as: "blob" });
}
