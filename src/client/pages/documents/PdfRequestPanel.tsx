import { Group, NativeSelect, Stack, Text } from "@mantine/core";
import { type ReactNode, useRef, useState } from "react";
import { DocumentJobStatus } from "./DocumentJobStatus.tsx";
import { type DocumentRequest, type PaperSize, useDocumentsAvailability } from "./documents-api.ts";
import { PAPER_SIZES, savedPaperSize, savePaperSize } from "./paper-size.ts";
import { useDocumentJob } from "./useDocumentJob.ts";

const UNAVAILABLE = "PDF rendering is not available on this server: install chromium";

/** What a PDF button is given: how to ask for its PDF, and whether it may. */
export interface PdfAsk {
  ask: (build: (paper: PaperSize) => DocumentRequest) => void;
  disabled: boolean;
}

/**
 * A PDF button with what goes around it (issue 14 §3): the paper size (US Letter or A4, remembered
 * in this browser), why PDFs cannot be made when this server cannot make them, and where the
 * requested PDF stands. The button itself is the caller's (one report, or a choice of two).
 */
export function PdfRequestPanel({ children }: { children: (pdf: PdfAsk) => ReactNode }) {
  const availability = useDocumentsAvailability();
  const unavailable = availability.data?.available === false;
  const [paper, setPaper] = useState<PaperSize>(savedPaperSize);
  const job = useDocumentJob();
  const last = useRef<DocumentRequest | null>(null);
  const busy = job.requesting || job.document?.status === "generating";
  const ask = (build: (paper: PaperSize) => DocumentRequest) => {
    last.current = build(paper);
    job.start(last.current);
  };
  return (
    <Stack gap={6}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        {children({ ask, disabled: unavailable || busy })}
        <NativeSelect
          label="Paper size"
          size="xs"
          data={PAPER_SIZES.map((p) => ({ value: p.value, label: p.label }))}
          value={paper}
          onChange={(event) => {
            const next: PaperSize = event.currentTarget.value === "a4" ? "a4" : "letter";
            setPaper(next);
            savePaperSize(next);
          }}
          disabled={unavailable}
        />
      </Group>
      {unavailable && (
        <Text size="sm" c="dimmed">
          {availability.data?.message || UNAVAILABLE}
        </Text>
      )}
      <DocumentJobStatus job={job} onRetry={() => last.current && job.start(last.current)} />
    </Stack>
  );
}
