import type { FastifyError, FastifyInstance } from "fastify";
import { MESSAGES } from "../../shared/api-errors.ts";
import type { FieldError } from "../../shared/validation/field-errors.ts";
import { isStatementCancelled } from "../db/statement-timeout.ts";
import { abandonedByClient } from "./cancel-on-disconnect.ts";
import { databaseInputAnswer, frameworkAnswer } from "./framework-errors.ts";
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
    if (abandonedByClient(request)) {
      // The client left and its statements were stopped (cancel-on-disconnect.ts): nobody reads
      // an answer, so none is written.
      request.log.info({ err: err.message }, "request abandoned by its client");
      reply.hijack();
      reply.raw.destroy();
      return;
    }
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
      const answer = frameworkAnswer(err, status);
      request.log.info({ code: err.code, status }, "request refused by the framework");
      return reply.status(status).send({ error: answer.error, code: answer.code });
    }
    if (isStatementCancelled(err)) {
      // The statement outran DATABASE_STATEMENT_TIMEOUT_MS (db/statement-timeout.ts): the server
      // is fine, this piece of work was too big. Worth a warning: a slow query to look at.
      request.log.warn({ route: request.routeOptions.url }, "a statement was cancelled by the statement timeout");
      return reply.status(503).send({ error: MESSAGES.queryTimeout, code: "query_timeout" });
    }
    const stored = databaseInputAnswer(err);
    if (stored) {
      // Bad input the schemas let through: worth a warning, so the rule can learn it.
      request.log.warn({ sqlState: (err as { code?: string }).code }, "the database refused a value of the request");
      return reply.status(stored.status).send({ error: stored.error, code: stored.code });
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
