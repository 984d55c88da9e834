import { ApiError } from "./api-error.ts";

/**
 * CONTRACT (implemented by the app-shell/auth work): every client call to /api goes through `api`.
 * It adds the Bearer token, refreshes it before the call when expired or missing (spec §4), retries
 * once after a 401 token_expired via keep-alive, signs out on invalid_token, sends 503 to /maintenance,
 * and throws ApiError with the server's {error, code, errors} otherwise.
 */
export interface ApiOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
}

export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const url = new URL(`/api/${path.replace(/^\/+/, "")}`, window.location.origin);
  for (const [k, v] of Object.entries(options.query ?? {})) {
    if (v !== undefined && v !== null && v !== "") url.searchParams.set(k, String(v));
  }
  const res = await fetch(url, {
    method: options.method ?? "GET",
    headers: options.body !== undefined ? { "content-type": "application/json" } : {},
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
    signal: options.signal,
  });
  const data = res.status === 204 ? {} : await res.json().catch(() => ({}));
  if (!res.ok) throw new ApiError(res.status, data.error ?? res.statusText, data.code, data.errors ?? [], data);
  return data as T;
}
