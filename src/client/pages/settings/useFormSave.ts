import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import type { FieldError } from "../../../shared/validation/field-errors.ts";
import { ApiError } from "../../api/api-error.ts";
import { toastError, toastSuccess } from "../../notifications/toast.ts";

export interface FormSaveOptions<Saved> {
  save: (body: Record<string, unknown>) => Promise<Saved>;
  /** Toast text on success, e.g. "Location added". */
  success: string;
  /** Toast title when the save failed for another reason than its fields. */
  failure: string;
  onSaved: (saved: Saved, body: Record<string, unknown>) => void | Promise<void>;
}

/**
 * What every settings form does with a save: the server's field errors go under their fields,
 * any other failure is toasted, success is toasted and handed to the page.
 */
export function useFormSave<Saved>({ save, success, failure, onSaved }: FormSaveOptions<Saved>) {
  const [fieldErrors, setFieldErrors] = useState<FieldError[]>([]);
  const mutation = useMutation({
    meta: { errorToast: false },
    mutationFn: save,
    onSuccess: async (saved, body) => {
      toastSuccess(success);
      await onSaved(saved, body);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400 && error.fieldErrors.length > 0) {
        setFieldErrors(error.fieldErrors);
        return;
      }
      toastError(error, failure);
    },
  });
  const submit = (body: Record<string, unknown>) => {
    setFieldErrors([]);
    mutation.mutate(body);
  };
  return { submit, fieldErrors, saving: mutation.isPending };
}
