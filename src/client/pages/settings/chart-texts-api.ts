import type { ChartTextUpdate } from "../../../../generated/types/api/chart-text-update.ts";
import type { OutcomeChartId } from "../../../../generated/types/api/outcome-chart-id.ts";
import type { ChartText } from "../../../../generated/types/api/responses/chart-text.ts";
import type { ProgramOption } from "../../../../generated/types/api/responses/program-option.ts";
import { defaultBundle, enumOptions, schemaById } from "../../../shared/schema/bundle.ts";
import { api } from "../../api/http.ts";

/** An outcomes chart as the settings screen names it: its name, and its own title and caption. */
export interface OutcomeChartDefault {
  id: OutcomeChartId;
  name: string;
  title: string;
  caption: string;
}

/**
 * The outcomes explorer's charts (api/outcome-chart-id.json), each with the title and caption
 * its schema file gives it (schemas/charts/outcomes-*.json, x-chart): what a program shows
 * unless an admin gives it its own.
 */
export const OUTCOME_CHARTS: readonly OutcomeChartDefault[] = enumOptions(
  schemaById(defaultBundle, "api/outcome-chart-id.json"),
).map((option) => {
  const id = option.value as OutcomeChartId;
  const chart = schemaById(defaultBundle, `charts/outcomes-${id}.json`)["x-chart"] as {
    title: string;
    caption?: string;
  };
  return { id, name: option.label, title: chart.title, caption: chart.caption ?? "" };
});

export const CHART_TEXTS_KEY = ["settings", "chart-texts"] as const;
export const CHART_TEXT_PROGRAMS_KEY = ["settings", "chart-texts", "programs"] as const;

/** Every program's own titles and captions (GET analytics/chart-texts; admins). */
export const chartTexts = (signal?: AbortSignal) => api<ChartText[]>("analytics/chart-texts", { signal });

/** Every program of the clinic, inactive ones too: a chart can be drawn for any of them. */
export const chartTextPrograms = async (signal?: AbortSignal) =>
  (await api<{ rows: ProgramOption[] }>("programs/all", { signal })).rows;

const textPath = (programId: number, chartId: OutcomeChartId) =>
  `analytics/chart-texts/${encodeURIComponent(programId)}/${encodeURIComponent(chartId)}`;

/** Sets a program's title and caption of a chart; both blank goes back to the chart's own (null). */
export const saveChartText = (programId: number, chartId: OutcomeChartId, body: ChartTextUpdate) =>
  api<ChartText | null>(textPath(programId, chartId), { method: "PUT", body });

/** Goes back to the chart's own title and caption. */
export const resetChartText = (programId: number, chartId: OutcomeChartId) =>
  api<null>(textPath(programId, chartId), { method: "DELETE" });
