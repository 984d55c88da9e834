import { describe, expect, it } from "vitest";
import { type ChartDefinition, chartFigure } from "../../../src/client/renderers/chart-figure.ts";
import { plotlyFigure } from "../../../src/client/renderers/plotly-figure.ts";
import { defaultBundle, schemaById } from "../../../src/shared/schema/bundle.ts";

const definition = schemaById(defaultBundle, "charts/clinical-significance.json")["x-chart"] as ChartDefinition;
const rows = [
  { measure: "PHQ-9", recovered: 3, improved: 2, unchanged: 4, deteriorated: 1, not_case: 5 },
  { measure: "GAD-7", recovered: 1, improved: 0, unchanged: 2, deteriorated: 0, not_case: 0 },
];

describe("clinical significance chart", () => {
  it("stacks one bar per instrument, a part per category named by the row schema", () => {
    const figure = chartFigure(defaultBundle, definition, rows);
    const plot = plotlyFigure(figure, 320);
    expect(plot.layout.barmode).toBe("stack");
    expect(plot.data.map((d) => d.name)).toEqual([
      "Recovered",
      "Reliably improved, not recovered",
      "No reliable change",
      "Reliably deteriorated",
      "Not a case at admission",
    ]);
    expect(plot.data[0]?.x).toEqual(["PHQ-9", "GAD-7"]);
    expect(plot.data[0]?.y).toEqual([3, 1]);
    expect(figure.summary).toContain("for 2 instruments");
  });

  it("leaves other bar charts side by side", () => {
    const usage = schemaById(defaultBundle, "charts/usage-measures-due.json")["x-chart"] as ChartDefinition;
    const plot = plotlyFigure(chartFigure(defaultBundle, usage, []), 320);
    expect(plot.layout.barmode).toBeUndefined();
  });
});
