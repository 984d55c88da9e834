import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError, isFeatureUnavailable } from "../../api/api-error.ts";
import { errorText } from "../../api/error-text.ts";
import {
  type DocumentRequest,
  type DocumentStatus,
  documentKeys,
  downloadDocument,
  requestDocument,
  useDocumentStatus,
} from "./documents-api.ts";
import { pdfFilename, saveFile } from "./save-file.ts";

export interface DocumentJob {
  /** The PDF asked for last, as its status was last heard; null before any. */
  document: DocumentStatus | null;
  /** The request is on its way (before the server answered with a status). */
  requesting: boolean;
  /** Why asking for the PDF, following it or downloading it failed, in words. */
  problem: string | null;
  /** Asks for a PDF (again, for "Try again"). */
  start: (request: DocumentRequest) => void;
  /** Downloads the finished PDF (again). */
  download: () => void;
}

/**
 * One PDF from request to file: POST documents, then its status every 2 s while it is being made;
 * once ready it is downloaded, once, by itself, and can be downloaded again.
 */
export function useDocumentJob(): DocumentJob {
  const queryClient = useQueryClient();
  const [started, setStarted] = useState<DocumentStatus | null>(null);
  const [downloadProblem, setDownloadProblem] = useState<string | null>(null);
  const request = useMutation({
    mutationFn: requestDocument,
    onSuccess: setStarted,
    onError: (error) => {
      // The server has no Chromium after all: the availability line should say so on every button.
      if (error instanceof ApiError && isFeatureUnavailable(error.status, error.code))
        void queryClient.invalidateQueries({ queryKey: documentKeys.availability });
    },
    meta: { errorToast: false },
  });
  const status = useDocumentStatus(started);
  const document = status.data ?? started;

  const download = useCallback(() => {
    if (document?.status !== "enabled") return;
    setDownloadProblem(null);
    downloadDocument(document.pdfUuid)
      .then((file) => saveFile(file.blob, file.filename ?? pdfFilename(document.title)))
      .catch((error: unknown) => setDownloadProblem(`The PDF could not be downloaded. ${errorText(error)}`));
  }, [document]);

  // Ready: saved once by itself; "Download again" is for any further copy.
  const downloaded = useRef(new Set<string>());
  useEffect(() => {
    if (document?.status !== "enabled" || downloaded.current.has(document.pdfUuid)) return;
    downloaded.current.add(document.pdfUuid);
    download();
  }, [document, download]);

  const start = useCallback(
    (body: DocumentRequest) => {
      setStarted(null);
      setDownloadProblem(null);
      request.mutate(body);
    },
    [request.mutate],
  );

  const problem = request.error ? errorText(request.error) : status.error ? errorText(status.error) : downloadProblem;
  return { document: request.isPending ? null : document, requesting: request.isPending, problem, start, download };
}
