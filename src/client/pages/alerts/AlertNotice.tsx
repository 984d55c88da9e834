import { Alert, Badge, Group, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { formatMoment } from "../../dates/clinic-dates.ts";
import { AcknowledgeButton } from "./AcknowledgeButton.tsx";
import type { AlertRow } from "./alert-api.ts";
import { dispositionLabel } from "./alert-disposition.ts";
import { overdueText } from "./alert-overdue.ts";

export interface AlertAcknowledgement {
  clinician: string;
  date: string;
  disposition?: string | null;
  note?: string | null;
}

export interface AlertNoticeProps {
  id: number | null;
  level: "critical" | "warning";
  message: string;
  /** What raised it, e.g. "Item 9: … — answered Several days". */
  detail?: ReactNode;
  /** Patient, measure, time: whatever the surrounding page does not already say. */
  context?: ReactNode;
  time?: string | null;
  acknowledged: AlertAcknowledgement | null;
  canAcknowledge: boolean;
  /** Still active past the clinic's escalation time (general settings), as the server says. */
  overdue?: boolean;
  /** When the one reminder about it went to its clinicians and supervisors. */
  escalatedAt?: string | null;
}

/** The notice's own fields from a listed alert (the alert list and the chart list the same rows). */
export function noticeOf(row: AlertRow) {
  return {
    id: row.id,
    level: row.level,
    message: row.message,
    time: row.time,
    acknowledged: row.acknowledged_data,
    overdue: row.overdue,
    escalatedAt: row.escalated_at,
  } satisfies Partial<AlertNoticeProps>;
}

/** "Acknowledged by X on date — what was done". */
export function acknowledgementText(ack: AlertAcknowledgement): string {
  const what = dispositionLabel(ack.disposition);
  return `Acknowledged by ${ack.clinician || "a clinician"} on ${formatMoment(ack.date)}${what ? ` — ${what}` : ""}`;
}

/**
 * One alert, shown in full where it is listed: never collapsed behind a click. Active and
 * acknowledged alerts must differ at a glance (issue 9 §1): an active one is solid dark red (or
 * orange) with white text and an "Active" badge; an acknowledged one is plain gray-bordered with
 * default text and an "Acknowledged" badge, and says who acknowledged it, when and what was done.
 * Both keep text contrast of at least 4.5:1 (WCAG AA): no coloured text on a tinted background.
 * An active alert past the clinic's escalation time also shows "Overdue" and how long it has
 * waited (docs/alerts.md, Escalation).
 */
export function AlertNotice({
  id,
  level,
  message,
  detail,
  context,
  time,
  acknowledged,
  canAcknowledge,
  overdue = false,
  escalatedAt = null,
}: AlertNoticeProps) {
  const active = acknowledged === null;
  const late = active && overdue;
  const kind = level === "critical" ? "Critical alert" : "Warning";
  return (
    <Alert
      // Dark shades: white text on them keeps a contrast of at least 4.5:1 (WCAG AA).
      color={active ? (level === "critical" ? "red.9" : "orange.9") : "gray"}
      variant={active ? "filled" : "default"}
      title={
        <Group gap="xs" wrap="wrap">
          <span>{kind}</span>
          {active ? (
            <>
              <Badge color="red.9" variant="white">
                Active
              </Badge>
              {late && (
                <Badge color="gray.9" variant="white">
                  Overdue
                </Badge>
              )}
            </>
          ) : (
            <Badge color="gray.8" variant="filled">
              Acknowledged
            </Badge>
          )}
        </Group>
      }
      // Mantine gives every Alert role="alert"; an acknowledged one is a record, not an urgent message.
      role={active ? "alert" : "note"}
      radius="md"
      data-alert-state={active ? "active" : "acknowledged"}
      data-overdue={late || undefined}
    >
      <Stack gap={6}>
        <Text size="sm" c="inherit" fw={active ? 600 : 400} style={{ overflowWrap: "anywhere" }}>
          {message}
        </Text>
        {detail && (
          <Text size="sm" c="inherit" style={{ overflowWrap: "anywhere" }}>
            {detail}
          </Text>
        )}
        {context && (
          <Text size="sm" c="inherit">
            {context}
          </Text>
        )}
        {late && (
          <Text size="sm" c="inherit" fw={700}>
            {overdueText(time)}
            {escalatedAt && ` · reminder sent to its clinicians and supervisors ${formatMoment(escalatedAt)}`}
          </Text>
        )}
        {acknowledged && (
          <Text size="sm" c="inherit" fw={600}>
            {acknowledgementText(acknowledged)}
          </Text>
        )}
        {acknowledged?.note && (
          <Text size="sm" c="inherit" style={{ overflowWrap: "anywhere", whiteSpace: "pre-wrap" }}>
            Note: {acknowledged.note}
          </Text>
        )}
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="xs" c="inherit">
            {time && `Raised ${formatMoment(time)}`}
          </Text>
          {active && id !== null && canAcknowledge && <AcknowledgeButton alertId={id} subject={message} />}
        </Group>
      </Stack>
    </Alert>
  );
}
