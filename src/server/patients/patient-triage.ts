import { type RawBuilder, sql } from "kysely";
import { defaultBundle, schemaById } from "../../shared/schema/bundle.ts";

/**
 * What the patient list shows to triage by (issue 9 §3; docs/patient-list.md), as SQL the entity
 * engine adds to the read of a page's rows only: one index probe per patient shown, never a pass
 * over the whole clinic. The sort keys are not here: they are the patient's triage_alert_at and
 * triage_due_at columns (migration 0012), kept by triggers so a sort pages by keyset over an index.
 * Dates leave the database as UTC ISO text, whatever the session's time zone.
 */

const DEFAULT_ZONE = String(
  schemaById(defaultBundle, "api/general-settings.json").properties?.client_time_zone?.default ?? "UTC",
);

/** The clinic's zone (general setting), which settings only ever store once checked. */
const clinicZone = sql`coalesce((select gs.value #>> '{}' from general_setting gs
  where gs.key = 'client_time_zone'), ${DEFAULT_ZONE})`;

const utcIso = (value: RawBuilder<unknown>) =>
  sql`to_char((${value}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

export const triageColumns = {
  active_alert_count: sql<number>`(select count(*)::int from alert a
    where a.cca_id = cca.id and a.acknowledged_at is null)`,
  // The most recent completed session that has a total score, whatever the instrument.
  latest_score: sql<unknown>`(select json_build_object('measure', m.abbreviation,
      'score', ms.value, 'severity', cm.severity, 'completed_at', ${utcIso(sql`cm.completed_at`)})
    from cca_user cu
    join client_measure cm on cm.ccau_id = cu.id and cm.status = 'submitted'
    join measure_score ms on ms.client_measure_id = cm.id and ms.score_type = 'total_score'
    join measure m on m.id = cm.measure_id
    where cu.cca_id = cca.id
    order by cm.completed_at desc, cm.id desc limit 1)`,
  // Overdue once the due day is over at the clinic: the moment the session stops being answerable
  // (availability.ts dueDayEnd), so "Overdue" and the respondent's "expired" always agree.
  next_due: sql<unknown>`(select json_build_object('due_date', ${utcIso(sql`d.due`)},
      'overdue', now() >= (((d.due at time zone 'UTC')::date + 1)::timestamp at time zone ${clinicZone}))
    from (select min(cm.due_date) as due from cca_user cu
      join client_measure cm on cm.ccau_id = cu.id and cm.status in ('not_started', 'partial')
      where cu.cca_id = cca.id) d
    where d.due is not null)`,
};
