import { useRespondentOverviews } from "./chart-api.ts";
import { MeasureProgressChart } from "./MeasureProgressChart.tsx";

/**
 * On a session report, the same progress chart as the chart page (same renderer, same rules) for
 * this respondent and measure, so the session is read against its history. Nothing while loading
 * or when the measure has no chart: the report itself stands on its own.
 */
export function ReportProgressChart({
  ccaId,
  ccauId,
  measureId,
}: {
  ccaId: number;
  ccauId: number;
  measureId: string;
}) {
  const [overview] = useRespondentOverviews([ccauId]);
  const measure = overview?.data?.rows.find((m) => m.measure_id === measureId);
  if (!measure?.progress_chart.show_chart) return null;
  return <MeasureProgressChart measure={measure} ccaId={ccaId} ccauId={ccauId} />;
}
