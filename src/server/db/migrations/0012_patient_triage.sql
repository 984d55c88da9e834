-- The patient list as a triage list (issue 9 §3): each patient carries the two keys the list sorts
-- by, so "alerts first" and "overdue first" page by keyset over an index instead of working out a
-- subquery for every one of 100,000 patients before the first page can be cut. Triggers keep them
-- in the same transaction as the alerts and sessions they summarise, whoever writes those rows
-- (raising, acknowledging and undoing alerts; scheduling, answering, submitting, disabling and
-- deleting sessions; deleting a respondent link). docs/patient-list.md explains the choice.
--   triage_alert_at: when the chart's newest unacknowledged alert was raised (null: none).
--   triage_due_at:   the earliest due date of a session not yet completed (not started or
--                    partial; null: nothing due). Overdue patients therefore come first, oldest first.
ALTER TABLE patient ADD COLUMN triage_alert_at timestamptz;
ALTER TABLE patient ADD COLUMN triage_due_at timestamptz;

-- Recomputes the keys of the given charts; writes only the patients whose keys changed. Set-based
-- (joins and GROUP BY over the changed charts, not a subquery per chart): a bulk statement may
-- name every chart, and the planner can then hash instead of probing chart by chart.
CREATE FUNCTION patient_triage_refresh(charts bigint[]) RETURNS void LANGUAGE sql AS $$
  WITH changed AS (SELECT DISTINCT unnest(charts) AS id),
  open_alerts AS (
    SELECT a.cca_id, max(a.raised_at) AS at FROM changed JOIN alert a ON a.cca_id = changed.id
    WHERE a.acknowledged_at IS NULL GROUP BY a.cca_id
  ),
  to_do AS (
    SELECT cu.cca_id, min(cm.due_date) AS at FROM changed
    JOIN cca_user cu ON cu.cca_id = changed.id
    JOIN client_measure cm ON cm.ccau_id = cu.id
    WHERE cm.status IN ('not_started', 'partial') GROUP BY cu.cca_id
  ),
  fresh AS (
    SELECT c.patient_id, oa.at AS alert_at, td.at AS due_at FROM changed
    JOIN client_clinic_assignment c ON c.id = changed.id
    LEFT JOIN open_alerts oa ON oa.cca_id = c.id
    LEFT JOIN to_do td ON td.cca_id = c.id
  )
  UPDATE patient p SET triage_alert_at = f.alert_at, triage_due_at = f.due_at
  FROM fresh f
  WHERE p.id = f.patient_id
    AND (p.triage_alert_at IS DISTINCT FROM f.alert_at OR p.triage_due_at IS DISTINCT FROM f.due_at);
$$;

-- Statement-level, with transition tables: a bulk insert (the demo seed, a benchmark) refreshes
-- each chart once per statement, not once per row. A transition table serves one event, hence
-- one trigger per event.
CREATE FUNCTION alert_triage_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM patient_triage_refresh(ARRAY(SELECT DISTINCT cca_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM patient_triage_refresh(ARRAY(SELECT DISTINCT cca_id FROM old_rows));
  ELSE
    PERFORM patient_triage_refresh(ARRAY(SELECT cca_id FROM new_rows UNION SELECT cca_id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER alert_triage_insert AFTER INSERT ON alert
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION alert_triage_changed();
CREATE TRIGGER alert_triage_update AFTER UPDATE ON alert
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION alert_triage_changed();
CREATE TRIGGER alert_triage_delete AFTER DELETE ON alert
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION alert_triage_changed();

CREATE FUNCTION session_triage_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM patient_triage_refresh(ARRAY(
      SELECT DISTINCT cu.cca_id FROM new_rows n JOIN cca_user cu ON cu.id = n.ccau_id));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM patient_triage_refresh(ARRAY(
      SELECT DISTINCT cu.cca_id FROM old_rows o JOIN cca_user cu ON cu.id = o.ccau_id));
  ELSE
    PERFORM patient_triage_refresh(ARRAY(
      SELECT cu.cca_id FROM new_rows n JOIN cca_user cu ON cu.id = n.ccau_id
      UNION SELECT cu.cca_id FROM old_rows o JOIN cca_user cu ON cu.id = o.ccau_id));
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER client_measure_triage_insert AFTER INSERT ON client_measure
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION session_triage_changed();
CREATE TRIGGER client_measure_triage_update AFTER UPDATE ON client_measure
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION session_triage_changed();
CREATE TRIGGER client_measure_triage_delete AFTER DELETE ON client_measure
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION session_triage_changed();

-- A respondent link deleted outright takes its sessions with it (ON DELETE CASCADE), after which
-- the sessions' own trigger can no longer find their chart: the link's trigger refreshes it.
CREATE FUNCTION respondent_link_triage_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM patient_triage_refresh(ARRAY(SELECT DISTINCT cca_id FROM old_rows));
  RETURN NULL;
END
$$;
CREATE TRIGGER cca_user_triage_delete AFTER DELETE ON cca_user
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION respondent_link_triage_deleted();

SELECT patient_triage_refresh(ARRAY(SELECT id FROM client_clinic_assignment));

-- The list's first sorts, in the engine's order (key, last name, first name, id, nulls last):
-- alerts newest first (the key runs against the list's order: x-sort-reversed), due dates oldest
-- first, names A to Z. The page is then a walk down one index.
CREATE INDEX patient_triage_alert_idx ON patient
  (triage_alert_at DESC NULLS LAST, lower(last_name), lower(first_name), id);
CREATE INDEX patient_triage_due_idx ON patient
  (triage_due_at, lower(last_name), lower(first_name), id);

-- The page's own values, one probe per patient shown: open alerts of a chart newest first (this
-- index also serves everything alert_open_idx did), sessions still to do by due date, and
-- completed sessions newest first (latest score, last completed).
CREATE INDEX alert_open_chart_idx ON alert (cca_id, raised_at DESC) WHERE acknowledged_at IS NULL;
DROP INDEX alert_open_idx;
-- A chart's respondent links, removed ones included (their submitted sessions still count): the
-- existing indexes on cca_user.cca_id are partial (deleted_at IS NULL) and cannot serve this.
CREATE INDEX cca_user_chart_idx ON cca_user (cca_id);
CREATE INDEX client_measure_pending_idx ON client_measure (ccau_id, due_date) WHERE status IN ('not_started', 'partial');
CREATE INDEX client_measure_submitted_idx ON client_measure (ccau_id, completed_at DESC) WHERE status = 'submitted';
