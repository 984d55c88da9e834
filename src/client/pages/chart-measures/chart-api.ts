import { useQueries, useQuery } from "@tanstack/react-query";
import type { MeasureOverview, ProgressPoint, RespondentOverview } from "../../../shared/api/chart-measures.ts";
import type { SessionReport } from "../../../shared/api/measure-reports.ts";
import { api } from "../../api/http.ts";

export type { MeasureOverview, ProgressPoint, RespondentOverview };

/** One person on a chart's team (GET /api/teams/:ccaId; schemas/api/chart-team-member.json). */
export interface TeamMember {
  ccauId: number;
  ccaId: number;
  isPatient: boolean;
  full_name: string;
  relation_id: number;
  relation: string;
  respondent_type_label: string | null;
}

/** The measures one respondent may be given (GET scheduling/:ccauId). */
export interface SchedulingOptions {
  ccauId: number;
  respondent: { name: string; relation_id: number; respondent_type: string | null };
  patient: { id: number; full_name: string; age: number | null };
  rows: {
    id: number;
    measure_id: string;
    abbreviation: string;
    short_name: string | null;
    name: string;
    next_due: string | null;
  }[];
  totalRecords: number;
}

export interface ScheduleBody {
  ccauId: number;
  measureId: number;
  dueDate: string;
  frequency: number;
  confirm?: boolean;
}

/** Everything chart-measure related starts with "chart-measures": a new schedule refreshes it all. */
export const chartKeys = {
  all: ["chart-measures"] as const,
  team: (ccaId: number) => ["chart-measures", "team", ccaId] as const,
  overview: (ccauId: number) => ["chart-measures", "overview", ccauId] as const,
  options: (ccauId: number) => ["chart-measures", "options", ccauId] as const,
  report: (clientMeasureId: string) => ["session-report", clientMeasureId] as const,
};

export function useChartTeam(ccaId: number) {
  return useQuery({
    queryKey: chartKeys.team(ccaId),
    queryFn: ({ signal }) =>
      api<{ ccaId: number; patientId: number; rows: TeamMember[] }>(`teams/${ccaId}`, { signal }),
    meta: { errorToast: false },
  });
}

export function useRespondentOverviews(ccauIds: readonly number[]) {
  return useQueries({
    queries: ccauIds.map((ccauId) => ({
      queryKey: chartKeys.overview(ccauId),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api<RespondentOverview>(`overview/measures/${ccauId}`, { signal }),
      staleTime: 0,
      meta: { errorToast: false },
    })),
  });
}

export function useSchedulingOptions(ccauId: number | null) {
  return useQuery({
    queryKey: chartKeys.options(ccauId ?? 0),
    queryFn: ({ signal }) => api<SchedulingOptions>(`scheduling/${ccauId}`, { signal }),
    enabled: ccauId !== null,
    meta: { errorToast: false },
  });
}

export function scheduleMeasure(body: ScheduleBody) {
  return api<{ schedule: { id: number; due_date: string }; clientMeasure: { id: number; due_date: string } }>(
    "scheduling",
    { method: "POST", body },
  );
}

export function useSessionReport(clientMeasureId: string) {
  return useQuery({
    queryKey: chartKeys.report(clientMeasureId),
    queryFn: ({ signal }) =>
      api<SessionReport>(`measure-session/${encodeURIComponent(clientMeasureId)}/session-report`, { signal }),
    staleTime: 0,
    meta: { errorToast: false },
  });
}
