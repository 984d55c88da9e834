import { useQuery } from "@tanstack/react-query";
import type { AnalyticsQuery } from "../../../../../../generated/types/api/analytics-query.ts";
import type { ClinicalSignificance } from "../../../../../../generated/types/api/responses/clinical-significance.ts";
import { api } from "../../../../api/http.ts";

export type SignificanceMethod = ClinicalSignificance["method"];

/** Clinical significance of the query last run (null: nothing run yet), by the method chosen. */
export function useClinicalSignificance(query: AnalyticsQuery | null, method: SignificanceMethod) {
  return useQuery({
    queryKey: ["analytics", "clinical-significance", query, method],
    queryFn: () =>
      api<ClinicalSignificance>("analytics/clinical-significance", { method: "POST", body: { query, method } }),
    // The section says itself when it could not load.
    meta: { errorToast: false },
    enabled: query !== null,
  });
}
