import { Stack, Title } from "@mantine/core";
import type { ReportAlert, ReportAnswer, ReportScore } from "../../../../shared/api/measure-reports.ts";
import { AlertNotice } from "../../alerts/AlertNotice.tsx";

/** The question and answer that raised an item alert, or the scale value of a scale alert. */
export function alertDetail(alert: ReportAlert, answers: readonly ReportAnswer[], score: ReportScore | null): string {
  if (alert.questionId) {
    const answer = answers.find((a) => a.questionId === alert.questionId);
    if (!answer) return "A question of this measure (its answer is not in this report)";
    const item = answer.number !== null ? `Item ${answer.number}` : "Item";
    const given = answer.answered ? answer.labels.join(", ") || String(answer.value) : "not answered";
    const points = answer.score !== null ? ` (score ${answer.score})` : "";
    return `${item}: “${answer.text}” — answered ${given}${points}`;
  }
  if (alert.scale) {
    const scales = [...(score?.subscales ?? []), ...(score?.derived ?? [])];
    if (alert.scale === "total")
      return score?.total !== null && score?.total !== undefined ? `Total score ${score.total}` : "Total score";
    const scale = scales.find((s) => s.id === alert.scale);
    return scale ? `${scale.label}: ${scale.score}` : "A score of this measure";
  }
  return "";
}

/** A report's alerts, first on the page and in full (spec: never hidden behind a click). */
export function ReportAlerts({
  alerts,
  answers,
  score,
  canAcknowledge,
}: {
  alerts: readonly ReportAlert[];
  answers: readonly ReportAnswer[];
  score: ReportScore | null;
  canAcknowledge: boolean;
}) {
  if (alerts.length === 0) return null;
  // A preview's alerts are what a real session would raise: nothing is stored, nothing is "active".
  const preview = alerts.every((a) => a.id === null);
  const active = preview ? 0 : alerts.filter((a) => a.acknowledged_data === null).length;
  return (
    <section aria-labelledby="report-alerts">
      <Title order={2} size="h3" id="report-alerts" c="red.8" mb="xs">
        {preview ? "Alerts these answers would raise" : active > 0 ? `Alerts (${active} active)` : "Alerts"}
      </Title>
      <Stack gap="sm">
        {alerts.map((alert) => (
          <AlertNotice
            key={alert.id ?? alert.rule_id}
            id={alert.id}
            level={alert.level}
            message={alert.message}
            detail={alertDetail(alert, answers, score)}
            time={alert.time}
            acknowledged={alert.acknowledged_data}
            overdue={alert.overdue}
            escalatedAt={alert.escalated_at}
            canAcknowledge={canAcknowledge}
          />
        ))}
      </Stack>
    </section>
  );
}
