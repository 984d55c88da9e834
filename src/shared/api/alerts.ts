import type { PatientView } from "../permissions.ts";

export type AlertStatus = "active" | "acknowledged" | "all";

/** One alert as the alert lists show it (spec §3 Alert: id, measure, patient, time, acknowledged_data). */
export interface AlertRow {
  id: number;
  measure: string;
  measure_name: string;
  measureId: number;
  patient: string;
  patientId: number;
  ccaId: number;
  ccauId: number;
  clientMeasureId: number;
  rule_id: string;
  level: "critical" | "warning";
  message: string;
  time: string;
  acknowledged_data: { clinicianId: number; clinician: string; date: string } | null;
}

/**
 * GET /api/measure-alerts (with the list view it used) and GET /api/patients/:patientId/alerts
 * (without): one page of alerts.
 */
export interface AlertList {
  rows: AlertRow[];
  totalRecords: number;
  status: AlertStatus;
  patientSelector?: PatientView;
  views?: PatientView[];
}

/** POST /api/measure-alerts/acknowledge/:id: the alert, and whether this call acknowledged it. */
export interface AcknowledgedAlert extends AlertRow {
  acknowledgedNow: boolean;
}
