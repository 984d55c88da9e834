import type { FieldError } from "../../shared/validation/field-errors.ts";
import { ApiError } from "./api-error.ts";
import type { TokenPair } from "./tokens.ts";

export type Body = Record<string, unknown>;

/** The JSON of a response, or {} when there is none (204, an HTML error page from a proxy). */
export async function readJson(res: Response): Promise<unknown> {
  if (res.status === 204) return {};
  try {
    return await res.json();
  } catch {
    return {};
  }
}

export function asRecord(data: unknown): Body {
  return data && typeof data === "object" && !Array.isArray(data) ? (data as Body) : {};
}

function fieldErrorsOf(body: Body): FieldError[] {
  if (!Array.isArray(body.errors)) return [];
  return body.errors.filter(
    (e): e is FieldError => !!e && typeof e === "object" && typeof (e as FieldError).message === "string",
  );
}

/** The ApiError for a failed response, keeping the server's {error, code, errors}. */
export function errorFromResponse(res: Response, body: Body, code?: string): ApiError {
  const message =
    (typeof body.error === "string" && body.error) ||
    (typeof body.message === "string" && body.message) ||
    res.statusText ||
    `HTTP ${res.status}`;
  const bodyCode = typeof body.code === "string" ? body.code : undefined;
  return new ApiError(res.status, message, code ?? bodyCode, fieldErrorsOf(body), body, res.statusText);
}

export const NETWORK_ERROR_TEXT = "We couldn't reach the server. Check your connection and try again.";

export function networkError(): ApiError {
  return new ApiError(0, NETWORK_ERROR_TEXT, "network");
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}

/** Tokens a response renewed on the way (keep-alive, or any call the server chose to renew on). */
export function tokensFromHeaders(res: Response): TokenPair | null {
  const accessToken = res.headers.get("x-new-access-token");
  return accessToken ? { accessToken } : null;
}
