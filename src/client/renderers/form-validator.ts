import type { RJSFSchema, RJSFValidationError, ValidationData, ValidatorType } from "@rjsf/utils";
import { toErrorSchema } from "@rjsf/utils";
import { customizeValidator } from "@rjsf/validator-ajv8";
import type { ErrorObject } from "ajv";
import type { SchemaBundle } from "../../shared/schema/bundle.ts";
import { AJV_OPTIONS, configureAjv } from "../../shared/validation/ajv-config.ts";
import { type FieldError, toFieldErrors } from "../../shared/validation/field-errors.ts";
import { unsafeInputErrors, withNumberBounds } from "../../shared/validation/safe-input.ts";
import type { FormDefinition } from "./form-definition.ts";
import { type FormRecord, recordFromFormData } from "./form-record.ts";

/**
 * The form's validator: rjsf's ajv8 validator built with the server's ajv options and keywords
 * (STYLE habit 6), holding the whole schema bundle like the server does. Whatever schema rjsf
 * hands in (the display schema), the data is normalized and checked against the entity schema
 * itself, and errors go through the server's toFieldErrors, so the browser shows exactly the
 * sentence the server would answer with.
 */
export class SchemaFormValidator implements ValidatorType<FormRecord, RJSFSchema> {
  private readonly inner = customizeValidator<FormRecord, RJSFSchema>({
    // rjsf's defaults add `verbose`, which only fattens error objects; everything else is ours.
    ajvOptionsOverrides: { ...AJV_OPTIONS, verbose: false },
    ajvFormatOptions: false, // configureAjv adds the formats, as on the server
    extenderFn: configureAjv,
  });

  constructor(
    private readonly bundle: SchemaBundle,
    private readonly def: FormDefinition,
  ) {
    this.addBundle();
  }

  private addBundle() {
    for (const schema of Object.values(this.bundle)) {
      // With the server's safe-input number bounds, so a number the server refuses is refused here too.
      if (schema.$id && !this.inner.ajv.getSchema(schema.$id)) this.inner.ajv.addSchema(withNumberBounds(schema));
    }
  }

  /** One {field, message} per field for the current form data; [] when valid. */
  fieldErrors(formData: FormRecord | undefined): FieldError[] {
    const record = recordFromFormData(this.def, formData);
    const unsafe = unsafeInputErrors(record, this.def.entity);
    if (unsafe.length) return unsafe;
    const { errors, validationError } = this.inner.rawValidation<ErrorObject>(this.def.entity as RJSFSchema, record);
    if (validationError) throw validationError;
    const position = (field: string) => {
      const i = this.def.fields.indexOf(field);
      return i === -1 ? Number.MAX_SAFE_INTEGER : i;
    };
    // In the order the form shows its fields, so focus goes to the first error a person sees.
    return toFieldErrors(errors, this.def.entity).sort((a, b) => position(a.field) - position(b.field));
  }

  validateFormData(formData: FormRecord | undefined): ValidationData<FormRecord> {
    const errors: RJSFValidationError[] = this.fieldErrors(formData).map((e) => ({
      name: "schema",
      property: e.field ? `.${e.field}` : "",
      message: e.message,
      stack: e.message,
    }));
    return { errors, errorSchema: toErrorSchema<FormRecord>(errors) };
  }

  isValid(schema: RJSFSchema, formData: FormRecord | undefined, rootSchema: RJSFSchema): boolean {
    return this.inner.isValid(schema, formData, rootSchema);
  }

  rawValidation<Result = unknown>(schema: RJSFSchema, formData?: FormRecord) {
    return this.inner.rawValidation<Result>(schema, formData);
  }

  reset() {
    this.inner.reset();
    this.addBundle();
  }
}

const cache = new WeakMap<SchemaBundle, Map<string, SchemaFormValidator>>();

/** One validator per bundle and form: compiling the entity once serves every render. */
export function formValidator(bundle: SchemaBundle, def: FormDefinition): SchemaFormValidator {
  let byForm = cache.get(bundle);
  if (!byForm) {
    byForm = new Map();
    cache.set(bundle, byForm);
  }
  let validator = byForm.get(def.formId);
  if (!validator) {
    validator = new SchemaFormValidator(bundle, def);
    byForm.set(def.formId, validator);
  }
  return validator;
}
