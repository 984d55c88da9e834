import type { FastifyRequest } from "fastify";
import type { RequestUser, RouteAccess } from "../auth/request-user.ts";

/** Permissions that let a user see some chart (patient-access.ts decides which ones). */
export const CHART_READ_PERMISSIONS = ["patients.viewAll", "patients.viewAssigned", "patients.viewSupervised"] as const;

/** The library: any clinical user who previews measures or works with patients. */
export const LIBRARY_ACCESS: RouteAccess = { anyOf: ["measures.preview", ...CHART_READ_PERMISSIONS, "patients.write"] };
export const PREVIEW_ACCESS: RouteAccess = { anyOf: ["measures.preview"] };
export const CHART_READ_ACCESS: RouteAccess = { anyOf: [...CHART_READ_PERMISSIONS] };
export const CHART_WRITE_ACCESS: RouteAccess = { anyOf: ["patients.write"] };
export const RESPONDENT_ACCESS: RouteAccess = { anyOf: ["respondent.session"] };

/** The caller; the access hook has refused every request without one before a handler runs. */
export function caller(request: FastifyRequest): RequestUser {
  return request.user as RequestUser;
}

/** Whether the user may see any chart at all (a clinician), as opposed to only their own sessions. */
export function readsCharts(user: RequestUser): boolean {
  return CHART_READ_PERMISSIONS.some((p) => user.permissions.has(p));
}
