import type Ajv from "ajv";
import type { Options } from "ajv";
import ajvErrors from "ajv-errors";
import addFormats from "ajv-formats";

/**
 * One validator configuration for the server and the browser forms (STYLE habit 6), so a rule
 * never passes in one place and fails in the other, and no field is silently dropped.
 */
export const AJV_OPTIONS = {
  allErrors: true, // ajv-errors needs every error to pick the schema's message
  $data: true, // "confirm password" compares with the new password
  strict: true,
  strictTypes: false, // nullable unions such as ["string", "null"] are deliberate
  strictRequired: false,
  allowUnionTypes: true,
  removeAdditional: false,
  useDefaults: false,
  coerceTypes: false,
  messages: true,
} satisfies Options;

/** Annotation keywords our schemas carry for codegen, storage and rendering; ajv only tolerates them. */
export const ANNOTATION_KEYWORDS = [
  "x-table",
  "x-column",
  "x-relation",
  "x-hook",
  // A list sort whose values run against the list's order (newest alert first): entity-model.ts.
  "x-sort-reversed",
  "x-normalize",
  "x-kind",
  "x-anyOf-field",
  "x-entity",
  "x-selectable",
  "x-permissions",
  "x-permission",
  "x-permission-labels",
  "x-default-view",
  "x-interval",
  "x-unit",
  // The list a filter picker's choices come from (api/analytics-query.json: programs, clinicians...).
  "x-options",
  "x-min",
  "x-max",
  "uiSchema",
  "columns",
  "defaultSort",
  "searchFields",
  // A table file names the query schema of its list route, whose titled properties are the list's filters.
  "x-query",
  // A chart file (schemas/charts) describes its points and the chart drawn from them (SchemaChart).
  "x-chart",
  // A details file (schemas/details) groups the fields a record's read-only page shows (SchemaDetails).
  "sections",
] as const;

/** Today as YYYY-MM-DD in UTC, the zone birth dates are sent in (spec §5). */
export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Years any date this product keeps may fall in (births, due dates, events). ajv-formats accepts
 * 0000-9999, and PostgreSQL refuses year 0; a date outside this range is a typing slip, not data.
 */
export const DATE_YEARS = { first: 1900, last: 2199 } as const;

function saneYear(text: string): boolean {
  const year = Number(text.slice(0, 4));
  return year >= DATE_YEARS.first && year <= DATE_YEARS.last;
}

/** The last calendar day `years` from today (UTC), as YYYY-MM-DD. */
export function horizonUtc(years: number, now = new Date()): string {
  const d = new Date(now);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return todayUtc(d);
}

type StringFormat = { validate: (s: string) => boolean; compare?: (a: string, b: string) => number | undefined };

function withSaneYear(format: StringFormat) {
  return {
    type: "string" as const,
    validate: (s: string) => format.validate(s) && saneYear(s),
    compare: format.compare,
  };
}

export function configureAjv(ajv: Ajv): Ajv {
  addFormats(ajv);
  // ajv-formats' own checks (a real calendar day, a valid time), plus the sane years.
  for (const name of ["date", "date-time"] as const)
    ajv.addFormat(name, withSaneYear(ajv.formats[name] as unknown as StringFormat));
  ajvErrors(ajv);
  for (const keyword of ANNOTATION_KEYWORDS) {
    if (!ajv.getKeyword(keyword)) ajv.addKeyword({ keyword });
  }
  if (!ajv.getKeyword("x-notFuture")) {
    ajv.addKeyword({
      keyword: "x-notFuture",
      type: "string",
      schemaType: "boolean",
      errors: true,
      validate: (enabled: boolean, value: string) => !enabled || value <= todayUtc(),
    });
  }
  if (!ajv.getKeyword("x-yearsAhead")) {
    // A date (YYYY-MM-DD...) no later than this many years from today: a due date in 9999 is refused.
    ajv.addKeyword({
      keyword: "x-yearsAhead",
      type: "string",
      schemaType: "number",
      errors: true,
      validate: (years: number, value: string) =>
        !/^\d{4}-\d{2}-\d{2}/.test(value) || value.slice(0, 10) <= horizonUtc(years),
    });
  }
  return ajv;
}
