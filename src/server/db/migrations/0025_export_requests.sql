-- Exports of the outcomes explorer (issue 13 §5; docs/analytics.md, Exports). 0001 sketched the
-- table with the zip in a bytea column; the file lives under DATA_DIR/exports instead (streamed,
-- never held in memory or in a row), so the column goes. Each row is one export of one user:
-- the query and columns it was asked with and their hash (written into the codebook), its
-- progress, and when it expires (7 days; a scheduled job deletes the file and the row).
ALTER TABLE export_request DROP COLUMN content;
ALTER TABLE export_request RENAME COLUMN error TO error_message;
ALTER TABLE export_request ADD COLUMN query jsonb NOT NULL DEFAULT '{}'::jsonb;
ALTER TABLE export_request ADD COLUMN columns jsonb NOT NULL DEFAULT '[]'::jsonb;
ALTER TABLE export_request ADD COLUMN hash text NOT NULL DEFAULT '';
ALTER TABLE export_request ADD COLUMN name text;
ALTER TABLE export_request ADD COLUMN saved_query_id bigint REFERENCES saved_query (id) ON DELETE SET NULL;
ALTER TABLE export_request ADD COLUMN total_rows bigint;
ALTER TABLE export_request ADD COLUMN rows_written bigint NOT NULL DEFAULT 0;
ALTER TABLE export_request ADD COLUMN byte_size bigint;
ALTER TABLE export_request ADD COLUMN started_at timestamptz;
ALTER TABLE export_request ADD COLUMN completed_at timestamptz;
-- The run that owns the row now: a run whose token no longer matches (the job was handed on
-- after its node died) stops writing.
ALTER TABLE export_request ADD COLUMN run_token uuid;
UPDATE export_request SET filename = 'export-' || id || '.zip' WHERE filename IS NULL;
ALTER TABLE export_request ALTER COLUMN filename SET NOT NULL;
-- The exports list: a user's own, newest first.
CREATE INDEX export_request_user_idx ON export_request (user_id, created_at DESC, id DESC);
-- The retention job: rows past their expiry.
CREATE INDEX export_request_expires_idx ON export_request (expires_at);
