import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../api/http.ts";

/** The usage calls (src/server/analytics/usage/routes.ts), by the last part of their path. */
export type UsageCall = "respondents" | "invites" | "measures-due" | "measure-completion" | "sign-ins";

/**
 * One usage call: POST /api/analytics/usage/{call} with its criteria, answering `{ results }`.
 * A failure is shown on the chart it feeds ("There was a problem loading this data", spec §8),
 * not as a toast: the other charts of the screen still stand. Refetched only when asked again.
 */
export function useUsage<Row>(call: UsageCall, criteria: Record<string, unknown>, enabled = true) {
  return useQuery<Row[]>({
    queryKey: ["analytics-usage", call, criteria] as const,
    queryFn: ({ signal }) =>
      api<{ results: Row[] }>(`analytics/usage/${call}`, { method: "POST", body: { criteria }, signal }).then(
        (answer) => answer.results,
      ),
    enabled,
    // Changing the dates keeps the old numbers on screen (marked as loading) instead of flashing empty.
    placeholderData: keepPreviousData,
    retry: 1,
    meta: { errorToast: false },
  });
}
