import type { FastifyInstance } from "fastify";
import type { AppContext } from "./app-context.ts";

/** Every API route module, registered in this order with the AppContext as options. */
export const apiRouteModules: ((app: FastifyInstance, ctx: AppContext) => Promise<void>)[] = [];
