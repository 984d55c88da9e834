import type { RouteAccess } from "../auth/request-user.ts";

/** The outcomes explorer, its saved queries and exports (spec §6: the analytics role). */
export const ANALYTICS_OUTCOMES: RouteAccess = { anyOf: ["analytics.outcomes"] };

/**
 * The usage dashboards (spec §6): "usage needs the usage role or the analytics role". Typed like
 * the other *-access.ts gates, so a route declares `config: { access: ANALYTICS_USAGE }`.
 */
export const ANALYTICS_USAGE: RouteAccess = { anyOf: ["analytics.usage", "analytics.outcomes"] };
