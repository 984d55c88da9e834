import { BUSY_CODES } from "../../shared/api-errors.ts";
import type { FieldError } from "../../shared/validation/field-errors.ts";

/**
 * A failed API call: the server's one error shape plus the HTTP status. `status` 0 means the
 * server could not be reached. `statusText` feeds the error toast when the body says nothing.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly fieldErrors: FieldError[] = [],
    readonly body: Record<string, unknown> = {},
    readonly statusText = "",
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** Codes of failures after which the client has already signed the user out. */
export const SESSION_ENDED_CODES: readonly string[] = ["invalid_token", "token_expired"];

export function isSessionEnded(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && SESSION_ENDED_CODES.includes(error.code ?? "");
}

/**
 * A 503 that means "busy, try again" (a query stopped by the time limit, a refusal under load),
 * not "down for maintenance": shown where the user is, with the server's sentence.
 */
export function isBusyAnswer(status: number, code: unknown): boolean {
  return status === 503 && typeof code === "string" && BUSY_CODES.includes(code);
}

/**
 * Codes of 503 answers about one feature this server cannot offer (PDF rendering without
 * Chromium, issue 14), while everything else works: shown beside the feature, never as maintenance.
 */
export const FEATURE_UNAVAILABLE_CODES: readonly string[] = ["pdf_unavailable"];

export function isFeatureUnavailable(status: number, code: unknown): boolean {
  return status === 503 && typeof code === "string" && FEATURE_UNAVAILABLE_CODES.includes(code);
}

/** A 503 the maintenance page answers: the service is down, not just busy. */
export function isMaintenance(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 503 &&
    !isBusyAnswer(error.status, error.code) &&
    !isFeatureUnavailable(error.status, error.code)
  );
}
