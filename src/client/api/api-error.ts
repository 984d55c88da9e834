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
