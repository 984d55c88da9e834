/** The few calls the bench makes outside the load generator: sign-in and set-up reads. */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly what: string,
    readonly body: string,
  ) {
    super(`${what} answered ${status}: ${body.slice(0, 300)}`);
  }
}

export interface Call {
  method: "GET" | "POST" | "PUT";
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** One request; its JSON answer when 2xx, else an ApiError naming the call. */
export async function call<T>(baseUrl: string, request: Call, timeoutMs = 60_000): Promise<T> {
  const res = await fetch(`${baseUrl}${request.path}`, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  if (res.status < 200 || res.status > 299) throw new ApiError(res.status, `${request.method} ${request.path}`, text);
  return (text ? JSON.parse(text) : null) as T;
}

export const JSON_HEADERS = { "content-type": "application/json" };

export function loginCall(username: string, password: string): Call {
  return {
    method: "POST",
    path: "/api/security/login",
    headers: JSON_HEADERS,
    body: JSON.stringify({ username, password }),
  };
}

/** Signs in through the real API (POST /api/security/login) and returns the access token. */
export async function signIn(baseUrl: string, username: string, password: string): Promise<string> {
  const session = await call<{ accessToken: string }>(baseUrl, loginCall(username, password));
  return session.accessToken;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function getJson<T>(baseUrl: string, path: string, token: string, timeoutMs?: number): Promise<T> {
  return call<T>(baseUrl, { method: "GET", path, headers: bearer(token) }, timeoutMs);
}
