import { Badge, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { formatPhone } from "../../widgets/phone-mask.ts";
import { PHONE } from "./contact-channels.ts";
import type { Contact } from "./my-account-api.ts";

export function contactText(contact: Contact): string {
  return contact.channel === PHONE ? formatPhone(contact.value) : contact.value;
}

export interface ContactRowProps {
  contact: Contact;
  onEdit: () => void;
  onMakePrimary: () => void;
  onDelete: () => void;
  busy: boolean;
}

/** One contact: its value (a phone masked), primary, notifications, and whether the clinic keeps it. */
export function ContactRow({ contact, onEdit, onMakePrimary, onDelete, busy }: ContactRowProps) {
  const text = contactText(contact);
  const locked = contact.editable === false || contact.emr === true;
  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={text}>
      <Group justify="space-between" align="center" wrap="wrap" gap="xs">
        <Stack gap={4} miw={0}>
          <Text fw={500} style={{ overflowWrap: "anywhere" }}>
            {text}
          </Text>
          <Group gap={6}>
            {contact.primary && (
              <Badge size="sm" variant="light" radius="sm">
                Primary
              </Badge>
            )}
            <Badge size="sm" variant="light" radius="sm" color={contact.enabled ? "teal" : "gray"}>
              {contact.enabled ? "Notifications on" : "Notifications off"}
            </Badge>
            {locked && (
              <Badge size="sm" variant="outline" radius="sm" color="gray">
                From your clinic's records
              </Badge>
            )}
          </Group>
        </Stack>
        {locked ? (
          <Text size="xs" c="dimmed" maw={220}>
            Your clinic keeps this one. Ask them to change it.
          </Text>
        ) : (
          <Group gap="xs">
            {!contact.primary && (
              <Button size="xs" variant="subtle" onClick={onMakePrimary} disabled={busy}>
                Make primary
              </Button>
            )}
            <Button size="xs" variant="default" onClick={onEdit} disabled={busy} aria-label={`Edit ${text}`}>
              Edit
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              onClick={onDelete}
              disabled={busy}
              aria-label={`Delete ${text}`}
            >
              Delete
            </Button>
          </Group>
        )}
      </Group>
    </Paper>
  );
}
