import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance } from "fastify";
import { alertEscalationJob } from "./alerts/escalation-job.ts";
import type { AppContext, AppContextInput } from "./app-context.ts";
import { registerAuditTrail } from "./audit/audit-hook.ts";
import { AuditWriter } from "./audit/audit-writer.ts";
import { registerAccessHook } from "./auth/access-hook.ts";
import { registerRefreshCookie } from "./auth/refresh-cookie.ts";
import { resolveTokenSecret } from "./auth/token-secret.ts";
import { healthRoutes } from "./health/routes.ts";
import { registerCancelOnDisconnect } from "./http/cancel-on-disconnect.ts";
import { registerErrorHandling } from "./http/error-handler.ts";
import { onClientError, onFrameworkError } from "./http/framework-errors.ts";
import { registerLoadShedding } from "./http/load-shedding.ts";
import { redactedLoggerOptions } from "./http/log-redaction.ts";
import { registerResponseSerialization } from "./http/response-serialization.ts";
import { registerSchemaValidation } from "./http/schema-validation.ts";
import { registerSecurityHeaders } from "./http/security-headers.ts";
import { registerStandardErrorResponses } from "./http/standard-error-responses.ts";
import { MessageQueue } from "./messaging/message-queue.ts";
import { declareDocsAccess, registerApiDocs } from "./openapi/api-docs.ts";
import { reminderJob } from "./reminders/reminder-job.ts";
import { apiRouteModules } from "./routes.ts";

/** Fastify takes a hop count at run time but types only a function for it: trust the first n hops. */
function trustProxyOption(
  value: boolean | number | string[],
): boolean | string[] | ((a: string, hop: number) => boolean) {
  return typeof value === "number" ? (_address, hop) => hop < value : value;
}

const CLIENT_DIST = path.join(import.meta.dirname, "../../dist/client");

/**
 * Builds the whole server: API under /api, the built client at /. Tests call this too.
 * checkResponses validates every response against its schema before it is written (see
 * http/response-serialization.ts); it is on under test (vitest sets NODE_ENV=test), so a schema
 * that types a field wrongly fails a test rather than reaching a client.
 */
export async function buildApp(
  input: AppContextInput,
  opts: { logger?: boolean | object; serveClient?: boolean; checkResponses?: boolean } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    // No PHI or secret in the log: query values, bodies, credentials redacted (http/log-redaction.ts).
    logger: redactedLoggerOptions(opts.logger, input.config.logLevel),
    bodyLimit: 1024 * 1024,
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names: otherwise anyone could
    // pick their own address with a header and reset every per-address limit (issue 8 §3).
    trustProxy: trustProxyOption(input.config.trustProxy),
    ajv: { customOptions: { strict: false } },
    // Errors raised before a route runs (a malformed URL; headers too large for Node's parser)
    // answer in the API's one error shape too.
    frameworkErrors: onFrameworkError,
    clientErrorHandler: onClientError,
    // Request ids name a request in the audit trail: unique across nodes and restarts, unlike req-1, req-2.
    genReqId: () => randomUUID(),
  });
  const ctx: AppContext = {
    ...input,
    messages:
      input.messages ?? new MessageQueue({ config: input.config, db: input.db, dbKind: input.dbKind, log: app.log }),
  };
  // The delivery worker lives as long as the app: it starts when the app is ready, and stops
  // (finishing the delivery in hand) before the database is closed in onClose.
  app.addHook("onReady", async () => ctx.messages.start());
  app.addHook("preClose", async () => ctx.messages.stop());
  // Reminds about alerts left unacknowledged (alerts/escalation-job.ts); same lifetime.
  const escalation = alertEscalationJob(ctx, app.log);
  app.addHook("onReady", async () => escalation.start());
  app.addHook("preClose", async () => escalation.stop());
  // Reminds respondents of open questionnaires (reminders/reminder-job.ts); same lifetime.
  const reminders = reminderJob(ctx, app.log);
  app.addHook("onReady", async () => reminders.start());
  app.addHook("preClose", async () => reminders.stop());
  // First: every later hook's statements (the sign-in check's too) belong to the request, so a
  // client that disconnects stops them (http/cancel-on-disconnect.ts).
  registerCancelOnDisconnect(app);
  // Before anything touches the database: an overloaded node refuses at once (http/load-shedding.ts).
  await registerLoadShedding(app, { config: ctx.config.loadShedding, waitingForConnection: ctx.waitingForConnection });
  // Security headers a clinic's reviewer will look for (CSP, HSTS over https, Permissions-Policy,
  // ...). First, so that its hook runs before the access hook: a refused request gets them too.
  await registerSecurityHeaders(app, { publicUrl: ctx.config.accounts.publicUrl });
  // Before the routes: its hook moves the refresh token of every session answer into the cookie.
  await registerRefreshCookie(app, { publicUrl: ctx.config.accounts.publicUrl });
  const serveClient = opts.serveClient !== false && existsSync(path.join(CLIENT_DIST, "index.html"));
  registerErrorHandling(app, { serveAppShell: serveClient });
  registerSchemaValidation(app, ctx.bundle);
  registerResponseSerialization(app, ctx.bundle, { check: opts.checkResponses ?? process.env.NODE_ENV === "test" });
  declareDocsAccess(app); // before the access hook, which checks every /api route's config.access
  // Before the access hook: a request it refuses (401/403) is still recorded in the audit trail.
  const auditTrail = new AuditWriter(ctx.db, { log: app.log });
  app.decorate("auditTrail", auditTrail);
  // Write buffered events before anything closes the database (start.ts closes it in onClose).
  app.addHook("preClose", async () => auditTrail.flush());
  app.addHook("onClose", async () => auditTrail.close());
  // Search terms are keyed-hashed with a key derived from the token secret (audit-redaction.ts).
  registerAuditTrail(app, { writer: auditTrail, secret: `audit-terms:${resolveTokenSecret(ctx.config)}` });
  registerAccessHook(app, { db: ctx.db, bundle: ctx.bundle, tokens: ctx.tokens });
  registerStandardErrorResponses(app);

  // Before the API routes: the document is made of the routes registered after it.
  await registerApiDocs(app, { bundle: ctx.bundle, version: ctx.config.version });
  await app.register(healthRoutes, { version: ctx.config.version, database: ctx.dbKind });
  for (const routes of apiRouteModules) await app.register(routes, ctx);

  if (serveClient) await app.register(fastifyStatic, { root: CLIENT_DIST, wildcard: false });
  return app;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The audit trail's writer; `flush()` writes the buffered read events now. */
    auditTrail: AuditWriter;
  }
}
