import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AcknowledgedAlert,
  AlertAcknowledge,
  AlertList,
  AlertRow,
  AlertStatus,
} from "../../../shared/api/alerts.ts";
import type { PatientView } from "../../../shared/permissions.ts";
import { api } from "../../api/http.ts";
import { toastError, toastSuccess } from "../../notifications/toast.ts";
import { refreshAlerts, showAcknowledgedWithUndo } from "./alert-undo.tsx";

export type { AlertList, AlertRow, AlertStatus };
export type AlertSort = "overdue" | "newest";

export interface AlertListParams {
  status: AlertStatus;
  patientSelector?: PatientView;
  /** Overdue first (the server's default) or newest first. */
  sort?: AlertSort;
  page: number;
  pageSize: number;
}

/** Every alert query starts with "alerts", so one acknowledgement refreshes them all. */
export const alertKeys = {
  all: ["alerts"] as const,
  list: (params: AlertListParams) => ["alerts", "list", params] as const,
  patient: (patientId: number, status: AlertStatus) => ["alerts", "patient", patientId, status] as const,
  count: ["alerts", "active-count"] as const,
};

/** How often the navigation's active-alert count is asked again. */
export const ALERT_COUNT_REFRESH_MS = 60_000;

export function useAlertList(params: AlertListParams) {
  return useQuery({
    queryKey: alertKeys.list(params),
    queryFn: ({ signal }) => api<AlertList>("measure-alerts", { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { errorToast: false },
  });
}

/** One patient's alerts of a status: the first `pageSize`, overdue first, then newest (the server's order). */
export function usePatientAlerts(patientId: number, status: AlertStatus, pageSize = 100) {
  return useQuery({
    queryKey: [...alertKeys.patient(patientId, status), pageSize],
    queryFn: ({ signal }) => api<AlertList>(`patients/${patientId}/alerts`, { query: { status, pageSize }, signal }),
    staleTime: 0,
    meta: { errorToast: false },
  });
}

export function useActiveAlertCount(enabled = true) {
  return useQuery({
    queryKey: alertKeys.count,
    queryFn: ({ signal }) => api<{ count: number }>("measure-alerts/active-alerts-count", { signal }),
    enabled,
    refetchInterval: ALERT_COUNT_REFRESH_MS,
    staleTime: 0,
    // A badge that fails to load must not interrupt the page with a toast.
    meta: { errorToast: false },
  });
}

/** POST measure-alerts/acknowledge/:id with what was done; refreshes every alert list, count and report. */
export function useAcknowledgeAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ alertId, ...body }: { alertId: number } & AlertAcknowledge) =>
      api<AcknowledgedAlert>(`measure-alerts/acknowledge/${alertId}`, { method: "POST", body }),
    onSuccess: (row) => {
      if (row.acknowledgedNow) showAcknowledgedWithUndo(client, row.id);
      else toastSuccess(`Already acknowledged by ${row.acknowledged_data?.clinician ?? "a clinician"}`);
      refreshAlerts(client);
    },
    onError: (error) => toastError(error, "The alert could not be acknowledged"),
    meta: { errorToast: false },
  });
}
