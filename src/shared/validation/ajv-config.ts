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

export function configureAjv(ajv: Ajv): Ajv {
  addFormats(ajv);
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
  return ajv;
}
