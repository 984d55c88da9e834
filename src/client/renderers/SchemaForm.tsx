import { Alert, Button, Group, List } from "@mantine/core";
import { type IChangeEvent, withTheme } from "@rjsf/core";
import { type ErrorSchema, type RJSFSchema, type RJSFValidationError, toErrorSchema } from "@rjsf/utils";
import { type ReactNode, useMemo, useState } from "react";
import { defaultBundle, type SchemaBundle } from "../../shared/schema/bundle.ts";
import type { FieldError } from "../../shared/validation/field-errors.ts";
import { formWidgets } from "../widgets/index.tsx";
import { formDefinition } from "./form-definition.ts";
import { type FormRecord, formDataFromRecord, recordFromFormData } from "./form-record.ts";
import { formTemplates, type SchemaFormContext } from "./form-templates.tsx";
import { formValidator } from "./form-validator.ts";
import "./renderers.css";

export interface SchemaFormProps {
  bundle?: SchemaBundle;
  /** A form file id, e.g. "forms/patient.form.json". */
  formId: string;
  /**
   * The record to edit (readOnly and unknown fields are ignored); omit for a new record. Read when
   * the form mounts: give the form a `key` to start over from another record.
   */
  formData?: FormRecord;
  /** Called with the normalized, valid record (editable fields only). */
  onSubmit: (data: FormRecord) => void;
  /** The server's 400 field errors; each shows under its field until that field is edited. */
  serverErrors?: readonly FieldError[];
  submitLabel: string;
  disabled?: boolean;
  /** Shows the submit button busy while the page saves. */
  submitting?: boolean;
  /** Told when a field loses focus, e.g. to check that an MRN is free. */
  onFieldBlur?: (field: string, value: unknown) => void;
  /** Content shown with a field's server error, e.g. a link that goes with the message. */
  errorAddons?: Record<string, ReactNode>;
  /** Rendered beside the submit button (e.g. Cancel). */
  children?: ReactNode;
}

const ThemedForm = withTheme<FormRecord, RJSFSchema, SchemaFormContext>({
  widgets: formWidgets,
  templates: formTemplates,
});

/** ".first_name" (rjsf's property path) -> "first_name". */
function topField(property: string | undefined): string {
  return property?.replace(/^\./, "").split(".")[0] ?? "";
}

function errorSchemaOf(errors: readonly FieldError[]): ErrorSchema<FormRecord> {
  return toErrorSchema<FormRecord>(
    errors.map((e) => ({ property: e.field ? `.${e.field}` : "", message: e.message, stack: e.message })),
  );
}

/**
 * Renders a form file (schemas/forms) for its entity with rjsf and the Mantine theme: labels are
 * the schema titles, widgets come from field kinds, and validation is the server's (same ajv
 * options, same normalizing, same messages). Errors show once a field was left or the form was
 * submitted, never on first render.
 */
export function SchemaForm(props: SchemaFormProps) {
  const { bundle = defaultBundle, formId, onSubmit, serverErrors, submitLabel, disabled, submitting } = props;
  const { onFieldBlur, errorAddons, children } = props;
  const def = useMemo(() => formDefinition(bundle, formId), [bundle, formId]);
  const validator = useMemo(() => formValidator(bundle, def), [bundle, def]);

  const [data, setData] = useState<FormRecord>(() => formDataFromRecord(def, props.formData));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [submitErrors, setSubmitErrors] = useState<RJSFValidationError[]>([]);
  // Server errors stay until their field is edited; a new set of server errors shows in full.
  const [edited, setEdited] = useState<{ for: typeof serverErrors; fields: ReadonlySet<string> }>({
    for: serverErrors,
    fields: new Set(),
  });
  if (edited.for !== serverErrors) setEdited({ for: serverErrors, fields: new Set() });

  const fieldOf = (id: string | undefined) => {
    const prefix = `${def.idPrefix}_`;
    return id?.startsWith(prefix) ? id.slice(prefix.length) : undefined;
  };

  const visibleServerErrors = useMemo(
    () => (serverErrors ?? []).filter((e) => !edited.fields.has(e.field)),
    [serverErrors, edited],
  );

  // Before the first submit, a field's own error shows once the field was left; after it, rjsf
  // validates live and shows every error.
  const blurErrors = useMemo(
    () => (submitted || touched.size === 0 ? [] : validator.fieldErrors(data).filter((e) => touched.has(e.field))),
    [submitted, touched, data, validator],
  );

  // A message shows under its field's input. A nested object (session configuration) has no input
  // of its own to show it under, so its messages join those about no field of the form.
  const placed = useMemo(() => (field: string) => def.fields.includes(field) && def.kinds[field] !== "object", [def]);

  const extraErrors = useMemo(
    () => errorSchemaOf([...visibleServerErrors.filter((e) => placed(e.field)), ...blurErrors]),
    [visibleServerErrors, blurErrors, placed],
  );

  // Errors about no field of this form (or the record as a whole) still need saying somewhere.
  const unplaced = [
    ...visibleServerErrors.filter((e) => !placed(e.field)).map((e) => e.message),
    ...submitErrors.filter((e) => !placed(topField(e.property))).map((e) => e.message ?? ""),
  ].filter(Boolean);

  // An addon belongs to its field's server message: it goes when the message goes.
  const formContext = useMemo<SchemaFormContext>(() => {
    const shown = new Set(visibleServerErrors.map((e) => e.field));
    const fieldAddons = Object.fromEntries(
      Object.entries(errorAddons ?? {}).filter(([f, node]) => node && shown.has(f)),
    );
    return { fieldAddons };
  }, [errorAddons, visibleServerErrors]);

  const handleChange = (event: IChangeEvent<FormRecord>, id?: string) => {
    setData(event.formData ?? {});
    const field = fieldOf(id);
    if (field && (serverErrors ?? []).some((e) => e.field === field) && !edited.fields.has(field)) {
      setEdited({ for: serverErrors, fields: new Set([...edited.fields, field]) });
    }
  };

  const handleBlur = (id: string, value: unknown) => {
    const field = fieldOf(id);
    if (!field) return;
    if (!touched.has(field)) setTouched(new Set([...touched, field]));
    onFieldBlur?.(field, value);
  };

  return (
    <div
      className="schema-form"
      // Marks the attempt before rjsf validates it, so its errors and the per-field ones never double.
      onSubmitCapture={() => setSubmitted(true)}
    >
      <ThemedForm
        schema={def.schema}
        uiSchema={def.uiSchema}
        validator={validator}
        formData={data}
        formContext={formContext}
        idPrefix={def.idPrefix}
        extraErrors={extraErrors}
        liveValidate={submitted ? "onChange" : undefined}
        showErrorList={false}
        noHtml5Validate
        focusOnFirstError
        // A select with no answer stays empty; rjsf would otherwise preselect the first code.
        experimental_defaultFormStateBehavior={{ constAsDefaults: "never" }}
        disabled={disabled}
        onChange={handleChange}
        onBlur={handleBlur}
        onError={(errors) => setSubmitErrors(errors)}
        onSubmit={(event) => {
          setSubmitErrors([]);
          onSubmit(recordFromFormData(def, event.formData));
        }}
      >
        {unplaced.length > 0 && (
          <Alert color="red" mb="md" title="This record could not be saved">
            <List size="sm">
              {unplaced.map((message) => (
                <List.Item key={message}>{message}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        <Group mt="lg" gap="sm">
          <Button type="submit" disabled={disabled} loading={submitting}>
            {submitLabel}
          </Button>
          {children}
        </Group>
      </ThemedForm>
    </div>
  );
}
