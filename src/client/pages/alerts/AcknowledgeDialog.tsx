import { Button, Group, Modal, Radio, Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import { useAcknowledgeAlert } from "./alert-api.ts";
import { type AlertDisposition, DISPOSITIONS, NOTE_MAX_LENGTH } from "./alert-disposition.ts";

export interface AcknowledgeDialogProps {
  alertId: number;
  subject: string;
  opened: boolean;
  onClose: () => void;
}

/**
 * Asks what was done about an alert before acknowledging it (issue 9 §1): a disposition, and a
 * note that is required for "Other". The server checks the same rules (api/alert-acknowledge.json).
 */
export function AcknowledgeDialog({ alertId, subject, opened, onClose }: AcknowledgeDialogProps) {
  const [disposition, setDisposition] = useState<AlertDisposition | null>(null);
  const [note, setNote] = useState("");
  const [tried, setTried] = useState(false);
  const acknowledge = useAcknowledgeAlert();
  const noteRequired = disposition === "other";
  const dispositionError = tried && !disposition ? "Choose what was done about the alert" : undefined;
  const noteError = tried && noteRequired && !note.trim() ? "Describe what was done in the note" : undefined;

  const close = () => {
    setDisposition(null);
    setNote("");
    setTried(false);
    onClose();
  };
  const confirm = () => {
    setTried(true);
    if (!disposition || (noteRequired && !note.trim())) return;
    acknowledge.mutate({ alertId, disposition, ...(note.trim() ? { note: note.trim() } : {}) }, { onSuccess: close });
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Acknowledge alert"
      centered
      closeButtonProps={{ "aria-label": "Close" }}
    >
      <Stack gap="md">
        <Text size="sm" style={{ overflowWrap: "anywhere" }}>
          {subject}
        </Text>
        <Radio.Group
          label="What was done?"
          withAsterisk
          value={disposition ?? ""}
          onChange={(value) => setDisposition(value as AlertDisposition)}
          error={dispositionError}
        >
          <Stack gap="xs" mt="xs">
            {DISPOSITIONS.map((d) => (
              <Radio key={d.value} value={d.value} label={d.label} />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea
          label="Note"
          description={noteRequired ? undefined : "Optional"}
          withAsterisk={noteRequired}
          rows={3}
          maxLength={NOTE_MAX_LENGTH}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          error={noteError}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button color="red.9" loading={acknowledge.isPending} onClick={confirm}>
            Acknowledge alert
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
