import type { FastifyInstance, RouteOptions } from "fastify";
import { errorResponses } from "./response-schemas.ts";

/**
 * Statuses the route's request schemas, its access, its rate limit and the server's load
 * protections can answer, whatever its handler does.
 */
function standardErrorStatuses(route: RouteOptions): number[] {
  const statuses: number[] = [];
  const schema = route.schema ?? {};
  if (schema.body || schema.querystring || schema.params) statuses.push(400);
  const access = route.config?.access;
  // The access hook's 401 (no, bad or expired token) and 403 (no permission, or a password
  // reset pending); a public route answers neither unless its handler says so.
  if (access && access !== "public") statuses.push(401, 403);
  if (route.config?.rateLimit) statuses.push(429);
  // Refused under overload (load-shedding.ts), or a statement stopped by the statement timeout.
  if (route.url.startsWith("/api/") && route.config?.shedLoad !== false) statuses.push(503);
  return statuses;
}

/**
 * Every route that declares responses also declares, in the one error shape, the errors it can
 * give before its handler runs (schema validation, access, rate limit), so routes list only
 * their own (a 404, a 409) and the document shows all of them. A route's own declaration of a
 * status wins. Route schema objects are shared between routes, so they are copied, not changed.
 */
export function registerStandardErrorResponses(app: FastifyInstance): void {
  app.addHook("onRoute", (route) => {
    const response = route.schema?.response as Record<string, unknown> | undefined;
    if (!response) return;
    route.schema = {
      ...route.schema,
      response: { ...errorResponses(...standardErrorStatuses(route)), ...response },
    };
  });
}
