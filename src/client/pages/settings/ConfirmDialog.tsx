import { Alert, Button, Group, Modal, Stack } from "@mantine/core";
import type { ReactNode } from "react";

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  /** What will happen, in plain words. */
  children: ReactNode;
  confirmLabel: string;
  /** Red for what cannot be undone without help (deactivate, delete). */
  danger?: boolean;
  busy?: boolean;
  /** Why the last attempt failed (the server's message), shown in the dialog. */
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** A question before a consequential action; the action's own label confirms it, Cancel backs out. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { opened, title, children, confirmLabel, danger, busy, error, onConfirm, onClose } = props;
  return (
    <Modal opened={opened} onClose={busy ? () => {} : onClose} title={title} centered>
      <Stack gap="md">
        {children}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button color={danger ? "red" : undefined} onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
