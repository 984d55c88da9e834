import { valueAxis, weekTicks } from "../../shared/charts/axis-rules.ts";
import { clinicWallClock } from "../dates/clinic-dates.ts";
import { bandOf, type ChartFigure, dayText, plotlyAxisType } from "./chart-figure.ts";

// Plotly's own types are not loaded here (the basic bundle has none); these are the parts we set.
type PlotData = Record<string, unknown>;
interface PlotShape {
  type: "rect" | "line";
  xref: "paper";
  yref: "y";
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  layer: "below" | "above";
  fillcolor?: string;
  line: { width: number; color?: string; dash?: string };
  name: string;
}

export interface PlotlyFigure {
  data: PlotData[];
  layout: Record<string, unknown> & { shapes: PlotShape[]; annotations: Record<string, unknown>[] };
}

const BAND_FILLS = ["#f1f3f5", "#e9ecef"];
const CUTOFF_COLOR = "#c92a2a";
const ALERT_COLOR = "#c92a2a";
// People read "≥ 10", not the definition's operator code ">=".
const SYMBOLS: Record<string, string> = { ">=": "≥", "<=": "≤", ">": ">", "<": "<" };
function hoverText(figure: ChartFigure, seriesName: string, x: unknown, y: unknown, i: number): string {
  const tickText = (v: unknown) => dayText(figure.xKind, v);
  const score = typeof y === "number" ? y : null;
  const band = score === null ? null : bandOf(figure.scale, score);
  const lines = [`${tickText(x)}: ${seriesName} ${y ?? "none"}${band ? ` (${band})` : ""}`];
  for (const alert of figure.alerts[i] ?? []) lines.push(`Alert: ${alert}`);
  return lines.join("<br>");
}

/**
 * A chart figure as Plotly data and layout. Pure, so the rules that keep a score chart from
 * misleading are tested without a browser: the y axis spans the instrument's full range, bands
 * are shaded with their labels, the cut-off is a line, ticks sit on the session dates, and
 * points that raised an alert carry a marker of their own.
 */
/** At most this many date ticks on a chart's axis: about one per 1.5 cm at the printed width. */
export const MAX_DATE_TICKS = 12;

/**
 * The sessions' dates an axis labels: each of them up to MAX_DATE_TICKS, else evenly spaced ones
 * with the first and the last. A history of hundreds of sessions drew a label each, unreadable,
 * and Plotly measuring a thousand labels kept a long progress report's page busy for a minute.
 */
export function tickDates<X>(dates: readonly X[]): X[] {
  if (dates.length <= MAX_DATE_TICKS) return [...dates];
  const step = (dates.length - 1) / (MAX_DATE_TICKS - 1);
  return Array.from({ length: MAX_DATE_TICKS }, (_, i) => dates[Math.round(i * step)]);
}

