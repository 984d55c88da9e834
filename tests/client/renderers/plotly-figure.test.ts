import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setClinicTimeZone } from "../../../src/client/dates/clinic-dates.ts";
import { type ChartDefinition, chartFigure } from "../../../src/client/renderers/chart-figure.ts";
import { plotlyFigure } from "../../../src/client/renderers/plotly-figure.ts";
import { scoreScale } from "../../../src/client/renderers/score-scale.ts";
import { measureDefinition } from "../../../src/shared/measures/library.ts";
import type { MeasureDefinition } from "../../../src/shared/measures/types.ts";
import { defaultBundle } from "../../../src/shared/schema/bundle.ts";

const CHART = "charts/measure-progress.json";

function definitionFor(id: string): ChartDefinition {
  return {
    type: "line",
    title: `${id} total score`,
    entity: CHART,
    x: "date",
    y: "score",
    alerts: "alerts",
    scale: scoreScale(measureDefinition(id)),
  };
}

// Low scores only: a chart that scaled to its data would draw 0–8.
const sessions = [
  { clientMeasureId: 1, date: "2026-09-01T15:00:00.000Z", score: 3, severity: null, alerts: [] },
  { clientMeasureId: 2, date: "2026-09-29T15:00:00.000Z", score: 8, severity: null, alerts: ["Item 9 answered 2"] },
  { clientMeasureId: 3, date: "2026-11-03T15:00:00.000Z", score: 6, severity: null, alerts: [] },
];

/** A session's moment as Plotly gets it: the clinic's wall clock (UTC in these tests). */
const wall = (iso: string) => iso.slice(0, 19).replace("T", " ");

function figureFor(id: string, rows: Record<string, unknown>[] = sessions) {
  const figure = chartFigure(defaultBundle, definitionFor(id), rows);
  return { figure, plot: plotlyFigure(figure, 240) };
}

describe("score chart figure", () => {
  beforeEach(() => setClinicTimeZone("UTC"));
  afterEach(() => setClinicTimeZone(undefined));

  it("draws PHQ-9 on its full 0–27 range whatever the scores are", () => {
    const { plot } = figureFor("phq-9");
    expect(plot.layout.yaxis).toMatchObject({ range: [0, 27], autorange: false });
  });

  it("shades every PHQ-9 severity band at the definition's boundaries, with its label", () => {
    const { plot } = figureFor("phq-9");
    const bands = plot.layout.shapes.filter((s) => s.type === "rect");
    expect(bands.map((b) => [b.name, b.y0])).toEqual([
      ["None/minimal", 0],
      ["Mild", 5],
      ["Moderate", 10],
      ["Moderately severe", 15],
      ["Severe", 20],
    ]);
    expect(bands.at(-1)?.y1).toBe(27);
    expect(plot.layout.annotations.map((a) => a.text)).toEqual(expect.arrayContaining(["Mild", "Severe"]));
  });

  it("draws the cut-off as a line at the definition's value", () => {
    const { plot } = figureFor("phq-9");
    const lines = plot.layout.shapes.filter((s) => s.type === "line");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ y0: 10, y1: 10, x0: 0, x1: 1 });
    expect(plot.layout.annotations.map((a) => a.text)).toContain("Cut-off ≥ 10");
  });

  it("puts one x tick on each session's date and nowhere else", () => {
    const { plot } = figureFor("phq-9");
    expect(plot.layout.xaxis).toMatchObject({
      type: "date",
      tickmode: "array",
      tickvals: sessions.map((s) => wall(s.date)),
    });
    const ticks = (plot.layout.xaxis as { ticktext: string[] }).ticktext;
    expect(ticks).toHaveLength(3);
    expect(ticks[2]).toBe("Nov 3, 2026");
    expect(plot.data[0]).toMatchObject({ x: sessions.map((s) => wall(s.date)), y: [3, 8, 6] });
  });

  it("marks a session that raised an alert, in the plot, its hover text and the data table", () => {
    const { figure, plot } = figureFor("phq-9");
    const marked = plot.data.find((d) => d.name === "Raised an alert");
    expect(marked).toMatchObject({ x: [wall(sessions[1].date)], y: [8], mode: "markers" });
    expect(String((marked?.hovertext as string[] | undefined)?.[0])).toContain("Alert: Item 9 answered 2");
    expect((plot.data[0].hovertext as string[])[0]).not.toContain("Alert");
    expect(figure.table.headers).toEqual(["Completed", "Total score", "Alerts"]);
    expect(figure.table.rows.map((r) => r[2])).toEqual(["None", "Item 9 answered 2", "None"]);
  });

  it("draws no alert marker when no session raised one", () => {
    const quiet = sessions.map((s) => ({ ...s, alerts: [] }));
    expect(figureFor("phq-9", quiet).plot.data.map((d) => d.name)).toEqual(["Total score"]);
  });

  it("still draws a measure without bands or cut-off on its full range", () => {
    const { plot } = figureFor("k6"); // no bands; its cut-off is unverified
    expect(plot.layout.yaxis).toMatchObject({ range: [0, 24] });
    expect(plot.layout.shapes).toEqual([]);
  });

  it("never draws an unverified cut-off or bands the definition lists as unverified", () => {
    const k6 = measureDefinition("k6") as MeasureDefinition;
    expect(k6.cutoff?.verified).toBe(false);
    expect(scoreScale(k6)?.cutoff).toBeNull();
    const phq9 = measureDefinition("phq-9") as MeasureDefinition;
    const doubted = { ...phq9, unverified: [...phq9.unverified, { field: "bands", note: "doubted" }] };
    expect(scoreScale(doubted)?.bands).toEqual([]);
    expect(scoreScale(doubted)?.cutoff?.value).toBe(10);
  });

  it("describes the chart in one sentence for screen readers", () => {
    const rows = [...sessions, { clientMeasureId: 4, date: "2026-11-03T15:00:00.000Z", score: 14, alerts: [] }];
    const { figure } = figureFor("phq-9", rows.slice(1));
    expect(figure.summary).toBe(
      "phq-9 total score over 3 sessions on a scale of 0 to 27, latest 14 (Moderate) on Nov 3, 2026",
    );
  });
});

describe("score chart dates on the clinic's clock", () => {
  afterEach(() => setClinicTimeZone(undefined));

  it("places a session finished late in the evening on its clinic day, under that day's tick", () => {
    setClinicTimeZone("America/Los_Angeles");
    // 10:30 PM on Nov 2 in Los Angeles is already Nov 3 in UTC.
    const late = [{ clientMeasureId: 9, date: "2026-11-03T06:30:00.000Z", score: 5, severity: null, alerts: [] }];
    const { plot } = figureFor("phq-9", late);
    expect(plot.data[0].x).toEqual(["2026-11-02 22:30:00"]);
    expect(plot.layout.xaxis).toMatchObject({ tickvals: ["2026-11-02 22:30:00"], ticktext: ["Nov 2, 2026"] });
  });
});
