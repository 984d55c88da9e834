-- Issue 12 §3: the patient read and list at a clinic network's scale (docs/benchmarks.md, "Query
-- plans (issue 12 §3)").
--
-- 1. Who may see which chart, kept as rows. The access rule (spec §6; patient-access.ts) was an OR
--    of EXISTS over assignments, teams, programs and supervision, evaluated for every patient a
--    list walked past: a clinician's small caseload meant reading the whole clinic to fill a page,
--    and every count did. chart_access holds one row per (person, chart, way they see it), so every
--    view is a single semi-join on an index: the planner either walks the list's sort index and
--    probes it, or starts from the person's own charts, and it knows from the table's statistics
--    how many there are. chart_access_rule() below is the rule, written once; triggers keep the
--    rows in the same transaction as any change to its inputs, whoever writes them.
--      via 'clinician':  assigned to the chart, or a clinician of a program it is admitted to
--      via 'team':       a member of a team assigned to it, or of a program team it is admitted to
--      via 'supervisor': supervises someone who sees it as 'clinician' or 'team'
--    An admission gives its program's people the chart until it is finally discharged.
--    The chart's patient is kept beside it (a chart never changes patient): the patient list
--    and read check a patient without reading their chart first (patient-access.ts patientVisible).
CREATE TABLE chart_access (
  user_id    bigint NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  cca_id     bigint NOT NULL REFERENCES client_clinic_assignment (id) ON DELETE CASCADE,
  patient_id bigint NOT NULL,
  via        text   NOT NULL CHECK (via IN ('clinician', 'team', 'supervisor')),
  PRIMARY KEY (user_id, cca_id, via)
);
CREATE INDEX chart_access_patient_idx ON chart_access (user_id, patient_id, via);
-- The other way round: who sees a chart (alert reminders), and refreshing a chart's rows.
CREATE INDEX chart_access_chart_idx ON chart_access (cca_id);
-- How many charts each person sees each way, for the planner: a clinician's 30,000 charts are
-- walked in the list's order, a colleague's 300 are read first (and the list's total estimated
-- from the same figures, list-total.ts). Without these it multiplies the person's share by the
-- way's, which are far from independent. One entry per (person, way) for a few hundred staff.
ALTER TABLE chart_access ALTER COLUMN user_id SET STATISTICS 1000;
CREATE STATISTICS chart_access_user_via (mcv) ON user_id, via FROM chart_access;
ALTER STATISTICS chart_access_user_via SET STATISTICS 1000;

-- The rule, for the given charts.
CREATE FUNCTION chart_access_rule(charts bigint[]) RETURNS TABLE (user_id bigint, cca_id bigint, via text)
LANGUAGE sql STABLE AS $$
  WITH assigned AS (
    SELECT ac.clinician_id AS user_id, ac.cca_id, 'clinician'::text AS via
    FROM cca_clinician ac WHERE ac.cca_id = ANY (charts)
    UNION
    SELECT tm.user_id, tte.cca_id, 'team'
    FROM cca_team tte JOIN clinician_team_member tm ON tm.team_id = tte.team_id
    WHERE tte.cca_id = ANY (charts)
    UNION
    SELECT pc.clinician_id, acp.cca_id, 'clinician'
    FROM access_control_program acp JOIN program_clinician pc ON pc.program_id = acp.program_id
    WHERE acp.cca_id = ANY (charts) AND acp.discharge_status IS DISTINCT FROM 'final'
    UNION
    SELECT ptm.user_id, acp.cca_id, 'team'
    FROM access_control_program acp
    JOIN program_clinician_team pt ON pt.program_id = acp.program_id
    JOIN clinician_team_member ptm ON ptm.team_id = pt.team_id
    WHERE acp.cca_id = ANY (charts) AND acp.discharge_status IS DISTINCT FROM 'final'
  )
  SELECT a.user_id, a.cca_id, a.via FROM assigned a
  UNION
  SELECT s.supervisor_id, a.cca_id, 'supervisor' FROM assigned a JOIN supervision s ON s.clinician_id = a.user_id
$$;

