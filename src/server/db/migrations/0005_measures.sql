-- Measures, sessions and alerts (issue 4). Extends the catalogue and session tables of 0001.

-- The library row is keyed by the definition's stable id (measures/{id}.json); the JSON of the
-- newest definition stays on the row for the library pages, every distinct content it ever had
-- is kept in measure_version, and a session points at the exact version it was answered with.
ALTER TABLE measure ADD COLUMN definition_id text;
UPDATE measure SET definition_id = lower(abbreviation) WHERE definition_id IS NULL;
ALTER TABLE measure ALTER COLUMN definition_id SET NOT NULL;
CREATE UNIQUE INDEX measure_definition_id_key ON measure (definition_id);
ALTER TABLE measure ADD COLUMN version text NOT NULL DEFAULT '0.0.0';
ALTER TABLE measure ADD COLUMN content_hash text NOT NULL DEFAULT '';
ALTER TABLE measure ADD COLUMN license_status text;
-- False once the definition file is gone from measures/: past results stay readable, nobody schedules it.
ALTER TABLE measure ADD COLUMN in_library boolean NOT NULL DEFAULT true;
ALTER TABLE measure ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

CREATE TABLE measure_version (
  id           bigserial PRIMARY KEY,
  measure_id   bigint NOT NULL REFERENCES measure (id) ON DELETE CASCADE,
  version      text NOT NULL,
  -- sha256 of the definition JSON: a content change that forgot to bump `version` is still a new row.
  content_hash text NOT NULL,
  definition   jsonb NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (measure_id, content_hash)
);
ALTER TABLE measure ADD COLUMN current_version_id bigint REFERENCES measure_version (id);

-- A user's star overrides the definition's starred-by-default flag either way.
ALTER TABLE measure_star ADD COLUMN starred boolean NOT NULL DEFAULT true;

-- The definition version a session is answered with, and the engine's full result at submit time
-- (the record of what the clinician was shown; measure_score holds the numbers for queries).
ALTER TABLE client_measure ADD COLUMN measure_version_id bigint REFERENCES measure_version (id);
ALTER TABLE client_measure ADD COLUMN score_result jsonb;
CREATE INDEX client_measure_measure_idx ON client_measure (ccau_id, measure_id, due_date);

-- One alert per rule per session: raising again (a save, then the submit) is a no-op.
ALTER TABLE alert ADD COLUMN level text NOT NULL DEFAULT 'critical' CHECK (level IN ('critical', 'warning'));
ALTER TABLE alert ADD COLUMN question_id text;
ALTER TABLE alert ADD COLUMN scale text;
CREATE UNIQUE INDEX alert_once_per_rule ON alert (client_measure_id, rule_id);
CREATE INDEX alert_raised_idx ON alert (raised_at DESC);
