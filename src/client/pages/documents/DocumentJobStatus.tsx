import { Anchor, Button, Group, Loader, Stack, Text } from "@mantine/core";
import { formatMoment } from "../../dates/clinic-dates.ts";
import type { DocumentJob } from "./useDocumentJob.ts";

function pages(count: number | undefined): string {
  if (count === undefined) return "";
  return `${count} ${count === 1 ? "page" : "pages"}`;
}

/**
 * Where a PDF stands, in words, in a live region (screen readers hear "Preparing the PDF…" and
 * "ready"): being made; ready, with its page count, until when it can be downloaded and "Download
 * again"; or why it failed, with "Try again".
 */
export function DocumentJobStatus({ job, onRetry }: { job: DocumentJob; onRetry: () => void }) {
  const { document, requesting, problem } = job;
  const failed = problem !== null || document?.status === "failed";
  return (
    <div role="status" aria-live="polite">
      {requesting || document?.status === "generating" ? (
        <Group gap="xs" wrap="nowrap">
          <Loader size="xs" aria-hidden />
          <Text size="sm">Preparing the PDF…</Text>
        </Group>
      ) : failed ? (
        <Stack gap={4} align="flex-start">
          <Text size="sm" c="red.8">
            {problem ?? `The PDF could not be made. ${document?.error ?? ""}`.trim()}
          </Text>
          <Button size="xs" variant="default" onClick={onRetry}>
            Try again
          </Button>
        </Stack>
      ) : document?.status === "enabled" ? (
        <Text size="sm">
          The PDF is ready
          {document.pageCount !== undefined ? ` (${pages(document.pageCount)})` : ""}
          {document.expiresAt ? `; it can be downloaded until ${formatMoment(document.expiresAt)}` : ""}.{" "}
          <Anchor component="button" type="button" size="sm" onClick={job.download}>
            Download again
          </Anchor>
        </Text>
      ) : null}
    </div>
  );
}
