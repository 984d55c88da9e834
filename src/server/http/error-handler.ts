import type { FastifyError, FastifyInstance } from "fastify";
import { MESSAGES } from "../../shared/api-errors.ts";
import type { FieldError } from "../../shared/validation/field-errors.ts";
import { HttpError } from "./http-error.ts";

interface ValidationFailure extends Error {
  fieldErrors?: FieldError[];
}

/**
 * The one failure shape: {error, errors?, code?}. Malformed requests (bad JSON, wrong content
 * type, oversized body, failed schema) answer 4xx with a sentence; only a fault of ours is a 500,
 * logged with its stack and answered without internals.
 */
export function registerErrorHandling(app: FastifyInstance, opts: { serveAppShell?: boolean } = {}): void {
  app.setErrorHandler((err: FastifyError & ValidationFailure, request, reply) => {
    if (err instanceof HttpError) {
      return reply.status(err.statusCode).send({
        error: err.message,
        ...(err.code ? { code: err.code } : {}),
        ...(err.fieldErrors ? { errors: err.fieldErrors } : {}),
        ...err.details,
      });
    }
    if (err.fieldErrors) {
      return reply.status(400).send({
        error: err.fieldErrors[0]?.message ?? MESSAGES.validation,
        code: "validation",
        errors: err.fieldErrors,
      });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const error =
        err.code === "FST_ERR_CTP_INVALID_JSON_BODY" || err.code === "FST_ERR_CTP_EMPTY_JSON_BODY"
          ? "The request body is not valid JSON."
          : err.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE"
            ? "The request body must be JSON."
            : err.code === "FST_ERR_CTP_BODY_TOO_LARGE"
              ? "The request body is too large."
              : err.message;
      return reply.status(status).send({ error, code: err.code ?? "bad_request" });
    }
    request.log.error({ err }, "unhandled error");
    return reply.status(500).send({ error: MESSAGES.unexpected, code: "internal" });
  });

  app.setNotFoundHandler((request, reply) => {
    // History-mode routing: a GET for a page (not the API, not a file) gets the app shell.
    if (opts.serveAppShell && request.method === "GET" && !request.url.startsWith("/api/")) {
      return reply.type("text/html").sendFile("index.html");
    }
    return reply
      .status(404)
      .send({ error: `No route ${request.method} ${request.url.split("?")[0]}`, code: "not_found" });
  });
}
