import { type ReactNode, useMemo, useRef, useState } from "react";
import type { FieldError } from "../../shared/validation/field-errors.ts";
import type { ApiError } from "../api/api-error.ts";

/** What a field check found wrong with a value: the message under the field, and maybe a link. */
export interface FieldFinding {
  message: string;
  addon?: ReactNode;
}

/**
 * A value the server checks when its field is left (spec §5: an MRN, a provider id or a team name
 * someone else has). The check is a courtesy: the server refuses the same value on save anyway.
 */
export interface FieldCheck {
  field: string;
  /** Asks the server about a trimmed, non-blank value; null when it is free. `recordId`: the record being edited. */
  ask: (value: string, recordId: number | undefined) => Promise<FieldFinding | null>;
  /** Values not worth asking about (a malformed provider id gets the schema's own message). */
  worthAsking?: (value: string) => boolean;
  /** The same finding read from a refused save (a taken MRN's answer names the existing patient). */
  fromRefusal?: (error: ApiError) => FieldFinding | null;
}

/**
 * Runs a field check: asks when the field is left and keeps only the answer for what the field
 * holds now. The finding goes under the field (withFinding) with its addon.
 */
export function useFieldCheck(check: FieldCheck | undefined, recordId: number | undefined) {
  const [finding, setFinding] = useState<FieldFinding | null>(null);
  const latest = useRef("");

  const onFieldBlur = (field: string, value: unknown) => {
    if (!check || field !== check.field) return;
    const text = typeof value === "string" ? value.trim() : "";
    latest.current = text;
    if (!text || (check.worthAsking && !check.worthAsking(text))) {
      setFinding(null);
      return;
    }
    check
      .ask(text, recordId)
      .then((found) => {
        // Only the answer for what the field holds now counts.
        if (latest.current === text) setFinding(found);
      })
      .catch(() => {
        // A courtesy check: the server refuses a taken value on save anyway.
      });
  };

  /** Before a save: the finding is the server's to repeat, for the value sent. */
  const onSubmit = (body: Record<string, unknown>) => {
    if (!check) return;
    const sent = body[check.field];
    latest.current = typeof sent === "string" ? sent : "";
    setFinding(null);
  };

  const onRefused = (error: ApiError) => {
    const found = check?.fromRefusal?.(error);
    if (found) setFinding(found);
  };

  const field = check?.field;
  const addons = useMemo(() => (field && finding?.addon ? { [field]: finding.addon } : undefined), [field, finding]);

  return { field, finding, addons, onFieldBlur, onSubmit, onRefused, clear: () => setFinding(null) };
}

/** The server's field errors with a check's finding in place of the server's message for that field. */
export function withFinding(
  errors: readonly FieldError[],
  field: string | undefined,
  finding: FieldFinding | null,
): readonly FieldError[] {
  if (!field || !finding) return errors;
  return [...errors.filter((e) => e.field !== field), { field, message: finding.message }];
}
