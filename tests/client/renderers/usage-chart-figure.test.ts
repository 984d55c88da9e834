import { describe, expect, it } from "vitest";
import { type ChartDefinition, chartFigure, plotlyAxisType } from "../../../src/client/renderers/chart-figure.ts";
import { plotlyFigure } from "../../../src/client/renderers/plotly-figure.ts";
import { defaultBundle, schemaById } from "../../../src/shared/schema/bundle.ts";

/** A chart file's definition as the usage pages read it (x-chart names its entity). */
const chartOf = (id: string, extra: Partial<ChartDefinition> = {}) =>
  ({ ...(schemaById(defaultBundle, id)["x-chart"] as ChartDefinition), ...extra }) as ChartDefinition;

const weeks = { one: "week", other: "weeks" };

describe("usage chart figures (charts/usage-*.json)", () => {
  it("names every series by its field's title and sums up the latest period of each", () => {
    const rows = [
      { start_date: "2026-03-02", end_date: "2026-03-08", active_respondents: 3, new_respondents: 1 },
      { start_date: "2026-03-09", end_date: "2026-03-15", active_respondents: 5, new_respondents: 2 },
    ];
    const figure = chartFigure(defaultBundle, chartOf("charts/usage-respondents.json", { points: weeks }), rows);
    expect(figure.series.map((s) => s.name)).toEqual(["Active respondents", "New respondents"]);
    expect(figure.yTitle).toBe("Respondents");
    expect(figure.xKind).toBe("date");
    expect(figure.summary).toBe(
      "Active and new respondents over 2 weeks, latest Active respondents 5, New respondents 2 on Mar 9, 2026",
    );
    expect(figure.table.headers).toEqual(["From", "Active respondents", "New respondents"]);
    expect(plotlyFigure(figure, 240).data.map((d) => d.type)).toEqual(["bar", "bar"]);
  });

  it("shows percentages with their sign, and a period with nothing due as none", () => {
    const rows = [
      { start_date: "2026-03-02", percent_completed: 67 },
      { start_date: "2026-03-03", percent_completed: null },
    ];
    const figure = chartFigure(
      defaultBundle,
      chartOf("charts/usage-percent-completed.json", { points: { one: "day", other: "days" } }),
      rows,
    );
    expect(figure.table.rows).toEqual([
      ["Mar 2, 2026", "67%"],
      ["Mar 3, 2026", ""],
    ]);
    expect(figure.summary).toBe("Percent of measures completed over 2 days, latest none on Mar 3, 2026");
    expect(plotlyAxisType("percent")).toBe("linear");
  });

  it("sums up a chart by category measure by measure, the rest left to the table", () => {
    const rows = ["PHQ-9", "GAD-7", "PHQ-2", "GAD-2", "K10", "K6"].map((m, i) => ({
      measure_abbreviation: m,
      count_owl_measure_uuid: 10 - i,
      count_completed: 5,
    }));
    const figure = chartFigure(
      defaultBundle,
      chartOf("charts/usage-measure-completion.json", { points: { one: "measure", other: "measures" } }),
      rows,
    );
    expect(figure.xKind).toBe("text");
    expect(figure.summary).toMatch(/^Completions per measure for 6 measures: PHQ-9: Due 10, Completed 5; GAD-7: /);
    expect(figure.summary).toMatch(/; and 1 more in the table$/);
  });
});
