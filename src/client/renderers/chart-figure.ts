import { enumOptions, type SchemaBundle } from "../../shared/schema/bundle.ts";
import { entityProperty, type FieldKind, fieldKind } from "../../shared/schema/field-kind.ts";
import { formatValue } from "./format-value.ts";

/** A chart as data: which fields go on which axis. `entity` names the schema the fields belong to. */
export interface ChartDefinition {
  type: "line" | "bar";
  title: string;
  x: string;
  y: string | string[];
  entity?: string;
  xTitle?: string;
  yTitle?: string;
}

export interface ChartSeries {
  field: string;
  name: string;
  x: unknown[];
  y: unknown[];
}

export interface ChartFigure {
  title: string;
  type: ChartDefinition["type"];
  xKind: FieldKind;
  xTitle: string;
  yTitle: string;
  series: ChartSeries[];
  /** The same numbers as text, for the data table that goes with the chart. */
  table: { headers: string[]; rows: string[][] };
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
  const series: ChartSeries[] = ys.map((y) => ({
    field: y.field,
    name: y.title,
    x: rows.map((row) => axisValue(x, row[x.field])),
    y: rows.map((row) => axisValue(y, row[y.field])),
  }));
  const figure: ChartFigure = {
    title: definition.title,
    type: definition.type,
    xKind: x.kind,
    xTitle: definition.xTitle ?? x.title,
    yTitle: definition.yTitle ?? (ys.length === 1 ? ys[0].title : ""),
    series,
    table: {
      headers: [x.title, ...ys.map((y) => y.title)],
      rows: rows.map((row) => [
        formatValue(x.kind, row[x.field], x.labels),
        ...ys.map((y) => formatValue(y.kind, row[y.field], y.labels)),
      ]),
    },
  };
  return figure;
}

/** Plotly's axis type for a field kind. */
export function plotlyAxisType(kind: FieldKind): "date" | "category" | "linear" | "-" {
  if (kind === "date" || kind === "datetime") return "date";
  if (kind === "enum" || kind === "text" || kind === "boolean") return "category";
  if (kind === "integer" || kind === "number") return "linear";
  return "-";
}