export function plotlyFigure(figure: ChartFigure, height: number): PlotlyFigure {
  // Plotly has no time zones: moments are handed over as the clinic's wall clock, so a session
  // completed at 11 PM sits on its clinic day, under the tick that names that day.
  const plotX = (x: unknown) => (figure.xKind === "datetime" && typeof x === "string" ? clinicWallClock(x) : x);
  const data: PlotData[] = figure.series.map((s) => {
    const text = s.x.map((x, i) => hoverText(figure, s.name, x, s.y[i], i));
    const errors = s.low && s.high ? { error_y: errorBars(s) } : {};
    return figure.type === "bar"
      ? { type: "bar", name: s.name, x: s.x.map(plotX), y: s.y, hovertext: text, hoverinfo: "text", ...errors }
      : {
          ...errors,
          type: "scatter",
          mode: "lines+markers",
          name: s.name,
          x: s.x.map(plotX),
          y: s.y,
          hovertext: text,
          hoverinfo: "text",
          // The row each point draws, so a click on it can open that row (a session's report).
          customdata: s.x.map((_x, i) => i),
          // A score at the scale's ends sits on the axis edge; it must still show whole.
          cliponaxis: false,
          marker: { size: 8 },
        };
  });
  const first = figure.series[0];
  const alertIdx = figure.alerts.flatMap((a, i) => (a.length > 0 ? [i] : []));
  if (first && alertIdx.length > 0) {
    data.push({
      type: "scatter",
      mode: "markers",
      name: "Raised an alert",
      x: alertIdx.map((i) => plotX(first.x[i])),
      y: alertIdx.map((i) => first.y[i]),
      hovertext: alertIdx.map((i) => hoverText(figure, first.name, first.x[i], first.y[i], i)),
      hoverinfo: "text",
      customdata: alertIdx,
      cliponaxis: false,
      marker: { symbol: "diamond-open", size: 16, color: ALERT_COLOR, line: { width: 2.5, color: ALERT_COLOR } },
    });
  }

  const scale = figure.scale;
  const shapes: PlotShape[] = [];
  const annotations: Record<string, unknown>[] = [];
  if (scale) {
    // Each band runs up to where the next begins, so whole-number bands (0–4, 5–9) leave no gap.
    scale.bands.forEach((band, i) => {
      const top = Math.min(scale.bands[i + 1]?.min ?? band.max, scale.max);
      shapes.push({
        type: "rect",
        xref: "paper",
        yref: "y",
        x0: 0,
        x1: 1,
        y0: band.min,
        y1: top,
        layer: "below",
        fillcolor: BAND_FILLS[i % BAND_FILLS.length],
        line: { width: 0 },
        name: band.label,
      });
      annotations.push({
        xref: "paper",
        yref: "y",
        x: 0,
        xanchor: "left",
        y: (band.min + top) / 2,
        text: band.label,
        showarrow: false,
        font: { size: 10, color: "#495057" },
      });
    });
    if (scale.cutoff) {
      shapes.push({
        type: "line",
        xref: "paper",
        yref: "y",
        x0: 0,
        x1: 1,
        y0: scale.cutoff.value,
        y1: scale.cutoff.value,
        layer: "above",
        line: { width: 2, color: CUTOFF_COLOR, dash: "dash" },
        name: "Cut-off",
      });
      annotations.push({
        xref: "paper",
        yref: "y",
        x: 1,
        xanchor: "right",
        yanchor: "bottom",
        y: scale.cutoff.value,
        text: `Cut-off ${SYMBOLS[scale.cutoff.direction] ?? scale.cutoff.direction} ${scale.cutoff.value}`,
        showarrow: false,
        font: { size: 10, color: CUTOFF_COLOR },
      });
    }
  }

  const datesAxis = plotlyAxisType(figure.xKind) === "date";
  const xs = first?.x ?? [];
  const weeks = figure.weekLabels
    ? weekTicks(
        xs.filter((x): x is number => typeof x === "number"),
        figure.weekLabels,
      )
    : null;
  const values = figure.fourTicks ? valueAxis(valueReach(figure)) : null;
  return {
    data,
    layout: {
      autosize: true,
      height,
      // The legend sits above the plot, where it cannot cover the date ticks on a phone.
      margin: { l: 56, r: 16, t: data.length > 1 ? 40 : 16, b: 48 },
      showlegend: data.length > 1,
      legend: { orientation: "h", x: 0, y: 1, yanchor: "bottom" },
      hovermode: "closest",
      ...(figure.stacked ? { barmode: "stack" } : {}),
      xaxis: {
        title: { text: figure.xTitle },
        type: plotlyAxisType(figure.xKind),
        automargin: true,
        // Ticks on sessions' dates only: never a tick between sessions that reads as one.
        ...(datesAxis
          ? {
              tickmode: "array",
              tickvals: tickDates(xs).map(plotX),
              ticktext: tickDates(xs).map((x) => dayText(figure.xKind, x)),
            }
          : {}),
        // Spec §9: weeks labelled one by one, or every 2nd/5th past the chart's limit; week 0 shown past 3 points.
        ...(weeks?.length
          ? {
              tickmode: "array",
              tickvals: weeks,
              ticktext: weeks.map(String),
              range: [Math.min(...weeks) - 0.5, Math.max(...weeks, ...(xs as number[])) + 0.5],
            }
          : {}),
      },
      yaxis: {
        title: { text: figure.yTitle },
        automargin: true,
        ...(values
          ? { range: [0, values.top], autorange: false, fixedrange: true, tickmode: "array", tickvals: values.ticks }
          : scale
            ? { range: [scale.min, scale.max], autorange: false, fixedrange: true }
            : { rangemode: "tozero" }),
      },
      shapes,
      annotations,
    },
  };
}

/** Asymmetric error bars from a series' interval ends (none where a point has no interval). */
function errorBars(s: ChartFigure["series"][number]): Record<string, unknown> {
  const y = s.y.map((v) => (typeof v === "number" ? v : null));
  return {
    type: "data",
    symmetric: false,
    array: y.map((v, i) => (v !== null && s.high?.[i] != null ? (s.high[i] as number) - v : null)),
    arrayminus: y.map((v, i) => (v !== null && s.low?.[i] != null ? v - (s.low[i] as number) : null)),
    thickness: 1.5,
    width: 4,
  };
}

/**
 * The largest value a four-tick axis must reach: a score chart's scale top (an interval reaching
 * past the instrument's maximum is cut at the axis, never stretches it), else every point and
 * interval end.
 */
function valueReach(figure: ChartFigure): number {
  if (figure.scale) return figure.scale.max;
  const numbers = figure.series
    .flatMap((s) => [...s.y, ...(s.high ?? [])])
    .filter((v): v is number => typeof v === "number");
  return Math.max(0, ...numbers);
}
