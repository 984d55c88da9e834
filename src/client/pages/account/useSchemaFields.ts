import { useMemo, useRef, useState } from "react";
import { defaultBundle, schemaById } from "../../../shared/schema/bundle.ts";
import type { FieldError } from "../../../shared/validation/field-errors.ts";
import { SchemaValidator } from "../../../shared/validation/validator.ts";

let validator: SchemaValidator | null = null;

/** The server's ajv configuration over the same bundle: the browser says what the server would (STYLE 6). */
function schemaValidator(): SchemaValidator {
  validator ??= new SchemaValidator(defaultBundle);
  return validator;
}

function byField(errors: readonly FieldError[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { field, message } of errors) out[field] ??= message;
  return out;
}

type Values = Record<string, unknown>;

export interface SchemaFields<V extends Values> {
  values: V;
  /** First message per field of the request schema ("" for the body as a whole). */
  errors: Record<string, string>;
  /** Field titles from the request schema: the labels people and tests find the inputs by. */
  titles: Record<string, string>;
  set: <K extends keyof V>(field: K, value: V[K]) => void;
  /** Changes several inputs at once (a change of one that clears another). */
  update: (patch: Partial<V>) => void;
  /**
   * Marks the attempt, validates the request body (the inputs, plus `extra`: whatever else the
   * request carries) against the schema, shows the messages and returns the normalized body, or null.
   */
  check: <T = Record<string, unknown>>(extra?: Record<string, unknown>) => T | null;
  /** The server's 400 field errors, shown under their inputs. */
  showErrors: (errors: readonly FieldError[]) => void;
  reset: (values: V) => void;
  /**
   * What an input's `error` shows: its own message, or `true` (marked invalid, no second message)
   * when a field compared with it fails, so "Those passwords don't match." highlights both.
   */
  errorFor: (field: keyof V & string) => string | true | undefined;
}

/** For each field, the fields that must equal it ({ const: { $data: "1/field" } }): a cross-field rule. */
function comparedWith(schemaId: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, property] of Object.entries(schemaById(defaultBundle, schemaId).properties ?? {})) {
    const pointer = (property.const as { $data?: unknown } | undefined)?.$data;
    if (typeof pointer !== "string" || !pointer.startsWith("1/")) continue;
    const target = pointer.slice(2);
    out[target] = [...(out[target] ?? []), name];
  }
  return out;
}

/**
 * Plain inputs validated against a request schema (account setup, reset password, access codes,
 * my account): forms whose fields are not an entity form's, so not a SchemaForm. Messages show
 * after the first attempt and then follow the typing.
 */
export function useSchemaFields<V extends Values>(
  schemaId: string,
  initial: V,
  /** How the inputs make the request body, when they are not its fields one for one. */
  toBody: (values: V) => Record<string, unknown> = (v) => v,
): SchemaFields<V> {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const lastExtra = useRef<Record<string, unknown> | null>(null);
  const compared = useMemo(() => comparedWith(schemaId), [schemaId]);
  const titles = useMemo(() => {
    const properties = schemaById(defaultBundle, schemaId).properties ?? {};
    return Object.fromEntries(Object.entries(properties).map(([k, p]) => [k, String(p.title ?? k)]));
  }, [schemaId]);

  const run = (body: Record<string, unknown>) => {
    const result = schemaValidator().validate<Record<string, unknown>>(schemaId, body);
    setErrors(result.ok ? {} : byField(result.errors));
    return result;
  };

  const update = (patch: Partial<V>) => {
    const next = { ...values, ...patch };
    setValues(next);
    // After a first attempt, messages follow the typing instead of waiting for the next submit.
    if (lastExtra.current) run({ ...lastExtra.current, ...toBody(next) });
  };

  return {
    values,
    errors,
    titles,
    set: (field, value) => update({ [field]: value } as unknown as Partial<V>),
    update,
    check<T>(extra: Record<string, unknown> = {}) {
      lastExtra.current = extra;
      const result = run({ ...extra, ...toBody(values) });
      return result.ok ? (result.value as T) : null;
    },
    showErrors(fieldErrors) {
      setErrors(byField(fieldErrors));
    },
    errorFor(field) {
      if (errors[field]) return errors[field];
      return compared[field]?.some((other) => errors[other]) ? true : undefined;
    },
    reset(next) {
      lastExtra.current = null;
      setValues(next);
      setErrors({});
    },
  };
}
