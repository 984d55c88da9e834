import { useQuery } from "@tanstack/react-query";
import type { RespondentMeasureList } from "../../../../generated/types/api/responses/respondent-measure-list.ts";
import type { ScheduleSummary } from "../../../../generated/types/api/responses/schedule-summary.ts";
import { api } from "../../api/http.ts";
import { chartKeys } from "./chart-api.ts";

export type { RespondentMeasureList, ScheduleSummary };
export type MeasureListRow = RespondentMeasureList["rows"][number];

export interface MeasureRemoved {
  removedSessions: number;
  removedFromList: boolean;
}

/** GET respondents/{ccauId}/measures; under chartKeys.all, so every schedule change refreshes it. */
export function useRespondentMeasureList(ccauId: number) {
  return useQuery({
    queryKey: [...chartKeys.all, "list", ccauId],
    queryFn: ({ signal }) => api<RespondentMeasureList>(`respondents/${ccauId}/measures`, { signal }),
    staleTime: 0,
    meta: { errorToast: false },
  });
}

export const changeFrequency = (scheduleId: number, frequency: number) =>
  api("scheduling/change-frequency", { method: "POST", body: { scheduleId, frequency } });

export const changeSchedulingDate = (clientMeasureId: number, dueDate: string) =>
  api(`scheduling/${clientMeasureId}/change-scheduling-date`, {
    method: "POST",
    body: { dueDate: `${dueDate} 00:00:00` },
  });

export const removeSchedule = (scheduleId: number) =>
  api<MeasureRemoved>(`scheduling/${scheduleId}`, { method: "DELETE" });

export const removeMeasure = (ccauId: number, measureId: number) =>
  api<MeasureRemoved>(`scheduling/user-assignment/${ccauId}/remove-measure/${measureId}`, { method: "DELETE" });