-- Makes the given charts' rows what the rule says, writing only the rows that changed.
CREATE FUNCTION chart_access_refresh(charts bigint[]) RETURNS void LANGUAGE sql AS $$
  WITH fresh AS MATERIALIZED (SELECT * FROM chart_access_rule(charts)),
  gone AS (
    DELETE FROM chart_access ca WHERE ca.cca_id = ANY (charts)
      AND NOT EXISTS (SELECT 1 FROM fresh f WHERE f.user_id = ca.user_id AND f.cca_id = ca.cca_id AND f.via = ca.via)
  )
  INSERT INTO chart_access (user_id, cca_id, patient_id, via)
  SELECT f.user_id, f.cca_id, c.patient_id, f.via FROM fresh f JOIN client_clinic_assignment c ON c.id = f.cca_id
  WHERE NOT EXISTS (SELECT 1 FROM chart_access ca WHERE ca.user_id = f.user_id AND ca.cca_id = f.cca_id AND ca.via = f.via)
  ON CONFLICT DO NOTHING;
$$;

-- The charts whose access a change of the given keys can alter.
CREATE FUNCTION chart_access_affected(kind text, keys bigint[]) RETURNS bigint[] LANGUAGE sql STABLE AS $$
  SELECT CASE kind
    WHEN 'chart' THEN keys
    -- A team's members changed: its charts, and those admitted to its programs.
    WHEN 'team' THEN ARRAY(
      SELECT tte.cca_id FROM cca_team tte WHERE tte.team_id = ANY (keys)
      UNION
      SELECT acp.cca_id FROM access_control_program acp
      JOIN program_clinician_team pt ON pt.program_id = acp.program_id WHERE pt.team_id = ANY (keys))
    -- A program's clinicians or teams changed: the charts admitted to it.
    WHEN 'program' THEN ARRAY(SELECT acp.cca_id FROM access_control_program acp WHERE acp.program_id = ANY (keys))
    -- Someone's supervisors changed: the charts they see (their own rows are unchanged by it).
    WHEN 'supervisee' THEN ARRAY(
      SELECT DISTINCT ca.cca_id FROM chart_access ca WHERE ca.user_id = ANY (keys) AND ca.via IN ('clinician', 'team'))
  END
$$;

