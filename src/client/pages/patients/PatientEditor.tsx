import { Anchor, Button } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useMemo, useRef, useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { MESSAGES } from "../../../shared/api-errors.ts";
import type { FieldError } from "../../../shared/validation/field-errors.ts";
import { ApiError } from "../../api/api-error.ts";
import { toastError, toastSuccess } from "../../notifications/toast.ts";
import { SchemaForm } from "../../renderers/SchemaForm.tsx";
import { checkMrn, type PatientRecord, patientKeys, savePatient } from "./patient-api.ts";
import { patientPaths } from "./patient-paths.ts";

const FORM_ID = "forms/patient.form.json";

interface MrnConflict {
  mrn: string;
  patientId: number | null;
}

/**
 * The add/edit form of a patient: the schema form plus what is particular to patients (the MRN
 * is checked when its field is left, spec §5) and what every save does (server field errors
 * under their fields, a toast, then the patient's page).
 */
export function PatientEditor({ patient }: { patient?: PatientRecord }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [submitErrors, setSubmitErrors] = useState<FieldError[]>([]);
  const [conflict, setConflict] = useState<MrnConflict | null>(null);
  const latestMrn = useRef<string>("");

  const save = useMutation({
    meta: { errorToast: false }, // field errors go under the fields; the rest is toasted below
    mutationFn: (body: Record<string, unknown>) => savePatient(patient?.id, body),
    onSuccess: async (saved) => {
      queryClient.setQueryData(patientKeys.one(String(saved.id)), saved);
      await queryClient.invalidateQueries({ queryKey: patientKeys.all, refetchType: "none" });
      toastSuccess(patient ? "Patient updated" : "Patient added");
      navigate(patientPaths.view(saved.id));
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400 && error.fieldErrors.length > 0) {
        setSubmitErrors(error.fieldErrors);
        const existing = error.body.existingPatientId;
        if (typeof existing === "number") setConflict({ mrn: latestMrn.current, patientId: existing });
        return;
      }
      toastError(error, "The patient could not be saved");
    },
  });

  const onFieldBlur = (field: string, value: unknown) => {
    if (field !== "mrn") return;
    const mrn = typeof value === "string" ? value.trim() : "";
    latestMrn.current = mrn;
    if (!mrn) {
      setConflict(null);
      return;
    }
    checkMrn(mrn, patient?.id)
      .then((result) => {
        // Only the answer for what the field holds now counts.
        if (latestMrn.current !== mrn) return;
        setConflict(result.available ? null : { mrn, patientId: result.patientId });
      })
      .catch(() => {
        // The check is a courtesy: the server refuses a taken MRN on save anyway.
      });
  };

  const serverErrors = useMemo<FieldError[]>(() => {
    const errors = submitErrors.filter((e) => !(conflict && e.field === "mrn"));
    return conflict ? [...errors, { field: "mrn", message: MESSAGES.mrnInUse }] : errors;
  }, [submitErrors, conflict]);

  const errorAddons = useMemo(
    () =>
      conflict?.patientId
        ? {
            mrn: (
              <Anchor component={Link} to={patientPaths.view(conflict.patientId)} size="sm">
                View existing patient
              </Anchor>
            ),
          }
        : undefined,
    [conflict],
  );

  return (
    <SchemaForm
      formId={FORM_ID}
      formData={patient}
      submitLabel="Save patient"
      serverErrors={serverErrors}
      errorAddons={errorAddons}
      onFieldBlur={onFieldBlur}
      submitting={save.isPending}
      onSubmit={(body) => {
        latestMrn.current = typeof body.mrn === "string" ? body.mrn : "";
        setSubmitErrors([]);
        save.mutate(body);
      }}
    >
      <Button variant="default" component={Link} to={patient ? patientPaths.view(patient.id) : patientPaths.list}>
        Cancel
      </Button>
    </SchemaForm>
  );
}
