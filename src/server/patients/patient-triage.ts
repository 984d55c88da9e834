import { type RawBuilder, sql } from "kysely";
import { clinicTimeZoneSql, dueDayEnd } from "../sessions/availability.ts";

/**
 * What the patient list shows to triage by (issue 9 §3; docs/patient-list.md) that is worked out
 * when read: the next due date and whether it is overdue, which depends on the moment of reading.
 * The rest are the patient's own columns, kept by triggers: the sort keys triage_alert_at and
 * triage_due_at (migration 0012; next_due reads the second), and the open alert count, last
 * completed session and latest score (migration 0032), served through the schema's x-column.
 * Dates leave the database as UTC ISO text, whatever the session's time zone.
 */

const utcIso = (value: RawBuilder<unknown>) =>
  sql`to_char((${value}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

export const triageColumns = {
  // Overdue once the due day is over at the clinic: the moment the session stops being answerable
  // (availability.ts dueDayEnd), so "Overdue" and the respondent's "expired" always agree. The
  // earliest due date of the chart's sessions still to do is the patient's triage_due_at, kept by
  // the same triggers as the list's sort: read, not worked out again from the sessions per row.
  next_due: sql<unknown>`(case when e.triage_due_at is not null then json_build_object(
      'due_date', ${utcIso(sql`e.triage_due_at`)},
      'overdue', now() >= ${dueDayEnd(clinicTimeZoneSql, sql`e.triage_due_at`)}) end)`,
};
