import { MESSAGES } from "../../shared/api-errors.ts";

interface ErrorLike {
  status?: unknown;
  statusText?: unknown;
  message?: unknown;
  error?: unknown;
  errors?: unknown;
  fieldErrors?: unknown;
  body?: unknown;
}

function nonEmpty(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value : null;
}

function joinedMessages(list: unknown): string | null {
  if (!Array.isArray(list)) return null;
  const messages = list
    .map((e) => (typeof e === "string" ? e : nonEmpty((e as { message?: unknown } | null)?.message)))
    .filter((m): m is string => !!m && m.trim() !== "");
  return messages.length ? messages.join("; ") : null;
}

function pick(error: unknown): string {
  if (typeof error === "string") return nonEmpty(error) ?? MESSAGES.unexpected;
  if (!error || typeof error !== "object") return MESSAGES.unexpected;
  const e = error as ErrorLike;
  const body = (e.body && typeof e.body === "object" ? e.body : e) as ErrorLike;
  const status = typeof e.status === "number" ? e.status : null;
  return (
    nonEmpty(body.error) ??
    joinedMessages(body.errors) ??
    joinedMessages(e.fieldErrors) ??
    // "OK" is no explanation: a 200 that failed (spec §8) says why in its message.
    (status === null || status < 200 || status > 299 ? nonEmpty(e.statusText) : null) ??
    nonEmpty(e.message) ??
    MESSAGES.unexpected
  );
}

/**
 * The sentence an error toast shows, in the order of spec §8: the response's error string, the
 * joined validation errors, the status text, the message, then the general error.
 * 'Invalid access token' reads as 'Your session has expired. Please sign in.'
 */
export function errorText(error: unknown): string {
  const text = pick(error);
  return text === MESSAGES.invalidAccessToken ? MESSAGES.sessionExpired : text;
}
