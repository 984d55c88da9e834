import { type ReactNode, useMemo, useState } from "react";
import { defaultBundle } from "../../shared/schema/bundle.ts";
import { toastError } from "../notifications/toast.ts";
import { formDefinition } from "../renderers/form-definition.ts";
import { type FormRecord, sameFormData } from "../renderers/form-record.ts";
import { SchemaForm } from "../renderers/SchemaForm.tsx";
import { withVersion } from "./record-version.ts";
import { StaleRecordAlert } from "./StaleRecordAlert.tsx";
import { type FieldCheck, useFieldCheck, withFinding } from "./useFieldCheck.ts";
import { type SaveBody, useRecordSave } from "./useRecordSave.ts";

/** A record a form edits: maybe an id, and the version its saves must name. */
export type VersionedRecord = { id?: number; version?: number };

export interface RecordFormProps<Row extends VersionedRecord> {
  /** A form file id, e.g. "forms/location.form.json". */
  formId: string;
  /** The stored record, as loaded; omitted when adding one. */
  record?: Row;
  /** The form's starting data cut from a record, when not the record itself. */
  startFrom?: (record: Row) => FormRecord;
  /** Sends the body (the form's fields plus the version it started from). */
  save: (body: SaveBody) => Promise<Row>;
  /** Asks the server for the record again: after a stale save the form restarts from its answer. */
  reload?: () => Promise<Row | undefined>;
  submitLabel: string;
  /** Toast on success, and toast title of a failure that is neither the fields' nor the version's. */
  success: string;
  failure: string;
  onSaved: (saved: Row, sent: SaveBody) => void | Promise<void>;
  /** A value the server checks when its field is left (an MRN, a provider id, a team name). */
  fieldCheck?: FieldCheck;
  /** Beside the submit button (Cancel). */
  children?: ReactNode;
}

/**
 * A schema form bound to a stored record and its version (optimistic concurrency). Every save
 * names the version the form started from, which the form itself never holds (version is
 * readOnly). When someone else saved first, the server's sentence shows at the top with Reload;
 * the person's edits stay on screen until they choose it, and Reload restarts the form from the
 * latest copy, whose version the next save names.
 */
export function RecordForm<Row extends VersionedRecord>(props: RecordFormProps<Row>) {
  const { formId, record, startFrom, save, reload, submitLabel, success, failure, onSaved, fieldCheck, children } =
    props;
  const def = useMemo(() => formDefinition(defaultBundle, formId), [formId]);
  const startingData = (row: Row | undefined) => (row && startFrom ? startFrom(row) : row);

  const [basedOn, setBasedOn] = useState(record);
  const [seen, setSeen] = useState(record);
  const [generation, setGeneration] = useState(0);
  const [reloading, setReloading] = useState(false);

  // A fresh copy the page loaded meanwhile (its own status action changed the account) becomes
  // what the save is based on when the form's fields are the same in it: the save then overwrites
  // nothing anyone else wrote. A copy with other values is left for the version check to catch.
  if (record !== seen) {
    setSeen(record);
    if (record && basedOn && sameFormData(def, startingData(record), startingData(basedOn))) setBasedOn(record);
  }

  const check = useFieldCheck(fieldCheck, basedOn?.id);
  const saving = useRecordSave<Row>({
    save,
    success,
    failure,
    onSaved: async (saved, sent) => {
      // A form that stays on screen saves next from the version the server just answered with.
      setBasedOn(saved);
      await onSaved(saved, sent);
    },
    onRefused: check.onRefused,
  });
  const serverErrors = useMemo(
    () => withFinding(saving.fieldErrors, check.field, check.finding),
    [saving.fieldErrors, check.field, check.finding],
  );

  const reloadRecord = async () => {
    if (!reload) return;
    setReloading(true);
    try {
      const fresh = await reload();
      if (fresh) {
        setBasedOn(fresh);
        setSeen(fresh);
        saving.reset();
        check.clear();
        // A new key: the form starts over from the fresh copy, dropping the edits.
        setGeneration((n) => n + 1);
      }
    } catch (error) {
      toastError(error, "The latest copy could not be loaded");
    } finally {
      setReloading(false);
    }
  };

  return (
    <>
      {saving.stale && (
        <StaleRecordAlert message={saving.stale} onReload={reload && reloadRecord} reloading={reloading} />
      )}
      <SchemaForm
        key={generation}
        formId={formId}
        formData={startingData(basedOn)}
        submitLabel={submitLabel}
        serverErrors={serverErrors}
        errorAddons={check.addons}
        onFieldBlur={check.onFieldBlur}
        submitting={saving.saving}
        onSubmit={(body) => {
          check.onSubmit(body);
          saving.submit(withVersion(body, basedOn));
        }}
      >
        {children}
      </SchemaForm>
    </>
  );
}
