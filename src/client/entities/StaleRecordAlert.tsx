import { Alert, Button, Stack, Text } from "@mantine/core";
import { useEffect, useRef } from "react";

export interface StaleRecordAlertProps {
  /** The server's sentence: someone else changed the record since this form loaded it. */
  message: string;
  /** Loads the latest copy into the form; absent when there is nothing to reload. */
  onReload?: () => void;
  reloading?: boolean;
}

/**
 * Said at the top of a form whose save was refused as stale. The person's edits stay on screen
 * (to copy, or to compare) until they choose Reload, which replaces them with the latest copy.
 */
export function StaleRecordAlert({ message, onReload, reloading }: StaleRecordAlertProps) {
  const ref = useRef<HTMLDivElement>(null);
  // The save button is at the bottom of a long form: bring the reason into view.
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: "nearest" });
  }, []);
  return (
    <Alert ref={ref} role="alert" color="red" title="This record could not be saved" mb="md">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        {onReload && (
          <Button size="xs" variant="default" onClick={onReload} loading={reloading}>
            Reload
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
