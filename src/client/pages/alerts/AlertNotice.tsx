import { Alert, Group, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { formatMoment } from "../measures/measure-format.ts";
import { AcknowledgeButton } from "./AcknowledgeButton.tsx";

export interface AlertNoticeProps {
  id: number | null;
  level: "critical" | "warning";
  message: string;
  /** What raised it, e.g. "Item 9: … — answered Several days". */
  detail?: ReactNode;
  /** Patient, measure, time: whatever the surrounding page does not already say. */
  context?: ReactNode;
  time?: string | null;
  acknowledged: { clinician: string; date: string } | null;
  canAcknowledge: boolean;
}

/**
 * One alert, shown in full where it is listed: never collapsed behind a click. Active alerts
 * are solid red; acknowledged ones stay visible, lighter, with who acknowledged them and when.
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
}: AlertNoticeProps) {
  const active = acknowledged === null;
  const title = `${level === "critical" ? "Critical alert" : "Warning"}${active ? "" : " (acknowledged)"}`;
  return (
    <Alert
      // Dark shades: white text on them keeps a contrast of at least 4.5:1 (WCAG AA).
      color={level === "critical" ? "red.9" : "orange.9"}
      variant={active ? "filled" : "light"}
      title={title}
      role={active ? "alert" : undefined}
      radius="md"
    >
      <Stack gap={6}>
        <Text size="sm" c="inherit" fw={active ? 600 : 500} style={{ overflowWrap: "anywhere" }}>
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
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="xs" c="inherit">
            {time && `Raised ${formatMoment(time)}`}
            {acknowledged &&
              ` · Acknowledged by ${acknowledged.clinician || "a clinician"} on ${formatMoment(acknowledged.date)}`}
          </Text>
          {active && id !== null && canAcknowledge && <AcknowledgeButton alertId={id} subject={message} />}
        </Group>
      </Stack>
    </Alert>
  );
}
