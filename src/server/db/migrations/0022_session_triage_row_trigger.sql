-- The patient triage keys of 0012 are refreshed on a session update only when the update can
-- change them (issue 12). 0012's update trigger is statement-level with transition tables, which
-- PostgreSQL allows neither a column list nor a WHEN condition: every UPDATE of client_measure
-- recomputed its charts' keys, and every answer save updates its session (status, last answered
-- question), so every save paid for a refresh that never changed a thing.
-- triage_due_at is the earliest due date of a chart's sessions still to do (not started or
-- partial); an update changes it only when a session starts or stops being to do (submitted,
-- withdrawn, reopened), or when a session to do moves to another day or another respondent link.
-- Not started -> partial (the first answer) changes neither, nor does anything else a save writes.
-- A row-level trigger with a column list and a WHEN condition costs nothing when the condition is
-- false: no function call, no queued event. The updates that do change the keys touch a session or
-- the few open sessions of one schedule, link or admission at a time, so refreshing per row is cheap.
-- Inserts and deletes keep 0012's statement-level triggers: a bulk insert (the demo seed, a
-- generated network) refreshes each chart once per statement. session_triage_changed() keeps its
-- update branch; nothing calls it for updates any more.
DROP TRIGGER client_measure_triage_update ON client_measure;

CREATE FUNCTION session_triage_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM patient_triage_refresh(ARRAY(
    SELECT DISTINCT cu.cca_id FROM cca_user cu WHERE cu.id IN (OLD.ccau_id, NEW.ccau_id)));
  RETURN NULL;
END
$$;

CREATE TRIGGER client_measure_triage_update AFTER UPDATE OF status, due_date, ccau_id ON client_measure
  FOR EACH ROW
  WHEN ((OLD.status IN ('not_started', 'partial')) IS DISTINCT FROM (NEW.status IN ('not_started', 'partial'))
    OR (NEW.status IN ('not_started', 'partial')
      AND (OLD.due_date IS DISTINCT FROM NEW.due_date OR OLD.ccau_id IS DISTINCT FROM NEW.ccau_id)))
  EXECUTE FUNCTION session_triage_row_changed();
