import { MESSAGES } from "../../shared/api-errors.ts";
import { LIST_REACH } from "../../shared/lists/list-reach.ts";
import { badRequest } from "./http-error.ts";

export interface PageQuery {
  page?: number;
  pageSize?: number;
}

export const DEFAULT_PAGE_SIZE = 25;

/**
 * LIMIT and OFFSET of a list page (list-query.json bounds page size). A page past the first
 * LIST_REACH rows is a 400: an OFFSET that deep reads and throws away every row before it, so
 * lists page on from there by cursor (entity lists' `after`) or a search.
 */
export function pageWindow(query: PageQuery): { limit: number; offset: number } {
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const offset = ((query.page ?? 1) - 1) * pageSize;
  if (!Number.isSafeInteger(offset) || offset >= LIST_REACH) {
    throw badRequest([{ field: "page", message: MESSAGES.pageBeyondReach }]);
  }
  return { limit: pageSize, offset };
}
