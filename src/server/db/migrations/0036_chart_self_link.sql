-- The patient's own respondent link, kept on the chart by the write path (issue 12 §3, like the
-- care team of 0035): the chart's cca_user row that links the patient's own account with the
-- relation "self" (relation_id 1, src/server/patients/self-relation.ts), its lowest id if ever
-- more than one. The patient record's client_clinic_assignment_user_id field, the chart's address.
-- Worked out when read, it was a correlated subquery over cca_user in the patient read's
-- statement and in every row of a list page: an executor start-up, a table and an index more
-- (a backend takes its first 16 relation locks on the fast path, 0035's note).
ALTER TABLE client_clinic_assignment ADD COLUMN self_ccau_id bigint;

-- Makes the given charts' self link what cca_user says, writing only charts that changed.
CREATE FUNCTION chart_self_link_refresh(charts bigint[]) RETURNS void LANGUAGE sql AS $$
  UPDATE client_clinic_assignment c
  SET self_ccau_id = f.self_ccau_id
  FROM (
    SELECT k.id,
      (SELECT cu.id FROM client_clinic_assignment cc
        JOIN patient p ON p.id = cc.patient_id
        JOIN cca_user cu ON cu.cca_id = cc.id AND cu.user_id = p.user_id
        WHERE cc.id = k.id AND cu.relation_id = 1 AND cu.deleted_at IS NULL
        ORDER BY cu.id LIMIT 1) AS self_ccau_id
    FROM (SELECT DISTINCT unnest(charts) AS id) k
  ) f
  WHERE c.id = f.id AND c.self_ccau_id IS DISTINCT FROM f.self_ccau_id;
$$;

-- A link added, changed (relation, removal, restoring) or deleted: statement-level with
-- transition tables, so a bulk insert (the network generator's COPY) refreshes each chart once.
CREATE FUNCTION chart_self_link_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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
    PERFORM chart_self_link_refresh(charts);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER cca_user_self_link_insert AFTER INSERT ON cca_user REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION chart_self_link_changed();
CREATE TRIGGER cca_user_self_link_update AFTER UPDATE ON cca_user REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION chart_self_link_changed();
CREATE TRIGGER cca_user_self_link_delete AFTER DELETE ON cca_user REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION chart_self_link_changed();

-- The patient's account changed (no route does this today; a merge or repair by hand might).
CREATE FUNCTION chart_self_link_patient_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The refresh's rule for one chart, by the patient's key: per row of a bulk update (12,000
  -- accounts set in one statement), calling chart_self_link_refresh cost a millisecond a row
  -- (an SQL function's statement is planned on every call) and took the statement past 10 s.
  UPDATE client_clinic_assignment c
  SET self_ccau_id = (SELECT cu.id FROM cca_user cu
    WHERE cu.cca_id = c.id AND cu.user_id = NEW.user_id AND cu.relation_id = 1 AND cu.deleted_at IS NULL
    ORDER BY cu.id LIMIT 1)
  WHERE c.patient_id = NEW.id;
  RETURN NULL;
END
$$;

CREATE TRIGGER patient_self_link_account AFTER UPDATE OF user_id ON patient FOR EACH ROW
  WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION chart_self_link_patient_account();

-- Charts that exist already (an existing clinic's database).
SELECT chart_self_link_refresh(ARRAY(SELECT id FROM client_clinic_assignment));
