import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type AuditScope, auditScope } from "./audit-context.ts";
import { type AuditEvent, outcomeOf } from "./audit-event.ts";
import { redactedQuery, storableText } from "./audit-redaction.ts";
import type { AuditWriter } from "./audit-writer.ts";
import { ROUTE_AUDIT, type RouteAudit, type RouteAuditDeclaration } from "./route-audit.ts";

/** The route's declaration: its own `config.audit`, else the table; undefined when it has neither. */
export function routeAuditOf(method: string, url: string, config?: { audit?: RouteAuditDeclaration }) {
  if (config?.audit !== undefined) return config.audit;
  return ROUTE_AUDIT[`${method === "HEAD" ? "GET" : method} ${url}`];
}

function idFrom(source: unknown, key: string | undefined): number | null {
  if (!key || !source || typeof source !== "object") return null;
  const value = Number((source as Record<string, unknown>)[key]);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

/**
 * The audit trail's request side (issue 8 §2):
 * - refuses to start when an /api route declares no audit (route-audit.ts);
 * - runs each request inside an AuditScope, so a write's record history appends its event in the
 *   write's own transaction (audit-context.ts);
 * - before the answer is sent, records one event for the request and holds the answer until it
 *   is stored: reads, searches, refusals (401/403/404) and failed writes. A write that already
 *   appended its event in its transaction and succeeded is not recorded twice. A read whose event
 *   cannot be stored is answered 503 instead.
 */
export function registerAuditTrail(app: FastifyInstance, deps: { writer: AuditWriter; secret: string }): void {
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/") || route.url.startsWith("/api/docs")) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (routeAuditOf(method, route.url, route.config) === undefined) {
        throw new Error(
          `Route ${method} ${route.url} declares no audit: add config.audit, or an entry in src/server/audit/route-audit.ts`,
        );
      }
    }
  });

  const eventFor = (request: FastifyRequest, audit: RouteAudit, url: string) => {
    const route = `${request.method === "HEAD" ? "GET" : request.method} ${url}`;
    return (parts: Parameters<AuditScope["event"]>[0]): AuditEvent => {
      // Read when the event is made, not when the scope opens (onRequest): validation replaces
      // request.params with the coerced values, and only those are ids kept as they are.
      const params = request.params as Record<string, unknown> | undefined;
      // A handed-over device: the clinician is who acts (and answers for it), the respondent whom they act as.
      const handedBy = request.loginAs?.clinician;
      const user = handedBy ?? request.user;
      const detail: Record<string, unknown> = {};
      // Path parameters are ids once validated; anything else (a malformed id) is hashed like text.
      const ids = params && redactedQuery(deps.secret, params);
      if (ids) detail.params = ids;
      const query = redactedQuery(deps.secret, request.query);
      if (query) detail.query = query;
      const routeRecord = audit.recordParam
        ? (idFrom(params, audit.recordParam) ??
          idFrom(request.query, audit.recordParam) ??
          idFrom(request.body, audit.recordParam))
        : null;
      return {
        at: new Date(),
        userId: user?.id ?? null,
        roles: user?.roles ?? [],
        actingAsUserId: handedBy ? (request.user?.id ?? null) : null,
        route,
        patientId: audit.recordType === "patient" ? routeRecord : null,
        detail: Object.keys(detail).length ? detail : null,
        sourceIp: request.ip,
        requestId: String(request.id),
        ...parts,
        recordType: parts.recordType ?? (routeRecord ? (audit.recordType ?? null) : null),
        recordId: parts.recordId ?? routeRecord,
      };
    };
  };

  app.addHook("onRequest", (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
    // request.routeOptions builds a new object on every read: read it once.
    const { url, config } = request.routeOptions;
    const audit = url ? routeAuditOf(request.method, url, config) : undefined;
    if (!audit || !url) return done();
    const scope: AuditScope = {
      request,
      writer: deps.writer,
      audit,
      event: eventFor(request, audit, url),
      wroteInTransaction: false,
      recorded: false,
    };
    request.auditScope = scope;
    auditScope.run(scope, done);
  });

  /** The request's event as its answer is about to be sent; null when its write already recorded it. */
  const answerEvent = (request: FastifyRequest, scope: AuditScope, status: number): AuditEvent | null => {
    scope.recorded = true;
    if (scope.wroteInTransaction && status < 400) return null;
    const audit = scope.audit;
    const event = scope.event({
      action: audit.action,
      recordType: null,
      recordId: null,
      outcome: outcomeOf(status),
      status,
    });
    if (scope.found) Object.assign(event, scope.found);
    // A sign-in names its account by username; the row stores the account's id, never the text typed.
    if (audit.action.startsWith("auth.") && !event.userId) {
      const username = (request.body as { username?: unknown } | undefined)?.username;
      if (typeof username === "string" && username.length <= 254 && storableText(username))
        event.signInUsername = username;
    }
    return event;
  };

  // The answer waits for its event to be stored (group commit, audit-writer.ts), so nothing is
  // answered that the trail does not hold. The x-request-id header names the event, so a user
  // reporting a problem (or a log line) can be matched to it.
  app.addHook("onSend", async (request, reply, payload) => {
    reply.header("x-request-id", String(request.id));
    const scope = request.auditScope;
    if (!scope || scope.recorded) return payload;
    const event = answerEvent(request, scope, reply.statusCode);
    if (!event) return payload;
    try {
      await deps.writer.write(event);
      return payload;
    } catch (err) {
      if (!SAFE_METHODS.has(request.method)) {
        // A change has been made (or refused) already, and answering 503 would tell the client it
        // was not: the event is kept and written as soon as the database takes it again.
        deps.writer.record(event);
        return payload;
      }
      // A read whose event cannot be stored is not answered: no PHI leaves unrecorded.
      request.log.error({ err }, "audit trail unavailable: a read was refused with 503");
      return unrecordedReadAnswer(reply, payload);
    }
  });

  // An answer that never went through onSend (a hijacked reply): recorded all the same, late.
  app.addHook("onResponse", async (request, reply) => {
    const scope = request.auditScope;
    if (!scope || scope.recorded) return;
    const event = answerEvent(request, scope, reply.statusCode);
    if (event) deps.writer.record(event);
  });
}

/** Methods that change nothing: their answer is held back when the trail cannot record it. */
const SAFE_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);

/** Seconds after which a client may try a read again that the audit trail could not record. */
export const AUDIT_RETRY_AFTER_SECONDS = 5;

export const AUDIT_UNAVAILABLE_MESSAGE = "This cannot be shown right now. Try again in a moment.";

/** 503 in the API's one error shape, replacing the answer the read would have had. */
function unrecordedReadAnswer(reply: FastifyReply, payload: unknown): string {
  if (payload && typeof (payload as { destroy?: unknown }).destroy === "function")
    (payload as { destroy(): void }).destroy();
  reply.code(503);
  reply.header("retry-after", String(AUDIT_RETRY_AFTER_SECONDS));
  reply.header("content-type", "application/json; charset=utf-8");
  reply.removeHeader("content-length");
  reply.removeHeader("content-disposition");
  return JSON.stringify({ error: AUDIT_UNAVAILABLE_MESSAGE, code: "audit_unavailable" });
}

declare module "fastify" {
  interface FastifyRequest {
    auditScope?: AuditScope;
  }
  interface FastifyContextConfig {
    /** What the route records in the audit trail (audit/route-audit.ts); `false`: nothing. */
    audit?: RouteAuditDeclaration;
  }
}
