import type { RouteAccess } from "../auth/request-user.ts";

/**
 * Who may call the analytics routes (spec §6): "usage needs the usage role or the analytics
 * role". Typed like the other *-access.ts gates, so a route declares `config: { access: ANALYTICS_USAGE }`.
 */
export const ANALYTICS_USAGE: RouteAccess = { anyOf: ["analytics.usage", "analytics.outcomes"] };
