import { MESSAGES } from "../../shared/api-errors.ts";
import { ApiError } from "../api/api-error.ts";
import { VERSION_FIELD } from "../renderers/form-definition.ts";

/**
 * Optimistic concurrency, the client's half. Every record the API answers carries its `version`
 * (readOnly, so forms never edit it); a PUT names the version it was based on; a save based on an
 * older version is refused with 409 stale_record, one naming none with 428 version_required.
 */

/** The body a form sends, plus the version of the record it started from (when it has one). */
export function withVersion(
  body: Record<string, unknown>,
  basedOn: { version?: unknown } | undefined,
): Record<string, unknown> {
  return typeof basedOn?.version === "number" ? { ...body, [VERSION_FIELD]: basedOn.version } : body;
}

/** A save refused because the form's copy is not the latest: only reloading the record helps. */
export function isStaleSave(error: unknown): error is ApiError {
  if (!(error instanceof ApiError)) return false;
  return (
    (error.status === 409 && error.code === "stale_record") ||
    (error.status === 428 && error.code === "version_required")
  );
}

/** What the stale-record alert says: the server's sentence, or the shared one if it sent none. */
export function staleText(error: ApiError): string {
  const said = error.body.error;
  if (typeof said === "string" && said.trim()) return said;
  return error.status === 428 ? MESSAGES.versionRequired : MESSAGES.staleRecord;
}
