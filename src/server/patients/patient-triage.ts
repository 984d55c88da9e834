import { type RawBuilder, sql } from "kysely";
import { clinicTimeZoneSql, dueDayEnd } from "../sessions/availability.ts";

/**
 * What the patient list shows to triage by (issue 9 §3; docs/patient-list.md), as SQL the entity
 * engine adds to the read of a page's rows only: one index probe per patient shown, never a pass
 * over the whole clinic. The sort keys are not here: they are the patient's triage_alert_at and
 * triage_due_at columns (migration 0012), kept by triggers so a sort pages by keyset over an index;
 * next_due reads the second.
 * Dates leave the database as UTC ISO text, whatever the session's time zone.
 */

const utcIso = (value: RawBuilder<unknown>) =>
  sql`to_char((${value}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

export const triageColumns = {
  active_alert_count: sql<number>`(select count(*)::int from alert a
    where a.cca_id = cca.id and a.acknowledged_at is null)`,
  // The most recent completed session that has a total score, whatever the instrument. Each of the
  // chart's respondent links walks its completed sessions newest first (client_measure_submitted_order_idx)
  // and stops at the first scored one; the newest of those is the chart's.
  latest_score: sql<unknown>`(select json_build_object('measure', m.abbreviation,
      'score', s.value, 'severity', s.severity, 'completed_at', ${utcIso(sql`s.completed_at`)})
    from cca_user cu
    cross join lateral (select cm.id, cm.measure_id, cm.severity, cm.completed_at, ms.value
      from client_measure cm
      join measure_score ms on ms.client_measure_id = cm.id and ms.score_type = 'total_score'
      where cm.ccau_id = cu.id and cm.status = 'submitted'
      order by cm.completed_at desc, cm.id desc limit 1) s
    join measure m on m.id = s.measure_id
    where cu.cca_id = cca.id
    order by s.completed_at desc, s.id desc limit 1)`,
  // Overdue once the due day is over at the clinic: the moment the session stops being answerable
  // (availability.ts dueDayEnd), so "Overdue" and the respondent's "expired" always agree. The
  // earliest due date of the chart's sessions still to do is the patient's triage_due_at, kept by
  // the same triggers as the list's sort: read, not worked out again from the sessions per row.
  next_due: sql<unknown>`(case when e.triage_due_at is not null then json_build_object(
      'due_date', ${utcIso(sql`e.triage_due_at`)},
      'overdue', now() >= ${dueDayEnd(clinicTimeZoneSql, sql`e.triage_due_at`)}) end)`,
};
