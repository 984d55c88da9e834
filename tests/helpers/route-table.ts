import type { FastifyInstance, RouteOptions } from "fastify";

/**
 * Every route the app registers, as Fastify hands it to onRoute hooks, for tests generated from
 * the route table (OpenAPI coverage, the access matrix, the fuzz test): they cover the routes that
 * exist, not a list that can fall behind. A test file turns it on with
 *
 *   vi.mock("fastify", async (original) => (await import("../helpers/route-table.ts")).recordingFastify(original));
 *
 * (vi.mock is hoisted above imports, so its factory loads this module itself) and reads
 * `registeredRoutes` after the app is built. Each test file has its own module graph, so its own list.
 */
export const registeredRoutes: RouteOptions[] = [];

/** The fastify module with a factory that adds the recording hook to every instance, before any route. */
export async function recordingFastify(original: () => Promise<typeof import("fastify")>) {
  const fastify = await original();
  const build = fastify.default as unknown as (opts?: object) => FastifyInstance;
  const create = (opts?: object) => {
    const app = build(opts);
    app.addHook("onRoute", (route) => {
      registeredRoutes.push(route);
    });
    return app;
  };
  return { ...fastify, default: create };
}
