import type { FastifyRequest, FastifyServerOptions } from "fastify";

/**
 * What the server's log may hold (issue 8 §4). The log is read by more people and kept in more
 * places than the database (a log system, a support ticket), so it holds no PHI and no secret:
 *
 * - request lines keep the method, the path and the names of query parameters, never their
 *   values: a search for a patient's name, an MRN check, an email or phone in the exist check, a
 *   setup token in validate-token?token=... all travel in query strings. One rule for every URL
 *   (API and pages alike: /security/account-setup?token=... is a page), so a new route cannot
 *   forget it;
 * - bodies are never logged (Fastify does not by default; `req.body` is removed should a plugin
 *   add it), nor the Authorization and Cookie headers;
 * - an error keeps its type, message, code and stack, not a database error's `detail`, `where`
 *   or query parameters, which quote the row's values (e.g. "Key (mrn)=(MRN1001) already exists").
 *
 * Paths carry only numeric ids; a route that ever puts a secret in its path must not.
 */
export const REDACTED = "[redacted]";

/** The URL with each query value replaced (names kept, so the log still says what was asked). */
export function redactUrl(url: string): string {
  const mark = url.indexOf("?");
  if (mark === -1) return url;
  const query = url.slice(mark + 1);
  if (query === "") return url;
  const names = query.split("&").map((pair) => {
    const eq = pair.indexOf("=");
    const name = eq === -1 ? pair : pair.slice(0, eq);
    // A name is the caller's text too; keep it only when it looks like a parameter name.
    return /^[A-Za-z0-9_.[\]-]{1,40}$/.test(name) ? `${name}=${REDACTED}` : REDACTED;
  });
  return `${url.slice(0, mark)}?${names.join("&")}`;
}

/** Pino redact paths: secrets and row values that a serializer could otherwise let through. */
export const LOG_REDACT_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  "req.body",
  'res.headers["set-cookie"]',
  "err.detail",
  "err.where",
  "err.parameters",
  "err.query",
  "err.internalQuery",
  "err.hint",
  "err.validation",
];

/** The request as a log line shows it (Fastify's default fields, the URL redacted). */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    hostname: request.hostname,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

type LoggerOptions = Exclude<FastifyServerOptions["logger"], boolean | undefined>;

/**
 * Fastify's logger options with the redaction above: pass what the app was given (false: no log;
 * true or nothing: the configured level; an object: that, e.g. a level and a stream).
 */
export function redactedLoggerOptions(logger: boolean | object | undefined, level: string): LoggerOptions | false {
  if (logger === false) return false;
  const base: LoggerOptions = logger === true || logger === undefined ? { level } : (logger as LoggerOptions);
  return {
    ...base,
    serializers: { ...base.serializers, req: serializeRequest },
    redact: { paths: LOG_REDACT_PATHS, censor: REDACTED },
  };
}
