import { Badge, Group, Text, Title } from "@mantine/core";
import type { SessionReport } from "../../../shared/api/measure-reports.ts";
import { sessionStatusLabel } from "../measures/measure-format.ts";

/** "PHQ-9 session report", the session's status and the instrument's name: the report's title, on screen and on paper. */
export function SessionReportHeading({ report }: { report: SessionReport }) {
  return (
    <div>
      <Group gap="xs" wrap="wrap">
        <Title order={1} size="h2">
          {report.measure.abbreviation} session report
        </Title>
        <Badge variant="light" color={report.status === "submitted" ? "teal" : "gray"}>
          {sessionStatusLabel(report.status)}
        </Badge>
      </Group>
      <Text c="dimmed">{report.measure.name}</Text>
    </div>
  );
}
