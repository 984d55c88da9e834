-- What a patient's record and list row show of the chart's results, kept on the patient by the
-- write path (issue 12 §3: "denormalised latest completed and active alert per chart"):
--   latest_completed_at: when the chart's newest submitted session was completed (null: none);
--   latest_score:        the newest submitted session that has a total score, as served
--                        ({measure, score, severity, completed_at}; null: none);
--   open_alert_count:    the chart's alerts not yet acknowledged.
-- Worked out when read, they were three correlated subqueries over sessions, scores, measures and
-- alerts. Besides their own cost, they took the patient read's statement to 23 tables and indexes:
-- PostgreSQL takes a backend's first 16 relation locks on its fast path and the rest in the shared
-- lock table, and the read's statement ran at 10,300 a second against 19,000 without them
-- (pgbench, 8 clients; docs/benchmarks.md). Now the statement reads them as columns.
ALTER TABLE patient
  ADD COLUMN latest_completed_at timestamptz,
  ADD COLUMN latest_score jsonb,
  ADD COLUMN open_alert_count integer NOT NULL DEFAULT 0;

-- The latest score as the record serves it (entities/patient.json latest_score), spelled once for
-- the refresh and the rebuild below; the completion time as UTC ISO text, like every served date.
CREATE FUNCTION patient_latest_score(measure text, score numeric, severity text, completed_at timestamptz)
RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object('measure', measure, 'score', score, 'severity', severity,
    'completed_at', to_char(completed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))
$$;

-- The two results of the given charts, written only where they changed. The newest scored
-- session: each respondent link's newest scored submitted session (client_measure_submitted_idx,
-- newest first, stopping at the first with a total score), then the newest of those.
CREATE FUNCTION patient_results_refresh(charts bigint[]) RETURNS void LANGUAGE sql AS $$
  WITH changed AS (SELECT DISTINCT unnest(charts) AS id),
  fresh AS (
    SELECT c.patient_id,
      (SELECT max(cm.completed_at) FROM cca_user cu JOIN client_measure cm ON cm.ccau_id = cu.id
        WHERE cu.cca_id = c.id AND cm.status = 'submitted') AS completed_at,
      (SELECT patient_latest_score(m.abbreviation, s.value, s.severity, s.completed_at)
        FROM cca_user cu
        CROSS JOIN LATERAL (SELECT cm.id, cm.measure_id, cm.severity, cm.completed_at, ms.value
          FROM client_measure cm
          JOIN measure_score ms ON ms.client_measure_id = cm.id AND ms.score_type = 'total_score'
          WHERE cm.ccau_id = cu.id AND cm.status = 'submitted'
          ORDER BY cm.completed_at DESC, cm.id DESC LIMIT 1) s
        JOIN measure m ON m.id = s.measure_id
        WHERE cu.cca_id = c.id
        ORDER BY s.completed_at DESC, s.id DESC LIMIT 1) AS score
    FROM changed JOIN client_clinic_assignment c ON c.id = changed.id
  )
  UPDATE patient p SET latest_completed_at = f.completed_at, latest_score = f.score
  FROM fresh f
  WHERE p.id = f.patient_id
    AND (p.latest_completed_at, p.latest_score) IS DISTINCT FROM (f.completed_at, f.score);
$$;

-- Every patient's results in one pass (sorts and hashes, not a probe per chart): for the
-- patients already stored (below), and for a bulk load that wrote sessions with the triggers
-- below off (the generated network, like the episode ends of 0029).
CREATE FUNCTION patient_results_rebuild() RETURNS void LANGUAGE sql AS $$
  UPDATE patient p SET latest_completed_at = f.completed_at, latest_score = f.score
  FROM (
    SELECT c.patient_id, done.at AS completed_at, scored.score
    FROM client_clinic_assignment c
    LEFT JOIN (
      SELECT cu.cca_id, max(cm.completed_at) AS at
      FROM client_measure cm JOIN cca_user cu ON cu.id = cm.ccau_id
      WHERE cm.status = 'submitted' GROUP BY cu.cca_id
    ) done ON done.cca_id = c.id
    LEFT JOIN (
      SELECT DISTINCT ON (cu.cca_id) cu.cca_id,
        patient_latest_score(m.abbreviation, ms.value, cm.severity, cm.completed_at) AS score
      FROM client_measure cm
      JOIN cca_user cu ON cu.id = cm.ccau_id
      JOIN measure_score ms ON ms.client_measure_id = cm.id AND ms.score_type = 'total_score'
      JOIN measure m ON m.id = cm.measure_id
      WHERE cm.status = 'submitted'
      ORDER BY cu.cca_id, cm.completed_at DESC, cm.id DESC
    ) scored ON scored.cca_id = c.id
  ) f
  WHERE p.id = f.patient_id
    AND (p.latest_completed_at, p.latest_score) IS DISTINCT FROM (f.completed_at, f.score);
$$;

-- Sessions inserted or deleted: per statement (a bulk insert refreshes each chart once), over the
-- submitted ones. A session deleted with its respondent link no longer finds its chart here; the
-- link's own trigger below refreshes it.
CREATE FUNCTION session_results_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM patient_results_refresh(ARRAY(
      SELECT DISTINCT cu.cca_id FROM new_rows n JOIN cca_user cu ON cu.id = n.ccau_id WHERE n.status = 'submitted'));
  ELSE
    PERFORM patient_results_refresh(ARRAY(
      SELECT DISTINCT cu.cca_id FROM old_rows o JOIN cca_user cu ON cu.id = o.ccau_id WHERE o.status = 'submitted'));
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER client_measure_results_insert AFTER INSERT ON client_measure
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION session_results_rows_changed();
CREATE TRIGGER client_measure_results_delete AFTER DELETE ON client_measure
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION session_results_rows_changed();

