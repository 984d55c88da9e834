import type { AnalyticsQuery } from "../../../../../generated/types/api/analytics-query.ts";
import type { SchemaBundle } from "../../../../shared/schema/bundle.ts";
import type { FieldError } from "../../../../shared/validation/field-errors.ts";
import { SchemaValidator } from "../../../../shared/validation/validator.ts";
import { QUERY_SCHEMA_ID } from "./filter-fields.ts";

const validators = new WeakMap<SchemaBundle, SchemaValidator>();

/**
 * The query's problems, one per filter, checked in the browser with the server's own validator
 * and messages before a run: the server would answer the same sentences, but only the first of
 * them, for the query as a whole.
 */
export function queryErrors(bundle: SchemaBundle, query: AnalyticsQuery): FieldError[] {
  let validator = validators.get(bundle);
  if (!validator) {
    validator = new SchemaValidator(bundle);
    validators.set(bundle, validator);
  }
  const result = validator.validate(QUERY_SCHEMA_ID, query);
  return result.ok ? [] : result.errors;
}
