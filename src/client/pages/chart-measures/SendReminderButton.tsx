import { Button, Group, Text } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import type { ReminderSent } from "../../../../generated/types/api/responses/reminder-sent.ts";
import { api } from "../../api/http.ts";
import { toastError, toastSuccess } from "../../notifications/toast.ts";
import type { RespondentOverview } from "./chart-api.ts";

const BY = { email: "by email", sms: "by text message" } as const;

/** What the confirmation says: to whom, how, and whether it left the clinic or waits in the outbox. */
export function reminderSentText(name: string, sent: ReminderSent): string {
  const kept = sent.delivery === "kept" ? " It is kept in the outbox: no mail or text service is set up." : "";
  return `Reminder sent to ${name} ${BY[sent.channel]}.${kept}`;
}

/**
 * "Send reminder" for one respondent of the chart (POST respondents/:ccauId/send-reminder,
 * docs/reminders.md). When the server says a reminder cannot be sent (no contact, notifications
 * off, nothing open, ...) the button is disabled and the reason is shown beside it.
 */
export function SendReminderButton({ overview }: { overview: RespondentOverview }) {
  const { ccauId, respondent, reminder } = overview;
  const send = useMutation({
    meta: { errorToast: false },
    mutationFn: () => api<ReminderSent>(`respondents/${ccauId}/send-reminder`, { method: "POST" }),
    onSuccess: (sent) => toastSuccess(reminderSentText(respondent.name, sent), "Reminder sent"),
    onError: (error) => toastError(error, "The reminder was not sent"),
  });
  if (!reminder) return null;
  const reasonId = `reminder-reason-${ccauId}`;
  return (
    <Group gap="xs" wrap="wrap" align="center">
      <Button
        size="xs"
        variant="default"
        disabled={!reminder.available}
        loading={send.isPending}
        onClick={() => send.mutate()}
        aria-describedby={reminder.available ? undefined : reasonId}
        aria-label={`Send reminder to ${respondent.name}`}
      >
        Send reminder
      </Button>
      {!reminder.available && reminder.reason && (
        <Text size="xs" c="dimmed" id={reasonId}>
          {reminder.reason}
        </Text>
      )}
    </Group>
  );
}
