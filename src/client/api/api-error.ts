import type { FieldError } from "../../shared/validation/field-errors.ts";

/** A failed API call: the server's one error shape plus the HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly fieldErrors: FieldError[] = [],
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
}
