import type { FastifyInstance } from "fastify";
import type { Health } from "../../../generated/types/api/responses/health.ts";
import { recordResponse } from "../http/response-schemas.ts";

/**
 * GET /api/health answers once migrations are done (the app only listens after they are), and
 * also while the node sheds load (shedLoad: false): busy is not dead, and a load balancer must
 * be able to tell them apart.
 */
export async function healthRoutes(app: FastifyInstance, opts: { version: string; database: Health["database"] }) {
  app.get(
    "/api/health",
    {
      config: { access: "public", shedLoad: false },
      schema: { response: { 200: recordResponse("api/responses/health.json") } },
    },
    async (): Promise<Health> => ({ status: "ok", version: opts.version, database: opts.database }),
  );
}
