-- The two ends of an episode's sessions of a measure by one respondent (their submitted sessions by
-- completion, then id): the first is "taken at admission" (outcome records' taken at, spec §3),
-- and the first and the last are the explorer's "first and last of each episode" (spec §9). Worked
-- out when read, they cost an index probe of each record's siblings, or a window numbering every
-- session of the query's programs; that window kept PostgreSQL from reading an export in
-- parallel: 11.1 s for 1.5 million records against 6.2 s with the answer stored here (issue 13
-- §6; docs/benchmarks.md). Kept by the triggers below on every write that can change them, so
-- the explorer, its charts and its exports read two columns.
ALTER TABLE client_measure
  ADD COLUMN first_in_episode boolean NOT NULL DEFAULT false,
  ADD COLUMN last_in_episode boolean NOT NULL DEFAULT false;

-- Sets both flags right for every session of the given groups (episode, respondent link, measure;
-- three arrays read side by side). Only a submitted session in an episode can be an end; a group
-- of one session has it at both ends.
CREATE FUNCTION episode_ends_refresh(acps bigint[], ccaus bigint[], measures bigint[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- One writer per episode at a time: two sessions of one episode submitted at once would each
  -- find itself last otherwise (each reads before the other commits). The UPDATE below then reads
  -- with a new snapshot, after the other writer's commit. Row locks rather than advisory ones: a
  -- bulk write locks thousands of episodes, and row locks take no shared memory.
  PERFORM 1 FROM access_control_program a WHERE a.id = ANY (acps) ORDER BY a.id FOR NO KEY UPDATE;
  UPDATE client_measure c
  SET first_in_episode = (c.id IS NOT DISTINCT FROM f.first_id),
      last_in_episode = (c.id IS NOT DISTINCT FROM f.last_id)
  FROM (
    SELECT g.acp, g.ccau, g.measure,
      (SELECT o.id FROM client_measure o
        WHERE o.access_control_program_id = g.acp AND o.ccau_id = g.ccau AND o.measure_id = g.measure
          AND o.status = 'submitted'
        ORDER BY o.completed_at, o.id LIMIT 1) AS first_id,
      (SELECT o.id FROM client_measure o
        WHERE o.access_control_program_id = g.acp AND o.ccau_id = g.ccau AND o.measure_id = g.measure
          AND o.status = 'submitted'
        ORDER BY o.completed_at DESC, o.id DESC LIMIT 1) AS last_id
    FROM (SELECT DISTINCT * FROM unnest(acps, ccaus, measures) AS u(acp, ccau, measure)) g
  ) f
  WHERE c.access_control_program_id = f.acp AND c.ccau_id = f.ccau AND c.measure_id = f.measure
    AND (c.first_in_episode, c.last_in_episode)
      IS DISTINCT FROM (c.id IS NOT DISTINCT FROM f.first_id, c.id IS NOT DISTINCT FROM f.last_id);
END
$$;

-- Inserts and deletes: per statement, over the submitted sessions written or removed (a bulk
-- insert refreshes each group once).
CREATE FUNCTION session_ends_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM episode_ends_refresh(array_agg(g.acp), array_agg(g.ccau), array_agg(g.measure))
    FROM (SELECT DISTINCT n.access_control_program_id AS acp, n.ccau_id AS ccau, n.measure_id AS measure
      FROM new_rows n WHERE n.status = 'submitted' AND n.access_control_program_id IS NOT NULL) g;
  ELSE
    PERFORM episode_ends_refresh(array_agg(g.acp), array_agg(g.ccau), array_agg(g.measure))
    FROM (SELECT DISTINCT o.access_control_program_id AS acp, o.ccau_id AS ccau, o.measure_id AS measure
      FROM old_rows o WHERE o.status = 'submitted' AND o.access_control_program_id IS NOT NULL) g;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER client_measure_ends_insert AFTER INSERT ON client_measure
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION session_ends_rows_changed();
CREATE TRIGGER client_measure_ends_delete AFTER DELETE ON client_measure
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION session_ends_rows_changed();

-- Updates: per row, and only when the update can move an end (as 0022 does for the triage keys):
-- a session submitted, reopened or withdrawn, or a submitted one moved to another time, episode,
-- respondent link or measure. An answer save changes none of these: no call.
CREATE FUNCTION session_ends_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM episode_ends_refresh(array_agg(g.acp), array_agg(g.ccau), array_agg(g.measure))
  FROM (VALUES (OLD.access_control_program_id, OLD.ccau_id, OLD.measure_id),
               (NEW.access_control_program_id, NEW.ccau_id, NEW.measure_id)) AS g(acp, ccau, measure)
  WHERE g.acp IS NOT NULL;
  -- Taken out of its episode, the session is in no group the refresh reads: no longer an end.
  IF NEW.access_control_program_id IS NULL AND (NEW.first_in_episode OR NEW.last_in_episode) THEN
    UPDATE client_measure SET first_in_episode = false, last_in_episode = false WHERE id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER client_measure_ends_update
  AFTER UPDATE OF status, completed_at, access_control_program_id, ccau_id, measure_id ON client_measure
  FOR EACH ROW
  WHEN ((OLD.status = 'submitted' OR NEW.status = 'submitted')
    AND (OLD.status, OLD.completed_at, OLD.access_control_program_id, OLD.ccau_id, OLD.measure_id)
      IS DISTINCT FROM (NEW.status, NEW.completed_at, NEW.access_control_program_id, NEW.ccau_id, NEW.measure_id))
  EXECUTE FUNCTION session_ends_row_changed();

-- Every session's flags in one pass, whatever they held: for the sessions already stored (below),
-- and for a bulk load that wrote sessions with these triggers off (the generated network: its
-- chunks arrive without the session indexes, where a refresh per chunk would scan the table).
CREATE FUNCTION episode_ends_rebuild() RETURNS void LANGUAGE sql AS $$
  UPDATE client_measure c SET first_in_episode = x.is_first, last_in_episode = x.is_last
  FROM (
    SELECT o.id, (f.id IS NOT NULL) AS is_first, (l.id IS NOT NULL) AS is_last
    FROM client_measure o
    LEFT JOIN (
      SELECT DISTINCT ON (access_control_program_id, ccau_id, measure_id) id
      FROM client_measure
      WHERE status = 'submitted' AND access_control_program_id IS NOT NULL
      ORDER BY access_control_program_id, ccau_id, measure_id, completed_at, id
    ) f ON f.id = o.id
    LEFT JOIN (
      SELECT DISTINCT ON (access_control_program_id, ccau_id, measure_id) id
      FROM client_measure
      WHERE status = 'submitted' AND access_control_program_id IS NOT NULL
      ORDER BY access_control_program_id, ccau_id, measure_id, completed_at DESC, id DESC
    ) l ON l.id = o.id
  ) x
  WHERE c.id = x.id AND (c.first_in_episode, c.last_in_episode) IS DISTINCT FROM (x.is_first, x.is_last);
$$;

SELECT episode_ends_rebuild();
