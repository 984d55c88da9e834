import type { PatientView } from "../../../shared/permissions.ts";
import type { PatientListParams } from "./patient-api.ts";

export const PAGE_SIZE = 25;

const VIEWS: readonly string[] = ["all", "my", "supervised"];

/**
 * The list's state lives in the address (?search=&page=&sort=&order=&view=), so back, reload
 * and a shared link all show the same list.
 */
export function readListParams(
  search: URLSearchParams,
  defaults: { sort?: string; order: "asc" | "desc" },
): PatientListParams {
  const page = Number.parseInt(search.get("page") ?? "", 10);
  const order = search.get("order");
  const view = search.get("view");
  return {
    page: Number.isFinite(page) && page > 0 ? page : 1,
    pageSize: PAGE_SIZE,
    search: search.get("search") ?? "",
    sort: search.get("sort") || defaults.sort || "last_name",
    order: order === "asc" || order === "desc" ? order : defaults.order,
    view: view && VIEWS.includes(view) ? (view as PatientView) : undefined,
  };
}

/** The address query for changed list state; defaults and blanks are left out to keep it short. */
export function writeListParams(current: URLSearchParams, changes: Record<string, string | number | undefined>) {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === "" || (key === "page" && value === 1)) next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}
