import { useQuery } from "@tanstack/react-query";
import type { AnalyticsQuery } from "../../../../../../generated/types/api/analytics-query.ts";
import type { OutcomeChartId } from "../../../../../../generated/types/api/outcome-chart-id.ts";
import type { OutcomeChart } from "../../../../../../generated/types/api/responses/outcome-chart.ts";
import { api } from "../../../../api/http.ts";

/** One outcomes chart of the query last run (null: nothing run yet, or the chart cannot be drawn). */
export function useOutcomeChart(chartId: OutcomeChartId, query: AnalyticsQuery | null) {
  return useQuery({
    queryKey: ["analytics", "chart", chartId, query],
    queryFn: () => api<OutcomeChart>(`analytics/charts/${chartId}`, { method: "POST", body: query }),
    // The charts panel shows a refused query itself.
    meta: { errorToast: false },
    enabled: query !== null,
  });
}
