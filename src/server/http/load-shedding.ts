import underPressure from "@fastify/under-pressure";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { MESSAGES } from "../../shared/api-errors.ts";
import type { LoadSheddingConfig } from "../config.ts";

/**
 * Under overload the server says so at once, with 503 + Retry-After, instead of queueing work
 * whose client will have given up by the time it runs (issue 12 §2). Two signals:
 * - the database pool's queue: a request arriving while more than `maxDatabaseQueue` callers
 *   already wait for a connection would wait behind all of them (pg.Pool's waitingCount, or the
 *   embedded database's own queue, db/pglite-driver.ts);
 * - this process's event loop (@fastify/under-pressure): its mean delay, and optionally its
 *   utilisation, over the last sample.
 * Checked when a request arrives, before it touches the database (the sign-in check included).
 * Only /api routes are refused, and never a route with `config.shedLoad: false` (GET /api/health:
 * a load balancer must still tell a busy node from a dead one). Defaults and why: docs/scale.md.
 */
export async function registerLoadShedding(
  app: FastifyInstance,
  opts: { config: LoadSheddingConfig; waitingForConnection?: () => number },
): Promise<void> {
  const { config, waitingForConnection } = opts;
  const sheds = (request: FastifyRequest) =>
    request.url.startsWith("/api/") && request.routeOptions.config?.shedLoad !== false;
  const refuse = (reply: FastifyReply) =>
    reply
      .status(503)
      .header("retry-after", String(config.retryAfterSeconds))
      .send({ error: MESSAGES.overloaded, code: "overloaded" });

  if (waitingForConnection && config.maxDatabaseQueue > 0) {
    app.addHook("onRequest", async (request, reply) => {
      if (!sheds(request)) return;
      const waiting = waitingForConnection();
      if (waiting <= config.maxDatabaseQueue) return;
      request.log.warn({ waiting }, "overloaded: database pool queue full; request refused");
      return refuse(reply);
    });
  }

  if (config.maxEventLoopDelayMs > 0 || config.maxEventLoopUtilization > 0) {
    // The first samples measure the start itself (compiling every route's schemas blocks the loop
    // for seconds), not load: the event loop counts from two samples after the app is ready.
    let measuredFrom = Number.POSITIVE_INFINITY;
    app.addHook("onReady", async () => {
      measuredFrom = Date.now() + 2 * config.sampleIntervalMs;
    });
    await app.register(underPressure, {
      maxEventLoopDelay: config.maxEventLoopDelayMs,
      maxEventLoopUtilization: config.maxEventLoopUtilization,
      // The last sample's utilisation, not the average since start (the plugin's default).
      eventLoopUtilizationMode: "interval",
      sampleInterval: config.sampleIntervalMs,
      retryAfter: config.retryAfterSeconds,
      // A handler that does not answer lets the request through; once answered, Fastify runs no further hook.
      pressureHandler: (request: FastifyRequest, reply: FastifyReply, type: string, value: number | undefined) => {
        if (!sheds(request) || Date.now() < measuredFrom) return;
        request.log.warn({ type, value }, "overloaded: event loop; request refused");
        refuse(reply);
      },
    });
  }
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** false: never refused under load (GET /api/health). */
    shedLoad?: boolean;
  }
}
