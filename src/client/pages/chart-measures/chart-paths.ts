/** The patient chart's tabs (spec §2 Patient chart), in the order they show; measures is the default. */
export const CHART_TABS = [
  { value: "measures", label: "Measures" },
  { value: "alerts", label: "Alerts" },
  { value: "information", label: "Information" },
  { value: "measures-list", label: "Measures list" },
  // Only while the clinic uses programs (general setting programs_enabled); otherwise not found.
  { value: "programs", label: "Programs" },
  { value: "insurance", label: "Insurance" },
] as const;

export type ChartTab = (typeof CHART_TABS)[number]["value"];

export const isChartTab = (value: string): value is ChartTab => CHART_TABS.some((t) => t.value === value);

/** /assignment/{ccaId}/{ccauId}/{tab}: the chart of one patient, opened on one tab. */
export const chartPath = (ccaId: number | string, ccauId: number | string, tab: ChartTab = "measures") =>
  `/assignment/${ccaId}/${ccauId}/${tab}`;
