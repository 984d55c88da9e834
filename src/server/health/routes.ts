import type { FastifyInstance } from "fastify";

/** GET /api/health answers once migrations are done (the app only listens after they are). */
export async function healthRoutes(app: FastifyInstance, opts: { version: string; database: string }) {
  app.get("/api/health", { config: { access: "public" } }, async () => ({
    status: "ok",
    version: opts.version,
    database: opts.database,
  }));
}
