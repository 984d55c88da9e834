import { badRequest } from "./http-error.ts";

export interface PageQuery {
  page?: number;
  pageSize?: number;
}

export const DEFAULT_PAGE_SIZE = 25;

/** LIMIT and OFFSET of a list page (list-query.json bounds page size); a page past any sane offset is a 400. */
export function pageWindow(query: PageQuery): { limit: number; offset: number } {
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const offset = ((query.page ?? 1) - 1) * pageSize;
  if (!Number.isSafeInteger(offset)) throw badRequest([{ field: "page", message: "Page is not valid" }]);
  return { limit: pageSize, offset };
}
