import { Anchor, Group, Text } from "@mantine/core";
import { useMemo } from "react";
import { Link } from "react-router-dom";
import { measureDefinition } from "../../../shared/measures/library.ts";
import { defaultBundle, schemaById } from "../../../shared/schema/bundle.ts";
import { formatMomentDay } from "../../dates/clinic-dates.ts";
import type { ChartDefinition } from "../../renderers/chart-figure.ts";
import { SchemaChart } from "../../renderers/SchemaChart.tsx";
import { scoreScale } from "../../renderers/score-scale.ts";
import { measurePaths } from "../measures/measure-paths.ts";
import type { MeasureOverview } from "./chart-api.ts";

const CHART_ID = "charts/measure-progress.json";

/**
 * The chart file's definition (x-chart), its fields described by the same file, drawn on the
 * instrument's scale from its measure definition (full range, bands, verified cut-off).
 */
function progressDefinition(title: string, measureId: string): ChartDefinition {
  const chart = schemaById(defaultBundle, CHART_ID)["x-chart"] as Omit<ChartDefinition, "entity">;
  return { ...chart, title, entity: CHART_ID, scale: scoreScale(measureDefinition(measureId)) };
}

/** A measure's scores over time (spec §3 progress_chart), with each session's report a click away. */
export function MeasureProgressChart({
  measure,
  ccaId,
  ccauId,
}: {
  measure: MeasureOverview;
  ccaId: number;
  ccauId: number;
}) {
  const points = measure.progress_chart.sessions_progress_results;
  const definition = useMemo(
    () => progressDefinition(`${measure.abbreviation} total score`, measure.measure_id),
    [measure.abbreviation, measure.measure_id],
  );
  return (
    <div>
      <SchemaChart definition={definition} rows={points as unknown as Record<string, unknown>[]} height={240} />
      <Group gap="xs" mt={4} wrap="wrap">
        <Text size="xs" c="dimmed">
          Reports:
        </Text>
        {points.map((p) => (
          <Anchor
            key={p.clientMeasureId}
            component={Link}
            to={measurePaths.report(ccaId, ccauId, p.clientMeasureId)}
            size="xs"
          >
            {formatMomentDay(p.date)} ({p.score}
            {p.severity ? `, ${p.severity}` : ""})
          </Anchor>
        ))}
      </Group>
    </div>
  );
}
