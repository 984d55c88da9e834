import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ChartSettings } from "../../../../generated/types/api/responses/chart-settings.ts";
import { api } from "../../api/http.ts";

export type { ChartSettings };

const chartSettingsKey = ["chart-settings"] as const;

/** The measures whose charts this user chose to see on every patient chart (none chosen: all). */
export function useChartSettings() {
  return useQuery({
    queryKey: chartSettingsKey,
    queryFn: ({ signal }) => api<ChartSettings>("library/chart-settings", { signal }),
    // Without the choice every chart shows, which is what a user who never chose sees anyway.
    meta: { errorToast: false },
  });
}

export function useSaveChartSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (measureUuids: string[]) =>
      api<ChartSettings>("library/chart-settings", { method: "POST", body: { measure_uuids: measureUuids } }),
    onSuccess: (saved) => queryClient.setQueryData(chartSettingsKey, saved),
  });
}

/** Whether a measure's chart is shown under this user's choice. */
export function chartShown(settings: ChartSettings | undefined, measureUuid: string): boolean {
  const chosen = settings?.measure_uuids ?? [];
  return chosen.length === 0 || chosen.includes(measureUuid);
}