-- Statement-level with transition tables (as 0012's triage keys): a bulk insert refreshes each
-- chart once. Arguments: the changed rows' key column, and what kind of key it is.
CREATE FUNCTION chart_access_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  keys bigint[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE format('SELECT array_agg(DISTINCT %I) FROM new_rows', TG_ARGV[0]) INTO keys;
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE format('SELECT array_agg(DISTINCT %I) FROM old_rows', TG_ARGV[0]) INTO keys;
  ELSE
    EXECUTE format('SELECT array_agg(DISTINCT k) FROM (SELECT %1$I AS k FROM new_rows UNION SELECT %1$I FROM old_rows) c',
      TG_ARGV[0]) INTO keys;
  END IF;
  IF keys IS NOT NULL THEN
    PERFORM chart_access_refresh(chart_access_affected(TG_ARGV[1], keys));
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER cca_clinician_access_insert AFTER INSERT ON cca_clinician REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION chart_access_changed('cca_id', 'chart');
CREATE TRIGGER cca_clinician_access_update AFTER UPDATE ON cca_clinician REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION chart_access_changed('cca_id', 'chart');
CREATE TRIGGER cca_clinician_access_delete AFTER DELETE ON cca_clinician REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION chart_access_changed('cca_id', 'chart');

CREATE TRIGGER cca_team_access_insert AFTER INSERT ON cca_team REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION chart_access_changed('cca_id', 'chart');
CREATE TRIGGER cca_team_access_update AFTER UPDATE ON cca_team REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION chart_access_changed('cca_id', 'chart');
CREATE TRIGGER cca_team_access_delete AFTER DELETE ON cca_team REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION chart_access_changed('cca_id', 'chart');

CREATE TRIGGER admission_access_insert AFTER INSERT ON access_control_program REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION chart_access_changed('cca_id', 'chart');
CREATE TRIGGER admission_access_update AFTER UPDATE ON access_control_program REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION chart_access_changed('cca_id', 'chart');
CREATE TRIGGER admission_access_delete AFTER DELETE ON access_control_program REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION chart_access_changed('cca_id', 'chart');

CREATE TRIGGER team_member_access_insert AFTER INSERT ON clinician_team_member REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION chart_access_changed('team_id', 'team');
CREATE TRIGGER team_member_access_update AFTER UPDATE ON clinician_team_member REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION chart_access_changed('team_id', 'team');
CREATE TRIGGER team_member_access_delete AFTER DELETE ON clinician_team_member REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION chart_access_changed('team_id', 'team');

CREATE TRIGGER program_clinician_access_insert AFTER INSERT ON program_clinician REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION chart_access_changed('program_id', 'program');
CREATE TRIGGER program_clinician_access_update AFTER UPDATE ON program_clinician REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION chart_access_changed('program_id', 'program');
CREATE TRIGGER program_clinician_access_delete AFTER DELETE ON program_clinician REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION chart_access_changed('program_id', 'program');

CREATE TRIGGER program_team_access_insert AFTER INSERT ON program_clinician_team REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION chart_access_changed('program_id', 'program');
CREATE TRIGGER program_team_access_update AFTER UPDATE ON program_clinician_team REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION chart_access_changed('program_id', 'program');
CREATE TRIGGER program_team_access_delete AFTER DELETE ON program_clinician_team REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION chart_access_changed('program_id', 'program');

CREATE TRIGGER supervision_access_insert AFTER INSERT ON supervision REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION chart_access_changed('clinician_id', 'supervisee');
CREATE TRIGGER supervision_access_update AFTER UPDATE ON supervision REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION chart_access_changed('clinician_id', 'supervisee');
CREATE TRIGGER supervision_access_delete AFTER DELETE ON supervision REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION chart_access_changed('clinician_id', 'supervisee');

SELECT chart_access_refresh(ARRAY(SELECT id FROM client_clinic_assignment));
ANALYZE chart_access;

-- 2. Sorting: one index per sort in the list's order (key, last name, first name, id), walked
--    forwards for one order and backwards for the other: the engine leaves NOT NULL keys' nulls
--    order implicit (patient-entity.ts notNullSorts), so a backward walk matches it. MRN sorts by
--    patient_mrn_key (unique: the names after it never decide). The triage keys hold nulls (no
--    alert, nothing due), which stay last in both orders, so each order has its own index.
DROP INDEX patient_name_idx;
CREATE INDEX patient_name_idx ON patient (lower(last_name), lower(first_name), id);
CREATE INDEX patient_birth_date_idx ON patient (birth_date, lower(last_name), lower(first_name), id);
CREATE INDEX patient_gender_idx ON patient (gender, lower(last_name), lower(first_name), id);
CREATE INDEX patient_triage_alert_desc_idx ON patient
  (triage_alert_at ASC NULLS LAST, lower(last_name) DESC, lower(first_name) DESC, id DESC);
CREATE INDEX patient_triage_due_desc_idx ON patient
  (triage_due_at DESC NULLS LAST, lower(last_name) DESC, lower(first_name) DESC, id DESC);

-- 3. Search matches anywhere in a name or MRN (ILIKE '%text%'; docs/entity-engine.md §4), which
--    only a trigram index can serve. "First last" contains both names, so one index on it serves
--    a search of either name (entity-read.ts searches it alone when both names are NOT NULL).
--    pg_trgm ships with PostgreSQL (a trusted extension) and PGlite (connect.ts loads it). Without
--    it a search still finds the same patients, reading all of them: say so and go on.
DO $$
DECLARE
  trgm text;
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
  EXCEPTION WHEN OTHERS THEN
    RAISE WARNING 'pg_trgm is not available (%): patient search works but reads every patient', SQLERRM;
    RETURN;
  END;
  SELECT n.nspname INTO trgm FROM pg_extension x JOIN pg_namespace n ON n.oid = x.extnamespace WHERE x.extname = 'pg_trgm';
  EXECUTE format('CREATE INDEX patient_full_name_trgm_idx ON patient USING gin ((first_name || '' '' || last_name) %I.gin_trgm_ops)', trgm);
  EXECUTE format('CREATE INDEX patient_mrn_trgm_idx ON patient USING gin (mrn %I.gin_trgm_ops)', trgm);
END
$$;
ANALYZE patient;

-- 4. A chart's newest scored session (the list's "Latest score") walks its completed sessions
--    newest first and stops at the first with a total score (patient-triage.ts).
CREATE INDEX client_measure_submitted_order_idx ON client_measure (ccau_id, completed_at DESC, id DESC)
  WHERE status = 'submitted';
DROP INDEX client_measure_submitted_idx;
