// @vitest-environment jsdom
import { fireEvent, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { AnalyticsQuery } from "../../../generated/types/api/analytics-query.ts";
import { api } from "../../../src/client/api/http.ts";
import {
  ONE_MEASURE_TEXT,
  OutcomeCharts,
  SCORES_ONLY_TEXT,
} from "../../../src/client/pages/analytics/explorer/charts/OutcomeCharts.tsx";
import { renderWithProviders } from "../renderers/test-utils.tsx";

vi.mock("../../../src/client/api/http.ts", () => ({ api: vi.fn() }));
vi.mock("../../../src/client/renderers/PlotlyChart.tsx", () => ({
  default: () => <output data-testid="plot" />,
}));
const apiMock = vi.mocked(api);

const query = (measure: number[], over: Partial<AnalyticsQuery> = {}) =>
  ({
    program_uuid: ["7f1c0a52-4f7e-4c7f-9a55-1f0b1d9e2a11"],
    measure,
    gender: ["f"],
    age: ["lt18"],
    ...over,
  }) as AnalyticsQuery;

const answer = {
  chartId: "score-over-time",
  title: "Depression over the stay",
  caption: "A program's own caption.",
  hash: "0123456789abcdef",
  measureName: "PHQ-9",
  scoreRange: { min: 0, max: 27 },
  rows: [
    { week: 0, n: 3, mean: 15, sd: 2, ci_low: 10.03, ci_high: 19.97 },
    { week: 1, n: 1, mean: 12, sd: null, ci_low: null, ci_high: null },
  ],
  notes: ["A week with a single episode has no confidence interval."],
};

describe("the explorer's Charts section", () => {
  beforeEach(() => apiMock.mockReset());

  it("before a run, says what to do and asks nothing", () => {
    renderWithProviders(<OutcomeCharts query={null} />);
    expect(screen.getByText(/^Run a query to draw its charts\./)).toBeTruthy();
    expect(apiMock).not.toHaveBeenCalled();
  });

  it("says in words that a chart takes one measure, and draws the one that takes several", async () => {
    apiMock.mockResolvedValue({ ...answer, chartId: "admission-discharge", rows: [], notes: [], measureName: null });
    renderWithProviders(<OutcomeCharts query={query([1, 2])} />);
    expect(screen.getByText(ONE_MEASURE_TEXT)).toBeTruthy();
    expect(apiMock).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText("Chart"), { target: { value: "admission-discharge" } });
    await screen.findByText("No records match your selections");
    expect(apiMock).toHaveBeenCalledWith("analytics/charts/admission-discharge", {
      method: "POST",
      body: query([1, 2]),
    });
  });

  it("refuses item-level queries in words", () => {
    renderWithProviders(<OutcomeCharts query={query([1], { scorableFilter: false })} />);
    expect(screen.getByText(SCORES_ONLY_TEXT)).toBeTruthy();
  });

  it("draws the answer with its program's title and caption, notes, data table and downloads", async () => {
    apiMock.mockResolvedValue(answer);
    renderWithProviders(<OutcomeCharts query={query([1])} />);
    await screen.findByRole("heading", { name: "Depression over the stay — PHQ-9" });
    expect(screen.getByText("A program's own caption.")).toBeTruthy();
    expect(
      within(screen.getByRole("list", { name: "What this chart leaves out" })).getByText(/single episode/),
    ).toBeTruthy();
    const table = screen.getByRole("table", { name: "Depression over the stay — PHQ-9 data", hidden: true });
    expect(within(table).getAllByRole("row", { hidden: true })).toHaveLength(3);
    expect(screen.getByRole("button", { name: "Download PNG" })).toBeTruthy();

    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => "blob:chart");
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    fireEvent.click(screen.getByRole("button", { name: "Download CSV" }));
    expect(saved).toEqual(["depression-over-the-stay-0123456789abcdef.csv"]);
    click.mockRestore();
  });
});
