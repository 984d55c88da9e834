import { Anchor, List, Text } from "@mantine/core";
import { useMemo } from "react";
import { Link, useNavigate } from "react-router-dom";
import { measureDefinition } from "../../../shared/measures/library.ts";
import { defaultBundle, schemaById } from "../../../shared/schema/bundle.ts";
import { formatMomentDay } from "../../dates/clinic-dates.ts";
import type { ChartDefinition } from "../../renderers/chart-figure.ts";
import { useInPrint } from "../../renderers/print-charts.ts";
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

/**
 * A measure's scores over time (spec §3 progress_chart) on the instrument's bands and cut-off,
 * each session's report a click away: a click on a point opens it, and since the drawing is
 * hidden from keyboards and screen readers, the list under the chart links every session too.
 * On a print page nothing is a link: the list says the same in plain words.
 */
export function MeasureProgressChart({
  measure,
  ccaId,
  ccauId,
}: {
  measure: MeasureOverview;
  ccaId: number;
  ccauId: number;
}) {
  const navigate = useNavigate();
  const points = measure.progress_chart.sessions_progress_results;
  const definition = useMemo(
    () => progressDefinition(`${measure.abbreviation} total score`, measure.measure_id),
    [measure.abbreviation, measure.measure_id],
  );
  const printed = useInPrint();
  const listLabel = `${measure.abbreviation} session reports`;
  const pointText = (p: (typeof points)[number]) =>
    `${formatMomentDay(p.date)}: ${p.score ?? "not scored"}${p.severity ? ` (${p.severity})` : ""}${p.alerts.length > 0 ? " · raised an alert" : ""}`;
  return (
    <div className={printed ? "print-block" : undefined}>
      <SchemaChart
        definition={definition}
        rows={points as unknown as Record<string, unknown>[]}
        height={240}
        onRowClick={(row) => navigate(measurePaths.report(ccaId, ccauId, Number(row.clientMeasureId)))}
      />
      <Text size="xs" c="dimmed" mt={4}>
        {listLabel}:
      </Text>
      <List size="xs" aria-label={listLabel} listStyleType="none" spacing={2}>
        {points.map((p) => (
          <List.Item key={p.clientMeasureId}>
            {printed ? (
              pointText(p)
            ) : (
              <Anchor component={Link} to={measurePaths.report(ccaId, ccauId, p.clientMeasureId)} size="xs">
                {pointText(p)}
              </Anchor>
            )}
          </List.Item>
        ))}
      </List>
    </div>
  );
}
