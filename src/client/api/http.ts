import { MESSAGES } from "../../shared/api-errors.ts";
import { ApiError, isBusyAnswer, isFeatureUnavailable } from "./api-error.ts";
import { apiHandlers } from "./api-events.ts";
import { filenameFromDisposition } from "./content-disposition.ts";
import { REFRESH_TRANSPORT_HEADER, renewSession } from "./renewal.ts";
import {
  asRecord,
  type Body,
  errorFromResponse,
  isAbort,
  networkError,
  readJson,
  tokensFromHeaders,
} from "./response.ts";
import { clearTokens, isTokenFresh, storedTokens, storeTokens } from "./tokens.ts";

/**
 * CONTRACT: every client call to /api goes through `api`. It adds the Bearer token, renews it
 * before the call when expired (spec §4; through the refresh cookie), retries once after a 401
 * token_expired after renewing, signs out on invalid_token, sends 503 to /maintenance (but not a busy server's 503:
 * that is an error like others, with its sentence), and throws ApiError with the server's {error, code, errors} otherwise.
 */
export interface ApiOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  /**
   * Keep the session alive around this call: renew an expired access token first, renew and retry
   * once after 401 token_expired, sign out on any other 401. Default true, except for paths under
   * security/ (spec §2): those are the sign-in and renewal flows themselves, where a 401 means
   * "wrong password", not "signed out". Authenticated security calls (get-session,
   * change-password) opt in.
   */
  renew?: boolean;
  headers?: Record<string, string>;
  /**
   * "text": a successful answer is returned as text (a CSV download), not parsed as JSON.
   * "blob": a successful answer is returned as a DownloadedFile (a PDF): its bytes and the file
   * name the server gave in Content-Disposition.
   */
  as?: "json" | "text" | "blob";
}

/** A file fetched with `as: "blob"`. */
export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition; null when the server named none. */
  filename: string | null;
}

/** 200 answers that are failures in disguise (spec §8): shown as errors, never as data. */
const DISGUISED_FAILURES: readonly string[] = ["Internal server error", "Endpoint request timed out"];

export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const relative = path.replace(/^\/+/, "");
  const renew = options.renew ?? !relative.startsWith("security/");
  if (renew) await ensureFreshAccessToken();
  let answer = await send(relative, options);
  if (renew && answer.res.status === 401 && answer.body.code === "token_expired") {
    await renewSession();
    answer = await send(relative, options);
  }
  return settle<T>(answer, renew);
}

/** Renews before the call when there is a session whose access token is expired. */
async function ensureFreshAccessToken(): Promise<void> {
  const { accessToken } = storedTokens();
  if (!accessToken || isTokenFresh(accessToken)) return;
  await renewSession();
}

interface Answer {
  res: Response;
  data: unknown;
  body: Body;
}

async function send(path: string, options: ApiOptions): Promise<Answer> {
  const url = new URL(`/api/${path}`, window.location.origin);
  for (const [k, v] of Object.entries(options.query ?? {})) {
    if (v !== undefined && v !== null && v !== "") url.searchParams.set(k, String(v));
  }
  // Sessions this browser opens keep their refresh token in the HttpOnly cookie, not in answers.
  const headers: Record<string, string> = { ...REFRESH_TRANSPORT_HEADER, ...options.headers };
  const { accessToken } = storedTokens();
  if (accessToken) headers.authorization = `Bearer ${accessToken}`;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  let res: Response;
  try {
    res = await fetch(url, {
      method: options.method ?? "GET",
      headers,
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
    });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw networkError();
  }
  const renewed = tokensFromHeaders(res);
  if (renewed) storeTokens(renewed);
  return { res, ...(await readBody(res, options.as)) };
}

async function readBody(res: Response, as: ApiOptions["as"]): Promise<{ data: unknown; body: Body }> {
  // A failure is read as JSON whatever was asked: it carries the server's {error, code}.
  if (res.ok && as === "text") return { data: await res.text(), body: {} };
  if (res.ok && as === "blob") {
    const file: DownloadedFile = {
      blob: await res.blob(),
      filename: filenameFromDisposition(res.headers.get("content-disposition")),
    };
    return { data: file, body: {} };
  }
  const data = await readJson(res);
  return { data, body: asRecord(data) };
}

function settle<T>({ res, data, body }: Answer, renew: boolean): T {
  if (res.status === 503 && !isBusyAnswer(res.status, body.code) && !isFeatureUnavailable(res.status, body.code)) {
    apiHandlers().maintenance();
    throw errorFromResponse(res, body);
  }
  if (res.status === 401 && renew) {
    // invalid_token, or still expired after the one renewal: this session is over (spec §8).
    clearTokens();
    apiHandlers().sessionEnded();
    throw errorFromResponse(res, body, body.code === "token_expired" ? "token_expired" : "invalid_token");
  }
  if (res.status === 403 && body.code === "password_reset_required") apiHandlers().passwordResetRequired();
  if (!res.ok) throw errorFromResponse(res, body);
  // A body that carries an error is a failure whatever the status (spec §8).
  if (typeof body.error === "string" && body.error) throw errorFromResponse(res, body);
  if (typeof body.message === "string" && DISGUISED_FAILURES.includes(body.message)) {
    throw errorFromResponse(res, body, "server_failure");
  }
  // has_access false cancels whatever the caller meant to do next (spec §8).
  if (body.has_access === false) throw new ApiError(403, MESSAGES.forbidden, "no_access", [], body, res.statusText);
  apiHandlers().reachable();
  return data as T;
}
