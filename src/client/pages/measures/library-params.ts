import type { LibraryParams } from "./measure-api.ts";

export const LIBRARY_PAGE_SIZE = 25;
const RESPONDENTS = ["self", "parent", "teacher", "clinician"];

/** The library's filters live in the address, so back, reload and a shared link agree. */
export function readLibraryParams(search: URLSearchParams): LibraryParams {
  const page = Number.parseInt(search.get("page") ?? "", 10);
  const respondent = search.get("respondent") ?? "";
  return {
    search: search.get("search") ?? "",
    condition: search.get("condition") ?? "",
    respondent: RESPONDENTS.includes(respondent) ? respondent : "",
    starred: search.get("starred") === "1",
    page: Number.isFinite(page) && page > 0 ? page : 1,
    pageSize: LIBRARY_PAGE_SIZE,
  };
}
