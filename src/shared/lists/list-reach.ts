/**
 * How far a list can be paged by page number, and up to where its total is counted exactly.
 * Past it a list answers an estimated total ("about") and pages on by cursor only, so no page
 * view scans or counts a clinic network's 100,000 patients (issue 7 §4, issue 12).
 */
export const LIST_REACH = 10_000;

/** How exact a list's totalRecords is: counted, or the planner's estimate past LIST_REACH. */
export type TotalAccuracy = "exact" | "about";

/** The last page a pager offers: past LIST_REACH rows, a search or a sort finds a record. */
export function reachablePages(totalRecords: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.min(totalRecords, LIST_REACH) / pageSize));
}
