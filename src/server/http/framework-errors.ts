import type { Socket } from "node:net";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { pgErrorCode } from "../db/pg-errors.ts";

/** An answer in the API's one error shape: a sentence for a person and a stable code. */
export interface ErrorAnswer {
  status: number;
  error: string;
  code: string;
}

// Fastify's own request errors, in people words and our codes (the Fastify code stays in the log).
const FASTIFY_ERRORS: Record<string, Omit<ErrorAnswer, "status">> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { error: "The request body is not valid JSON.", code: "invalid_json" },
  FST_ERR_CTP_EMPTY_JSON_BODY: { error: "The request body is not valid JSON.", code: "invalid_json" },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { error: "The request body must be JSON.", code: "unsupported_media_type" },
  FST_ERR_CTP_INVALID_TYPE: { error: "The request body must be JSON.", code: "unsupported_media_type" },
  FST_ERR_CTP_BODY_TOO_LARGE: { error: "The request body is too large.", code: "body_too_large" },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    error: "The request body does not match its Content-Length.",
    code: "bad_request",
  },
  FST_ERR_CTP_EMPTY_TYPE: { error: "The request body must be JSON.", code: "unsupported_media_type" },
  FST_ERR_BAD_URL: { error: "The address of this request is not valid.", code: "bad_url" },
  FST_ERR_ASYNC_CONSTRAINT: { error: "The address of this request is not valid.", code: "bad_url" },
};

/** A 4xx Fastify (or a plugin) raised, answered in our shape. */
export function frameworkAnswer(err: FastifyError, status: number): ErrorAnswer {
  const known = err.code ? FASTIFY_ERRORS[err.code] : undefined;
  if (known) return { status, ...known };
  // JSON.parse's own errors (a prototype-poisoning key, a nesting too deep to parse) are bad JSON too.
  if (err instanceof SyntaxError || /JSON|prototype/i.test(err.message))
    return { status, ...FASTIFY_ERRORS.FST_ERR_CTP_INVALID_JSON_BODY };
  // Another Fastify error: its message is for developers; a plugin's own error keeps its sentence.
  if (!err.code || err.code.startsWith("FST_"))
    return { status, error: status === 404 ? "Not found" : "The request is not valid.", code: "bad_request" };
  return { status, error: err.message, code: err.code };
}

/**
 * The database refusing a value (SQLSTATE class 22 "data exception": out of range, bad date,
 * untranslatable character; 54000 a value too long for an index) is bad input the safe-input rule
 * and the schemas did not foresee: a 400, never a 500. The rule stays the first line; this is the net.
 */
export function databaseInputAnswer(err: unknown): ErrorAnswer | undefined {
  const code = pgErrorCode(err);
  if (!code || !(code.startsWith("22") || code === "54000")) return undefined;
  return {
    status: 400,
    error: "A value in this request cannot be stored. Check the fields and try again.",
    code: "validation",
  };
}

/** Fastify's frameworkErrors option: a malformed URL (bad percent-encoding) in our shape. */
export function onFrameworkError(err: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const answer = frameworkAnswer(err, 400);
  reply.status(answer.status).send({ error: answer.error, code: answer.code });
}

const CLIENT_ERRORS: Record<string, ErrorAnswer> = {
  HPE_HEADER_OVERFLOW: { status: 431, error: "The request headers are too large.", code: "headers_too_large" },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, error: "The request took too long to arrive.", code: "request_timeout" },
};

/**
 * Fastify's clientErrorHandler option: errors Node's HTTP parser finds before Fastify sees a
 * request (headers too large, a malformed request line). Written straight to the socket, in our shape.
 */
export function onClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy(err);
    return;
  }
  const answer = CLIENT_ERRORS[err.code ?? ""] ?? {
    status: 400,
    error: "The request is not valid.",
    code: "bad_request",
  };
  const body = JSON.stringify({ error: answer.error, code: answer.code });
  const reason =
    answer.status === 431
      ? "Request Header Fields Too Large"
      : answer.status === 408
        ? "Request Timeout"
        : "Bad Request";
  socket.end(
    `HTTP/1.1 ${answer.status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
