import { NETWORK_STAFF } from "../../src/server/seed/network/network-accounts.ts";
import { ApiError, bearer, getJson } from "./api-client.ts";
import type { ListPage } from "./patient-scenarios.ts";
import { rotation, type Scenario } from "./scenario.ts";

/** The page the issue names, at the list's default page size. */
export const DEEP_PAGE = 2000;
const PAGE_SIZE = 25;
/** The walk's step: the largest page size the list query allows, so reaching row 50,000 takes 250 requests. */
const STEP = 200;

/**
 * Where the walk should stop: the first row of page `page`, or of the list's last page when it
 * is shorter. `total` is the list's totalRecords (an estimate past 10,000: the walk stops early
 * if the rows run out).
 */
export function deepPageStart(total: number, page = DEEP_PAGE, pageSize = PAGE_SIZE): number {
  const lastPageStart = Math.max(0, Math.floor((total - 1) / pageSize) * pageSize);
  return Math.min((page - 1) * pageSize, lastPageStart);
}

/**
 * Page numbers reach only the first LIST_REACH rows (docs/entity-engine.md §4); deeper pages are
 * opened by cursor. So "page 2,000" is a cursor walk's deep page: the walk is made once, then the
 * `after` request of page 2,000 is what the load generator repeats.
 */
export const deepPage: Scenario = {
  id: "page-2000",
  label: `patient list page ${DEEP_PAGE.toLocaleString("en-US")} by cursor as admin`,
  target: "p99",
  async prepare(ctx) {
    const token = await ctx.signIn(NETWORK_STAFF.admin);
    const first = await getJson<ListPage>(ctx.appUrl, `/api/patients?pageSize=${PAGE_SIZE}`, token);
    const start = deepPageStart(first.totalRecords);
    let rows = 0;
    let cursor: string | null = null;
    while (rows < start) {
      const size = Math.min(STEP, start - rows);
      const path = `/api/patients?pageSize=${size}${cursor ? `&after=${cursor}` : ""}`;
      const page: ListPage = await getJson<ListPage>(ctx.appUrl, path, token, 120_000);
      if (page.rows.length === 0 || !page.nextCursor) break;
      rows += page.rows.length;
      cursor = page.nextCursor;
    }
    const pageNumber = Math.floor(rows / PAGE_SIZE) + 1;
    const note =
      pageNumber === DEEP_PAGE
        ? `cursor after row ${rows.toLocaleString("en-US")}`
        : `the list ends at page ${pageNumber.toLocaleString("en-US")}: its last page is measured`;
    const path = `/api/patients${cursor ? `?after=${cursor}` : ""}`;
    return { note, connection: rotation([{ method: "GET", path, headers: bearer(token) }]) };
  },
};

/** What GET ?page=2000 answers (a page number past the reach is refused), as one line for the report. */
export async function pageByNumber(appUrl: string, token: string): Promise<string> {
  const started = performance.now();
  try {
    const page = await getJson<ListPage>(appUrl, `/api/patients?page=${DEEP_PAGE}`, token, 120_000);
    const ms = Math.round(performance.now() - started);
    return `200 in ${ms} ms with ${page.rows.length} rows`;
  } catch (err) {
    const ms = Math.round(performance.now() - started);
    if (!(err instanceof ApiError)) return `no answer after ${ms} ms (${(err as Error).message})`;
    let message = err.body.slice(0, 200);
    try {
      const body = JSON.parse(err.body) as { error?: string; errors?: { message: string }[] };
      message = body.errors?.[0]?.message ?? body.error ?? message;
    } catch {
      // Not the API's error shape: the raw text says what it is.
    }
    return `${err.status} in ${ms} ms: “${message}”`;
  }
}
