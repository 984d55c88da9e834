import { type Kysely, sql } from "kysely";
import type { Database } from "../../src/server/db/database-types.ts";

/**
 * Patients whose stored results (migration 0032) differ from their definition computed afresh
 * (the newest submitted session of the chart, the newest with a total score, the alerts not
 * acknowledged), with both sides for the failure's message.
 */
export async function resultMismatches(db: Kysely<Database>): Promise<unknown[]> {
  const { rows } = await sql`
    select p.id, p.latest_completed_at as stored_at, d.at as fresh_at, p.latest_score as stored_score,
      s.score as fresh_score, p.open_alert_count as stored_alerts, a.n as fresh_alerts
    from patient p
    join client_clinic_assignment c on c.patient_id = p.id
    cross join lateral (select max(cm.completed_at) as at from client_measure cm
      join cca_user cu on cu.id = cm.ccau_id where cu.cca_id = c.id and cm.status = 'submitted') d
    left join lateral (select jsonb_build_object('measure', m.abbreviation, 'score', ms.value,
        'severity', cm.severity, 'completed_at', to_char(cm.completed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')) as score
      from client_measure cm
      join cca_user cu on cu.id = cm.ccau_id
      join measure_score ms on ms.client_measure_id = cm.id and ms.score_type = 'total_score'
      join measure m on m.id = cm.measure_id
      where cu.cca_id = c.id and cm.status = 'submitted'
      order by cm.completed_at desc, cm.id desc limit 1) s on true
    cross join lateral (select count(*)::int as n from alert al where al.cca_id = c.id and al.acknowledged_at is null) a
    where (p.latest_completed_at, p.latest_score, p.open_alert_count) is distinct from (d.at, s.score, a.n)
    order by p.id`.execute(db);
  return rows;
}
