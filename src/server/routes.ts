import type { FastifyInstance } from "fastify";
import type { AppContext } from "./app-context.ts";
import { lookupRoutes } from "./lookups/routes.ts";
import { patientRoutes } from "./patients/routes.ts";
import { passwordRoutes } from "./security/password-routes.ts";
import { sessionRoutes } from "./security/session-routes.ts";
import { settingsRoutes } from "./settings/routes.ts";

/** Every API route module, registered in this order with the AppContext as options. */
export const apiRouteModules: ((app: FastifyInstance, ctx: AppContext) => Promise<void>)[] = [
  sessionRoutes,
  passwordRoutes,
  patientRoutes,
  lookupRoutes,
  settingsRoutes,
];
