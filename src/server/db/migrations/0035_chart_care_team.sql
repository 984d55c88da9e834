-- Who cares for a chart, kept on the chart by the write path (issue 12 §3: denormalised per-chart
-- values instead of subqueries per row):
--   clinician_ids / team_ids:     the chart's clinicians and teams, ascending ids (the record's
--                                 clinicians and clinician_teams fields, entities/patient.json);
--   clinician_names / team_names: their names, in the order the patient list shows them.
-- Worked out when read, they were four correlated subqueries in the patient read's statement and
-- in every row of a list page. Each cost little to run but about as much to set up on every
-- execution (executor start-up was 11% of the machine's time under the read's load, perf,
-- 2026-11-28), and they took the statement to seven more tables and indexes.
ALTER TABLE client_clinic_assignment
  ADD COLUMN clinician_ids jsonb NOT NULL DEFAULT '[]',
  ADD COLUMN clinician_names jsonb NOT NULL DEFAULT '[]',
  ADD COLUMN team_ids jsonb NOT NULL DEFAULT '[]',
  ADD COLUMN team_names jsonb NOT NULL DEFAULT '[]';

-- Makes the given charts' four columns what their assignments say, writing only charts that
-- changed. A name is first and last name (a clinician) or the team's name, ordered as the list
-- sorts people and teams: last name, first name, then id; team name, then id.
CREATE FUNCTION chart_care_team_refresh(charts bigint[]) RETURNS void LANGUAGE sql AS $$
  UPDATE client_clinic_assignment c
  SET clinician_ids = f.clinician_ids, clinician_names = f.clinician_names,
    team_ids = f.team_ids, team_names = f.team_names
  FROM (
    SELECT k.id,
      coalesce((SELECT jsonb_agg(rc.clinician_id ORDER BY rc.clinician_id)
        FROM cca_clinician rc WHERE rc.cca_id = k.id), '[]') AS clinician_ids,
      coalesce((SELECT jsonb_agg(u.first_name || ' ' || u.last_name ORDER BY lower(u.last_name), lower(u.first_name), u.id)
        FROM cca_clinician rc JOIN app_user u ON u.id = rc.clinician_id WHERE rc.cca_id = k.id), '[]') AS clinician_names,
      coalesce((SELECT jsonb_agg(rt.team_id ORDER BY rt.team_id)
        FROM cca_team rt WHERE rt.cca_id = k.id), '[]') AS team_ids,
      coalesce((SELECT jsonb_agg(t.name ORDER BY lower(t.name), t.id)
        FROM cca_team rt JOIN clinician_team t ON t.id = rt.team_id WHERE rt.cca_id = k.id), '[]') AS team_names
    FROM (SELECT DISTINCT unnest(charts) AS id) k
  ) f
  WHERE c.id = f.id
    AND (c.clinician_ids, c.clinician_names, c.team_ids, c.team_names)
      IS DISTINCT FROM (f.clinician_ids, f.clinician_names, f.team_ids, f.team_names);
$$;

-- An assignment added, moved or removed: statement-level with transition tables (as chart_access,
-- 0021), so a bulk insert refreshes each chart once. Both tables name the chart cca_id.
CREATE FUNCTION chart_care_team_assignment_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  charts bigint[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT cca_id) INTO charts FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT cca_id) INTO charts FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT k) INTO charts FROM (SELECT cca_id AS k FROM new_rows UNION SELECT cca_id FROM old_rows) c;
  END IF;
  IF charts IS NOT NULL THEN
    PERFORM chart_care_team_refresh(charts);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER cca_clinician_care_team_insert AFTER INSERT ON cca_clinician REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION chart_care_team_assignment_changed();
CREATE TRIGGER cca_clinician_care_team_update AFTER UPDATE ON cca_clinician REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION chart_care_team_assignment_changed();
CREATE TRIGGER cca_clinician_care_team_delete AFTER DELETE ON cca_clinician REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION chart_care_team_assignment_changed();
CREATE TRIGGER cca_team_care_team_insert AFTER INSERT ON cca_team REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION chart_care_team_assignment_changed();
CREATE TRIGGER cca_team_care_team_update AFTER UPDATE ON cca_team REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION chart_care_team_assignment_changed();
CREATE TRIGGER cca_team_care_team_delete AFTER DELETE ON cca_team REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION chart_care_team_assignment_changed();

-- A clinician or a team renamed: the charts they are assigned to. Row-level with a WHEN clause,
-- so the many updates of an account that leave its names alone (sign-ins, statuses, agreements)
-- cost nothing.
CREATE FUNCTION chart_care_team_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'app_user' THEN
    PERFORM chart_care_team_refresh(ARRAY(SELECT rc.cca_id FROM cca_clinician rc WHERE rc.clinician_id = NEW.id));
  ELSE
    PERFORM chart_care_team_refresh(ARRAY(SELECT rt.cca_id FROM cca_team rt WHERE rt.team_id = NEW.id));
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER app_user_care_team_renamed AFTER UPDATE OF first_name, last_name ON app_user FOR EACH ROW
  WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name)
  EXECUTE FUNCTION chart_care_team_renamed();
CREATE TRIGGER clinician_team_care_team_renamed AFTER UPDATE OF name ON clinician_team FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION chart_care_team_renamed();

-- Charts that have assignments already (an existing clinic's database).
SELECT chart_care_team_refresh(ARRAY(SELECT cca_id FROM cca_clinician UNION SELECT cca_id FROM cca_team));
