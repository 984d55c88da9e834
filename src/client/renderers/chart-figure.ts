import type { WeekLabelRule } from "../../shared/charts/axis-rules.ts";
import { enumOptions, type SchemaBundle } from "../../shared/schema/bundle.ts";
import { entityProperty, type FieldKind, fieldKind } from "../../shared/schema/field-kind.ts";
import { formatCalendarDate, formatMomentDay } from "../dates/clinic-dates.ts";
import { formatValue } from "./format-value.ts";
import type { ScoreScale } from "./score-scale.ts";

/** A chart as data: which fields go on which axis. `entity` names the schema the fields belong to. */
export interface ChartDefinition {
  type: "line" | "bar";
  title: string;
  x: string;
  y: string | string[];
  entity?: string;
  xTitle?: string;
  yTitle?: string;
  /** The instrument's full range, bands and cut-off: a score chart is drawn on these, never on the data's range. */
  scale?: ScoreScale | null;
  /** A field holding the alerts (messages) a row raised; such points get their own marker. */
  alerts?: string;
  /** What one row is, for the summary sentence ("over 4 weeks"); default a session. */
  points?: { one: string; other: string };
  /** Bars of several y fields stacked into one per x value (parts of a whole). */
  stacked?: boolean;
  /** Outcomes charts: a caption under the title (overridable per program, spec §9). */
  caption?: string;
  /** Per y field, the fields of its interval's low and high ends: drawn as error bars. */
  errorBars?: Record<string, [string, string]>;
  /** The x field is a week of treatment, labelled by spec §9's rule (axis-rules.ts weekTicks). */
  weekLabels?: WeekLabelRule;
  /** The value axis follows spec §9: from 0 in four ticks (axis-rules.ts valueAxis). */
  fourTicks?: boolean;
  /** The fields of the data table, in order, when not the x and y fields. */
  table?: string[];
  /** The chart needs exactly one measure (spec §5 "some charts allow only one measure"). */
  oneMeasure?: boolean;
}

export interface ChartSeries {
  field: string;
  name: string;
  x: unknown[];
  y: unknown[];
  /** The interval's ends per point, when the definition gives this series error bars. */
  low?: (number | null)[];
  high?: (number | null)[];
}

export interface ChartFigure {
  title: string;
  type: ChartDefinition["type"];
  stacked?: boolean;
  xKind: FieldKind;
  xTitle: string;
  yTitle: string;
  series: ChartSeries[];
  scale: ScoreScale | null;
  /** Per row, the alerts it raised (empty when none or when the chart has no alerts field). */
  alerts: string[][];
  /** One sentence for screen readers: what is drawn and the latest value. */
  summary: string;
  /** The same numbers as text, for the data table that goes with the chart. */
  table: { headers: string[]; rows: string[][] };
  weekLabels?: WeekLabelRule;
  fourTicks?: boolean;
}

interface AxisField {
  field: string;
  title: string;
  kind: FieldKind;
  labels: { value: string | number; label: string }[];
}

function axisField(bundle: SchemaBundle, entity: string | undefined, field: string): AxisField {
  const property = entity ? entityProperty(bundle, entity, field) : undefined;
  if (!property) return { field, title: field.replace(/_/g, " "), kind: "unknown", labels: [] };
  const kind = fieldKind(property);
  return { field, title: String(property.title ?? field), kind, labels: kind === "enum" ? enumOptions(property) : [] };
}

/** Plotly wants dates as text it can parse and categories as their labels. */
function axisValue(axis: AxisField, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (axis.kind === "enum") return formatValue("enum", value, axis.labels);
  return value;
}

/**
 * Turns a chart definition and rows into series and axis titles, using field kinds for the x
 * axis (dates, categories, numbers) and schema titles for names. Pure, so it is tested without
 * loading plotly.
 */
