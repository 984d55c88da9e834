import { Anchor, Badge, Button, CopyButton, Group, Paper, Stack, Text } from "@mantine/core";
import { formatMoment } from "../../dates/clinic-dates.ts";
import { formatPhone } from "../../widgets/phone-mask.ts";
import { type OutboxMessage, PURPOSES, STATUSES, safeLink } from "./outbox-api.ts";

/** The server masks a message's secret (a link's token, an access code) with this (messaging/mask-secret.ts). */
const MASK = "••••";

/**
 * One message: what it is, to whom, its text and its link. A link whose token the server masked
 * is shown as text, not as a link: only the recipient gets the live one. Other links (a username
 * reminder's sign-in page) are clickable and copyable.
 */
export function OutboxMessageCard({ message }: { message: OutboxMessage }) {
  const status = STATUSES[message.status] ?? { label: message.status, color: "gray" };
  const masked = Boolean(message.link?.includes(MASK)) || message.body.includes(MASK);
  const link = message.link?.includes(MASK) ? null : safeLink(message.link);
  const recipient = message.channel === "sms" ? formatPhone(message.recipient) : message.recipient;
  const title = message.subject || (message.channel === "sms" ? "Text message" : "Email");
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={`${title} to ${recipient}`}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: "anywhere" }}>
              {title}
            </Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
              {message.channel === "sms" ? "Text message" : "Email"} to {recipient} · {formatMoment(message.created_at)}
            </Text>
          </div>
          <Group gap={6}>
            {message.purpose && (
              <Badge variant="outline" color="gray" tt="none">
                {PURPOSES[message.purpose] ?? message.purpose}
              </Badge>
            )}
            <Badge variant="light" color={status.color} tt="none">
              {status.label}
            </Badge>
          </Group>
        </Group>
        <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {message.body}
        </Text>
        {link ? (
          <Group gap="sm" wrap="wrap">
            <Anchor
              href={link}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              style={{ overflowWrap: "anywhere" }}
            >
              {link}
            </Anchor>
            <CopyButton value={link}>
              {({ copied, copy }) => (
                <Button size="compact-xs" variant="default" onClick={copy}>
                  {copied ? "Copied" : "Copy link"}
                </Button>
              )}
            </CopyButton>
          </Group>
        ) : (
          message.link && (
            <Text size="sm" c="dimmed">
              Link: {message.link}
            </Text>
          )
        )}
        {masked && (
          <Text size="sm" c="dimmed">
            The link or code in this message is hidden here. Only the person it was sent to receives it.
          </Text>
        )}
        {message.last_error && (
          <Text size="sm" c="red">
            Last error: {message.last_error}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
