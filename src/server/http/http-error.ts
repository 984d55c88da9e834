import type { FieldError } from "../../shared/validation/field-errors.ts";

/** An error a route means to send: status, a sentence for a person, and optional field errors. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    readonly fieldErrors?: FieldError[],
    /** Further keys of the answer, e.g. the id of the existing patient when an MRN is taken. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (message = "Not found") => new HttpError(404, message, "not_found");
export const forbidden = (message = "You do not have access to this.") => new HttpError(403, message, "forbidden");
export const badRequest = (errors: FieldError[]) =>
  new HttpError(400, errors[0]?.message ?? "Bad request", "validation", errors);
