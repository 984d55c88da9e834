import { describe, expect, it } from "vitest";
import { chartCsv, chartFileName } from "../../../src/client/pages/analytics/explorer/charts/chart-files.ts";
import { type ChartDefinition, chartFigure } from "../../../src/client/renderers/chart-figure.ts";
import { plotlyFigure } from "../../../src/client/renderers/plotly-figure.ts";
import { defaultBundle, schemaById } from "../../../src/shared/schema/bundle.ts";

const definition = (id: string): ChartDefinition =>
  schemaById(defaultBundle, `charts/outcomes-${id}.json`)["x-chart"] as ChartDefinition;

const weeks = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => ({
    week: from + i,
    n: 4,
    mean: 15 - i * 0.5,
    sd: 3,
    ci_low: 12 - i * 0.5,
    ci_high: i === 1 ? null : 18 - i * 0.5,
  }));

describe("outcomes chart figures", () => {
  it("carries the spec's constants in the chart schemas", () => {
    expect(definition("score-over-time").weekLabels).toEqual({ over: 16, step: 2 });
    expect(definition("weeks-to-cutoff").weekLabels).toEqual({ over: 10, step: 5 });
    for (const id of ["score-over-time", "admission-discharge", "weeks-to-cutoff", "severity-bands"]) {
      expect(definition(id).fourTicks).toBe(true);
      expect(definition(id).caption).toBeTruthy();
    }
    expect(definition("admission-discharge").oneMeasure).toBeUndefined();
    expect(definition("severity-bands").oneMeasure).toBe(true);
  });

  it("draws the mean with asymmetric CI error bars, none where a week has no interval", () => {
    const figure = chartFigure(defaultBundle, definition("score-over-time"), weeks(3));
    const plot = plotlyFigure(figure, 300);
    const errors = plot.data[0]?.error_y as { array: (number | null)[]; arrayminus: (number | null)[] };
    expect(errors.array).toEqual([3, null, 3]);
    expect(errors.arrayminus).toEqual([3, 3, 3]);
    expect(figure.table.headers).toEqual([
      "Week of treatment",
      "Episodes",
      "Mean score",
      "95% CI low",
      "95% CI high",
      "Standard deviation",
    ]);
    expect(figure.table.rows[1]).toEqual(["1", "4", "14.5", "11.5", "", "3"]);
    expect(figure.summary).toBe("Score over time for 3 weeks: Week 0: 15; Week 1: 14.5; Week 2: 14");
  });

  it("follows §9 on both axes: four ticks from 0 to the scale's top, week labels thinned past 16", () => {
    const def = { ...definition("score-over-time"), scale: { min: 0, max: 27, bands: [], cutoff: null } };
    const plot = plotlyFigure(chartFigure(defaultBundle, def, weeks(20)), 300);
    expect(plot.layout.yaxis).toMatchObject({ range: [0, 28], tickvals: [0, 7, 14, 21, 28] });
    // An interval past the instrument's maximum (n = 2) is cut at the axis; it never stretches it.
    const wide = plotlyFigure(chartFigure(defaultBundle, def, [{ ...weeks(1)[0], ci_high: 68 }]), 300);
    expect(wide.layout.yaxis).toMatchObject({ range: [0, 28] });
    expect((plot.layout.xaxis as { tickvals: number[] }).tickvals).toEqual([0, 2, 4, 6, 8, 10, 12, 14, 16, 18]);
    // Past three points a chart that starts later shows week 0 too.
    const later = plotlyFigure(chartFigure(defaultBundle, def, weeks(4, 3)), 300);
    expect((later.layout.xaxis as { tickvals: number[] }).tickvals).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it("labels every 5th week past 10 on weeks to below cut-off, and its table adds the cumulative share", () => {
    const rows = Array.from({ length: 12 }, (_, week) => ({ week, episodes: week % 3, cumulative_percent: week * 8 }));
    const figure = chartFigure(defaultBundle, definition("weeks-to-cutoff"), rows);
    const plot = plotlyFigure(figure, 300);
    expect((plot.layout.xaxis as { tickvals: number[] }).tickvals).toEqual([0, 5, 10]);
    expect(plot.layout.yaxis).toMatchObject({ range: [0, 4], tickvals: [0, 1, 2, 3, 4] });
    expect(figure.table.headers).toEqual([
      "Week of treatment",
      "Episodes first below the cut-off",
      "Below the cut-off by this week (%)",
    ]);
  });

  it("groups admission and discharge bars per measure and setting, with the table in words", () => {
    const rows = [
      {
        group: "PHQ-9, Inpatient",
        measure_id: 1,
        measure_name: "PHQ-9",
        setting: "inpatient",
        pairs: 12,
        admission_mean: 17.5,
        admission_ci_low: 15,
        admission_ci_high: 20,
        discharge_mean: 9.25,
        discharge_ci_low: 7,
        discharge_ci_high: 11.5,
        mean_change: -8.25,
      },
    ];
    const figure = chartFigure(defaultBundle, definition("admission-discharge"), rows);
    const plot = plotlyFigure(figure, 300);
    expect(plot.data.map((d) => [d.type, d.name])).toEqual([
      ["bar", "At admission"],
      ["bar", "At discharge"],
    ]);
    expect(plot.layout.yaxis).toMatchObject({ range: [0, 20] });
    expect(figure.table.rows[0]).toContain("Inpatient");
    const csv = chartCsv(figure.table);
    expect(csv.split("\r\n")[0]).toBe(figure.table.headers.join(","));
    expect(csv).toContain("PHQ-9,Inpatient,12,");
    expect(csv).toContain(",-8.25");
  });

  it("writes CSV cells a spreadsheet cannot run, and names files by title and hash", () => {
    expect(
      chartCsv({
        headers: ["Band", "n"],
        rows: [
          ["=HYPERLINK(1)", "3"],
          ['Mild, "low"', "-2"],
        ],
      }),
    ).toBe(`Band,n\r\n'=HYPERLINK(1),3\r\n"Mild, ""low""",-2\r\n`);
    expect(chartFileName("Score over time", "abc123", "png")).toBe("score-over-time-abc123.png");
  });
});