export function chartFigure(
  bundle: SchemaBundle,
  definition: ChartDefinition,
  rows: readonly Record<string, unknown>[],
) {
  const x = axisField(bundle, definition.entity, definition.x);
  const ys = (Array.isArray(definition.y) ? definition.y : [definition.y]).map((f) =>
    axisField(bundle, definition.entity, f),
  );
  const bound = (v: unknown) => (typeof v === "number" ? v : null);
  const series: ChartSeries[] = ys.map((y) => {
    const bars = definition.errorBars?.[y.field];
    return {
      field: y.field,
      name: y.title,
      x: rows.map((row) => axisValue(x, row[x.field])),
      y: rows.map((row) => axisValue(y, row[y.field])),
      ...(bars ? { low: rows.map((row) => bound(row[bars[0]])), high: rows.map((row) => bound(row[bars[1]])) } : {}),
    };
  });
  const tableFields = definition.table?.map((f) => axisField(bundle, definition.entity, f));
  const alertsField = definition.alerts;
  const alerts = rows.map((row) => (alertsField ? rowAlerts(row[alertsField]) : []));
  const scale = definition.scale ?? null;
  const figure: ChartFigure = {
    title: definition.title,
    type: definition.type,
    stacked: definition.stacked,
    xKind: x.kind,
    xTitle: definition.xTitle ?? x.title,
    yTitle: definition.yTitle ?? (ys.length === 1 ? ys[0].title : ""),
    series,
    scale,
    alerts,
    summary: chartSummary(definition, x, ys, rows, scale),
    weekLabels: definition.weekLabels,
    fourTicks: definition.fourTicks,
    table: tableFields
      ? {
          headers: tableFields.map((f) => f.title),
          rows: rows.map((row) => tableFields.map((f) => formatValue(f.kind, row[f.field], f.labels))),
        }
      : {
          headers: [x.title, ...ys.map((y) => y.title), ...(alertsField ? ["Alerts"] : [])],
          rows: rows.map((row, i) => [
            formatValue(x.kind, row[x.field], x.labels),
            ...ys.map((y) => formatValue(y.kind, row[y.field], y.labels)),
            ...(alertsField ? [alerts[i].length > 0 ? alerts[i].join("; ") : "None"] : []),
          ]),
        },
  };
  return figure;
}

function rowAlerts(value: unknown): string[] {
  return Array.isArray(value) ? value.map(String) : [];
}

/** The band a score falls in, by the scale's bounds. */
export function bandOf(scale: ScoreScale | null, score: number): string | null {
  return scale?.bands.find((b) => score >= b.min && score <= b.max)?.label ?? null;
}

/** A date as a person reads it ("Nov 3, 2026"): the chart's ticks, hover text and summary. */
export function dayText(kind: FieldKind, value: unknown): string {
  if (kind === "date" && typeof value === "string") return formatCalendarDate(value);
  if (kind === "datetime" && typeof value === "string") return formatMomentDay(value);
  return String(value ?? "");
}

function summaryX(axis: AxisField, value: unknown): string {
  if (axis.kind === "date" || axis.kind === "datetime") return dayText(axis.kind, value);
  return formatValue(axis.kind, value, axis.labels);
}

const MAX_SUMMARY_CATEGORIES = 5;

/** A row's values of the y fields: "14 (Moderate)" for one, "Due 12, Completed 9" for several. */
function summaryValues(ys: AxisField[], row: Record<string, unknown>, scale: ScoreScale | null): string {
  if (ys.length === 1) {
    const value = row[ys[0].field];
    const band = typeof value === "number" ? bandOf(scale, value) : null;
    return `${formatValue(ys[0].kind, value, ys[0].labels) || "none"}${band ? ` (${band})` : ""}`;
  }
  return ys.map((y) => `${y.title} ${formatValue(y.kind, row[y.field], y.labels) || "none"}`).join(", ");
}

/**
 * The sentence a screen reader hears in place of the drawing. Over time (a date axis): "PHQ-9
 * total score over 4 sessions on a scale of 0 to 27, latest 14 (Moderate) on 3 Nov 2026". By
 * category (a measure per bar): "Completions per measure for 2 measures: PHQ-9: Due 12, Completed 9; ...".
 */
function chartSummary(
  definition: ChartDefinition,
  x: AxisField,
  ys: AxisField[],
  rows: readonly Record<string, unknown>[],
  scale: ScoreScale | null,
): string {
  const { title } = definition;
  const noun = definition.points ?? { one: "session", other: "sessions" };
  const count = `${rows.length} ${rows.length === 1 ? noun.one : noun.other}`;
  const last = rows.at(-1);
  if (!last || ys.length === 0) return `${title} over ${count}`;
  if (x.kind !== "date" && x.kind !== "datetime") {
    const shown = rows
      .slice(0, MAX_SUMMARY_CATEGORIES)
      // A week of treatment reads "Week 3", not a bare "3".
      .map(
        (row) =>
          `${definition.weekLabels ? "Week " : ""}${summaryX(x, row[x.field])}: ${summaryValues(ys, row, scale)}`,
      );
    const more = rows.length > shown.length ? `; and ${rows.length - shown.length} more in the table` : "";
    return `${title} for ${count}: ${shown.join("; ")}${more}`;
  }
  const range = scale ? ` on a scale of ${scale.min} to ${scale.max}` : "";
  return `${title} over ${count}${range}, latest ${summaryValues(ys, last, scale)} on ${summaryX(x, last[x.field])}`;
}

/** Plotly's axis type for a field kind. */
export function plotlyAxisType(kind: FieldKind): "date" | "category" | "linear" | "-" {
  if (kind === "date" || kind === "datetime") return "date";
  if (kind === "enum" || kind === "text" || kind === "boolean") return "category";
  if (kind === "integer" || kind === "number" || kind === "percent") return "linear";
  return "-";
}