-- Session updates: per row, and only when the update can change a result (as 0022 and 0029 do):
-- a session submitted, reopened or withdrawn, or a submitted one moved in time, to another link or
-- measure, or given another severity. An answer save changes none of these: no call.
CREATE FUNCTION session_results_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM patient_results_refresh(ARRAY(
    SELECT DISTINCT cu.cca_id FROM cca_user cu WHERE cu.id IN (OLD.ccau_id, NEW.ccau_id)));
  RETURN NULL;
END
$$;
CREATE TRIGGER client_measure_results_update
  AFTER UPDATE OF status, completed_at, ccau_id, measure_id, severity ON client_measure
  FOR EACH ROW
  WHEN ((OLD.status = 'submitted' OR NEW.status = 'submitted')
    AND (OLD.status, OLD.completed_at, OLD.ccau_id, OLD.measure_id, OLD.severity)
      IS DISTINCT FROM (NEW.status, NEW.completed_at, NEW.ccau_id, NEW.measure_id, NEW.severity))
  EXECUTE FUNCTION session_results_row_changed();

-- Total scores written, changed or removed (a submit writes its scores after the session row).
CREATE FUNCTION score_results_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM patient_results_refresh(ARRAY(
      SELECT DISTINCT cu.cca_id FROM new_rows n JOIN client_measure cm ON cm.id = n.client_measure_id
      JOIN cca_user cu ON cu.id = cm.ccau_id WHERE n.score_type = 'total_score'));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM patient_results_refresh(ARRAY(
      SELECT DISTINCT cu.cca_id FROM old_rows o JOIN client_measure cm ON cm.id = o.client_measure_id
      JOIN cca_user cu ON cu.id = cm.ccau_id WHERE o.score_type = 'total_score'));
  ELSE
    PERFORM patient_results_refresh(ARRAY(
      SELECT cu.cca_id FROM new_rows n JOIN client_measure cm ON cm.id = n.client_measure_id
      JOIN cca_user cu ON cu.id = cm.ccau_id WHERE n.score_type = 'total_score'
      UNION SELECT cu.cca_id FROM old_rows o JOIN client_measure cm ON cm.id = o.client_measure_id
      JOIN cca_user cu ON cu.id = cm.ccau_id WHERE o.score_type = 'total_score'));
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER measure_score_results_insert AFTER INSERT ON measure_score
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION score_results_changed();
CREATE TRIGGER measure_score_results_update AFTER UPDATE ON measure_score
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION score_results_changed();
CREATE TRIGGER measure_score_results_delete AFTER DELETE ON measure_score
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION score_results_changed();

-- A measure renamed (a library update): the charts whose latest score shows its old abbreviation.
CREATE FUNCTION measure_results_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM patient_results_refresh(ARRAY(
    SELECT c.id FROM patient p JOIN client_clinic_assignment c ON c.patient_id = p.id
    WHERE p.latest_score ->> 'measure' = OLD.abbreviation));
  RETURN NULL;
END
$$;
CREATE TRIGGER measure_results_renamed AFTER UPDATE OF abbreviation ON measure
  FOR EACH ROW WHEN (OLD.abbreviation IS DISTINCT FROM NEW.abbreviation)
  EXECUTE FUNCTION measure_results_renamed();

-- A respondent link deleted outright takes its sessions with it (ON DELETE CASCADE).
CREATE FUNCTION respondent_link_results_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM patient_results_refresh(ARRAY(SELECT DISTINCT cca_id FROM old_rows));
  RETURN NULL;
END
$$;
CREATE TRIGGER cca_user_results_delete AFTER DELETE ON cca_user
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION respondent_link_results_deleted();

-- The open alert count joins 0012's triage keys: the same triggers (every alert raised,
-- acknowledged, undone or deleted; a link deleted) already refresh the chart's open alerts.
CREATE OR REPLACE FUNCTION patient_triage_refresh(charts bigint[]) RETURNS void LANGUAGE sql AS $$
  WITH changed AS (SELECT DISTINCT unnest(charts) AS id),
  open_alerts AS (
    SELECT a.cca_id, max(a.raised_at) AS at, count(*)::int AS n FROM changed JOIN alert a ON a.cca_id = changed.id
    WHERE a.acknowledged_at IS NULL GROUP BY a.cca_id
  ),
  to_do AS (
    SELECT cu.cca_id, min(cm.due_date) AS at FROM changed
    JOIN cca_user cu ON cu.cca_id = changed.id
    JOIN client_measure cm ON cm.ccau_id = cu.id
    WHERE cm.status IN ('not_started', 'partial') GROUP BY cu.cca_id
  ),
  fresh AS (
    SELECT c.patient_id, oa.at AS alert_at, coalesce(oa.n, 0) AS alerts, td.at AS due_at FROM changed
    JOIN client_clinic_assignment c ON c.id = changed.id
    LEFT JOIN open_alerts oa ON oa.cca_id = c.id
    LEFT JOIN to_do td ON td.cca_id = c.id
  )
  UPDATE patient p SET triage_alert_at = f.alert_at, open_alert_count = f.alerts, triage_due_at = f.due_at
  FROM fresh f
  WHERE p.id = f.patient_id
    AND (p.triage_alert_at, p.open_alert_count, p.triage_due_at) IS DISTINCT FROM (f.alert_at, f.alerts, f.due_at);
$$;

SELECT patient_results_rebuild();
SELECT patient_triage_refresh(ARRAY(SELECT DISTINCT cca_id FROM alert WHERE acknowledged_at IS NULL));
