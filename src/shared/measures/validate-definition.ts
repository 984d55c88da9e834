import Ajv from "ajv";
import { defaultBundle, type SchemaBundle, schemaById } from "../schema/bundle.ts";
import { AJV_OPTIONS, configureAjv } from "../validation/ajv-config.ts";
import { checkDefinition } from "./definition-check.ts";
import type { MeasureDefinition } from "./types.ts";

export const MEASURE_DEFINITION_SCHEMA_ID = "measures/measure-definition.json";
const LICENSE_STATUS_SCHEMA_ID = "enums/license-status.json";

export type DefinitionValidation = { ok: true; definition: MeasureDefinition } | { ok: false; errors: string[] };

/**
 * Builds a validator for measure definition files: the JSON Schema, with the ajv configuration
 * server and client share, then the cross-field rules of definition-check.ts.
 */
export function createDefinitionValidator(
  bundle: SchemaBundle = defaultBundle,
): (data: unknown) => DefinitionValidation {
  const ajv = configureAjv(new Ajv(AJV_OPTIONS));
  // The one code list the definition shares with the rest of the app (its titles are the library's words).
  ajv.addSchema(schemaById(bundle, LICENSE_STATUS_SCHEMA_ID));
  const validateShape = ajv.compile(schemaById(bundle, MEASURE_DEFINITION_SCHEMA_ID));
  return (data) => {
    if (!validateShape(data)) {
      return {
        ok: false,
        errors: (validateShape.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message ?? "is not valid"}`),
      };
    }
    const definition = data as unknown as MeasureDefinition;
    const errors = checkDefinition(definition);
    return errors.length ? { ok: false, errors } : { ok: true, definition };
  };
}
