import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import type { FieldError } from "../../shared/validation/field-errors.ts";
import { ApiError } from "../api/api-error.ts";
import { toastError, toastSuccess } from "../notifications/toast.ts";
import { isStaleSave, staleText } from "./record-version.ts";

export type SaveBody = Record<string, unknown>;

export interface RecordSaveOptions<Saved> {
  save: (body: SaveBody) => Promise<Saved>;
  /** Toast text on success, e.g. "Location added". */
  success: string;
  /** Toast title when the save failed for another reason than its fields or its version. */
  failure: string;
  onSaved: (saved: Saved, body: SaveBody) => void | Promise<void>;
  /** Told of a refusal about the fields (400), e.g. to read the existing patient's id from it. */
  onRefused?: (error: ApiError, body: SaveBody) => void;
}

/**
 * What every form does with a save: the server's field errors go under their fields; a save
 * refused because the record changed meanwhile (409) or named no version (428) is kept as
 * `stale`, for the form to offer a reload; any other failure is toasted; success is toasted and
 * handed to the page.
 */
export function useRecordSave<Saved>({ save, success, failure, onSaved, onRefused }: RecordSaveOptions<Saved>) {
  const [fieldErrors, setFieldErrors] = useState<FieldError[]>([]);
  const [stale, setStale] = useState<string | null>(null);
  const mutation = useMutation({
    meta: { errorToast: false },
    mutationFn: save,
    onSuccess: async (saved, body) => {
      toastSuccess(success);
      await onSaved(saved, body);
    },
    onError: (error, body) => {
      if (isStaleSave(error)) {
        setStale(staleText(error));
        return;
      }
      if (error instanceof ApiError && error.status === 400 && error.fieldErrors.length > 0) {
        setFieldErrors(error.fieldErrors);
        onRefused?.(error, body);
        return;
      }
      toastError(error, failure);
    },
  });
  const submit = (body: SaveBody) => {
    setFieldErrors([]);
    setStale(null);
    mutation.mutate(body);
  };
  /** Forgets the last refusal: the form starts over from a fresh copy of the record. */
  const reset = () => {
    setFieldErrors([]);
    setStale(null);
  };
  return { submit, reset, fieldErrors, stale, saving: mutation.isPending };
}
