// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { type ChartDefinition, chartFigure, plotlyAxisType } from "../../../src/client/renderers/chart-figure.ts";
import { SchemaChart } from "../../../src/client/renderers/SchemaChart.tsx";
import { defaultBundle, type SchemaBundle } from "../../../src/shared/schema/bundle.ts";
import { renderWithProviders } from "./test-utils.tsx";

// Plotly needs a real browser; the lazy half is replaced by a probe that shows what it was given.
vi.mock("../../../src/client/renderers/PlotlyChart.tsx", () => ({
  default: ({ figure }: { figure: { series: { name: string; x: unknown[]; y: unknown[] }[] } }) => (
    <output data-testid="plot">{JSON.stringify(figure.series)}</output>
  ),
}));

function bundleWithScores(): SchemaBundle {
  const bundle = structuredClone(defaultBundle);
  bundle["entities/score-point.json"] = {
    $id: "entities/score-point.json",
    title: "ScorePoint",
    type: "object",
    properties: {
      completed_on: { type: "string", format: "date", title: "Completed" },
      total_score: { type: "integer", title: "Total score" },
      item_score: { type: "number", title: "Item score" },
      gender: { title: "Gender at birth", $ref: "../enums/gender.json" },
    },
  };
  return bundle;
}

const rows = [
  { completed_on: "2026-01-05", total_score: 18, item_score: 2.5, gender: "f" },
  { completed_on: "2026-02-02", total_score: 11, item_score: 1, gender: "m" },
];

describe("chartFigure", () => {
  it("names series and axes from the entity and keeps dates as dates", () => {
    const definition: ChartDefinition = {
      type: "line",
      title: "Score over time",
      entity: "entities/score-point.json",
      x: "completed_on",
      y: ["total_score", "item_score"],
    };
    const figure = chartFigure(bundleWithScores(), definition, rows);
    expect(figure.xKind).toBe("date");
    expect(plotlyAxisType(figure.xKind)).toBe("date");
    expect(figure.xTitle).toBe("Completed");
    expect(figure.series).toEqual([
      { field: "total_score", name: "Total score", x: ["2026-01-05", "2026-02-02"], y: [18, 11] },
      { field: "item_score", name: "Item score", x: ["2026-01-05", "2026-02-02"], y: [2.5, 1] },
    ]);
    expect(figure.table).toEqual({
      headers: ["Completed", "Total score", "Item score"],
      rows: [
        ["Jan 5, 2026", "18", "2.5"],
        ["Feb 2, 2026", "11", "1"],
      ],
    });
  });

  it("puts code lists on a category axis under their labels", () => {
    const figure = chartFigure(
      bundleWithScores(),
      { type: "bar", title: "By gender", entity: "entities/score-point.json", x: "gender", y: "total_score" },
      rows,
    );
    expect(plotlyAxisType(figure.xKind)).toBe("category");
    expect(figure.series[0].x).toEqual(["Female", "Male"]);
    expect(figure.yTitle).toBe("Total score");
  });
});

describe("SchemaChart", () => {
  it("loads the plot on demand and offers the numbers as a table", async () => {
    renderWithProviders(
      <SchemaChart
        bundle={bundleWithScores()}
        definition={{
          type: "bar",
          title: "Total score",
          entity: "entities/score-point.json",
          x: "completed_on",
          y: "total_score",
        }}
        rows={rows}
      />,
    );
    const figure = screen.getByRole("figure", { name: "Total score" });
    // The drawing is aria-hidden; the figure's description says what it shows.
    expect(figure.getAttribute("aria-describedby")).toBeTruthy();
    expect(document.getElementById(figure.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "Total score over 2 sessions, latest 11 on Feb 2, 2026",
    );
    expect((await screen.findByTestId("plot")).closest("[aria-hidden='true']")).toBeTruthy();
    expect(JSON.parse((await screen.findByTestId("plot")).textContent ?? "")).toEqual([
      { field: "total_score", name: "Total score", x: ["2026-01-05", "2026-02-02"], y: [18, 11] },
    ]);
    const table = screen.getByRole("table", { name: "Total score data" });
    expect(within(table).getAllByRole("row")).toHaveLength(3);
  });

  it("draws nothing for no rows, and says so", () => {
    renderWithProviders(<SchemaChart definition={{ type: "line", title: "Empty", x: "a", y: "b" }} rows={[]} />);
    expect(screen.getByText("No records match your selections")).toBeTruthy();
    expect(screen.queryByTestId("plot")).toBeNull();
  });
});
