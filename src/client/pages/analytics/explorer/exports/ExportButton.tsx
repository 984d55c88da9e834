import { Button, Group, Modal, Stack, Text, Tooltip, VisuallyHidden } from "@mantine/core";
import { useEffect, useState } from "react";
import type { ExportRequest } from "../../../../../../generated/types/api/export-request.ts";
import { LARGE_EXPORT, useCreateExport } from "./exports-api.ts";

/** Spec §9: the export tooltip shows for 4 seconds. */
const TOOLTIP_MS = 4000;

/**
 * "Export records": asks the server to prepare a zip of every record of the query on screen (not
 * only this page), with a codebook. Over 10,000 records it asks first (spec §9); the server's
 * refusal, if any, is shown in its own words (spec: export errors pass the server's string on).
 */
export function ExportButton(props: { request: ExportRequest; totalRecords: number }) {
  const create = useCreateExport();
  const [confirming, setConfirming] = useState(false);
  const [tip, setTip] = useState(false);
  useEffect(() => {
    if (!tip) return;
    const timer = window.setTimeout(() => setTip(false), TOOLTIP_MS);
    return () => window.clearTimeout(timer);
  }, [tip]);

  const start = () => {
    setConfirming(false);
    create.mutate(props.request, { onSuccess: () => setTip(true) });
  };
  const count = props.totalRecords.toLocaleString("en-US");

  return (
    <Stack gap={4} align="flex-end">
      <Tooltip
        label="Your export is being prepared. It appears under Exports, ready to download when it says Ready."
        opened={tip}
        multiline
        w={260}
        withArrow
        position="bottom-end"
      >
        <Button
          variant="light"
          loading={create.isPending}
          disabled={props.totalRecords === 0}
          onClick={() => (props.totalRecords > LARGE_EXPORT ? setConfirming(true) : start())}
        >
          Export records
        </Button>
      </Tooltip>
      <VisuallyHidden aria-live="polite">{tip ? "Export started. It appears under Exports." : ""}</VisuallyHidden>
      {create.error ? (
        <Text size="sm" c="red.8" role="alert">
          {create.error.message}
        </Text>
      ) : null}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="A large export">
        <Stack gap="md">
          <Text>
            This query has {count} records, more than 10,000. A large export takes longer to prepare and may fail;
            narrowing the query makes it faster. Export all {count} records anyway?
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button onClick={start}>Export {count} records</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
