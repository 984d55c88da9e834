import { Button } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useRef, useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import type { FieldError } from "../../../shared/validation/field-errors.ts";
import { toastInfo } from "../../notifications/toast.ts";
import { SchemaForm } from "../../renderers/SchemaForm.tsx";
import { CLINICAL_USERS, type ClinicalUserRecord, checkProviderId, saveClinicalUser } from "./clinical-users-api.ts";
import { refreshAfterChange } from "./settings-api.ts";
import { settingsPaths } from "./settings-paths.ts";
import { useFormSave } from "./useFormSave.ts";

/** Spec §5's text for a provider id someone else has. */
export const PROVIDER_ID_IN_USE = "Id already in use";

function count(value: unknown): number {
  return Array.isArray(value) ? value.length : 0;
}

/**
 * The supervisor rule (spec §4) is the server's: a supervisor's supervisors are dropped, and only
 * a supervisor keeps supervised clinicians. When a save dropped what the form held, say so.
 */
function explainSupervision(sent: Record<string, unknown>, saved: ClinicalUserRecord): void {
  if (count(sent.superiors) > 0 && saved.superiors.length === 0) {
    toastInfo("A supervisor cannot be supervised, so this user's supervisors were removed.");
  }
  if (count(sent.subordinates) > 0 && saved.subordinates.length === 0) {
    toastInfo("Only a supervisor supervises clinicians, so the supervised clinicians were removed.");
  }
}

/**
 * Add or edit a clinical user (forms/clinical-user.form.json): locations, roles (those an admin
 * may give), supervisors and supervised clinicians. The provider id is checked when its field is
 * left (spec §5 'Id already in use'); the server checks it again on save.
 */
export function ClinicalUserEditor({ user }: { user?: ClinicalUserRecord }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [providerTaken, setProviderTaken] = useState<string | null>(null);
  const latestProviderId = useRef("");

  const { submit, fieldErrors, saving } = useFormSave({
    save: (body) => saveClinicalUser(user?.id, body),
    success: user ? "Clinical user updated" : "Clinical user added",
    failure: "The clinical user could not be saved",
    onSaved: async (saved, sent) => {
      explainSupervision(sent, saved);
      await refreshAfterChange(client, CLINICAL_USERS, ["clinicians", "supervisors"]);
      navigate(settingsPaths.clinicalUsers);
    },
  });

  const onFieldBlur = (field: string, value: unknown) => {
    if (field !== "provider_id") return;
    const providerId = typeof value === "string" ? value.trim() : "";
    latestProviderId.current = providerId;
    if (!providerId || !/^[A-Za-z0-9]+$/.test(providerId)) {
      // Blank is allowed; a malformed id gets the schema's own message.
      setProviderTaken(null);
      return;
    }
    checkProviderId(providerId, user?.id)
      .then((result) => {
        // Only the answer for what the field holds now counts.
        if (latestProviderId.current !== providerId) return;
        setProviderTaken(result.available ? null : (result.message ?? PROVIDER_ID_IN_USE));
      })
      .catch(() => {
        // The check is a courtesy: the server refuses a taken provider id on save anyway.
      });
  };

  const serverErrors = useMemo<FieldError[]>(() => {
    if (!providerTaken) return fieldErrors;
    return [...fieldErrors.filter((e) => e.field !== "provider_id"), { field: "provider_id", message: providerTaken }];
  }, [fieldErrors, providerTaken]);

  return (
    <SchemaForm
      formId="forms/clinical-user.form.json"
      formData={user}
      submitLabel="Save clinical user"
      serverErrors={serverErrors}
      onFieldBlur={onFieldBlur}
      submitting={saving}
      onSubmit={(body) => {
        setProviderTaken(null);
        submit(body);
      }}
    >
      <Button variant="default" component={Link} to={settingsPaths.clinicalUsers}>
        Cancel
      </Button>
    </SchemaForm>
  );
}
