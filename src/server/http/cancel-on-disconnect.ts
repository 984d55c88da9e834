import type { FastifyInstance, FastifyRequest } from "fastify";
import { abandon, type RequestConnections, requestConnections } from "../db/request-connections.ts";

/**
 * A request whose client disconnects before its answer stops its database work (issue 12 §2): the
 * statement running for it is cancelled (PostgreSQL server), its further statements and
 * connection requests are refused, and nothing is written back. Without this a client that gives
 * up (a closed tab, a benchmark's timeout, a proxy's) leaves its query running to the end: one
 * run of deep pages once left 150 such queries keeping PostgreSQL busy for hours of CPU.
 *
 * The request's connections are found through AsyncLocalStorage: every later hook and the handler
 * run inside `requestConnections.run` (Fastify carries the context across reading the body), and
 * the server's pool records each connection it lends (db/request-connections.ts). Register first,
 * so the access hook's statements are the request's too.
 */
export function registerCancelOnDisconnect(app: FastifyInstance): void {
  app.decorateRequest("dbConnections", null);

  app.addHook("onRequest", (request, reply, done) => {
    const connections: RequestConnections = { state: "running", lent: new Set() };
    request.dbConnections = connections;
    // The answer's 'close' comes when it is written or when the socket goes, whichever first.
    reply.raw.once("close", () => {
      if (reply.raw.writableEnded) connections.state = "finished";
      else clientGone(request, connections);
    });
    requestConnections.run(connections, done);
  });
}

function clientGone(request: FastifyRequest, connections: RequestConnections): void {
  const holding = connections.lent.size;
  abandon(connections)
    .then(() => {
      request.log.info(
        { cancelled: holding },
        "client closed the connection before the answer; its statements stopped",
      );
    })
    .catch((err) => request.log.warn({ err }, "cancelling an abandoned request's statements failed"));
}

/**
 * True when the request's client left before its answer: whatever failed then (most likely a
 * refused or cancelled statement), the error handler ends the request without writing, since
 * nobody is reading, and without logging a fault of ours.
 */
export function abandonedByClient(request: FastifyRequest): boolean {
  return request.dbConnections?.state === "abandoned";
}

declare module "fastify" {
  interface FastifyRequest {
    /** The database connections this request holds (db/request-connections.ts). */
    dbConnections: RequestConnections | null;
  }
}
