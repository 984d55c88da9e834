-- PDF documents (issue 14; spec §4 PDF states, §7 documents/status and documents/download;
-- docs/documents.md). One row is one PDF one person asked for: a session report (one session)
-- or a progress report (one respondent's, or the whole chart's when ccau_id is null). The file
-- lives under DATA_DIR/documents, named by pdf_uuid and the run, and goes with the row when it
-- expires. The single-use pdf key the renderer signs in with is kept only as its SHA-256.
CREATE TABLE document (
  id                bigserial PRIMARY KEY,
  pdf_uuid          uuid NOT NULL UNIQUE,
  report            text NOT NULL CHECK (report IN ('session', 'progress')),
  cca_id            bigint NOT NULL REFERENCES client_clinic_assignment (id) ON DELETE CASCADE,
  ccau_id           bigint REFERENCES cca_user (id) ON DELETE CASCADE,
  client_measure_id bigint REFERENCES client_measure (id) ON DELETE CASCADE,
  paper             text NOT NULL CHECK (paper IN ('letter', 'a4')),
  status            text NOT NULL DEFAULT 'generating' CHECK (status IN ('generating', 'enabled', 'failed')),
  title             text NOT NULL,
  requested_by      bigint NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  requested_at      timestamptz NOT NULL DEFAULT now(),
  started_at        timestamptz,
  finished_at       timestamptz,
  expires_at        timestamptz NOT NULL,
  error_message     text,
  page_count        integer,
  byte_size         bigint,
  run_token         uuid,
  key_hash          text,
  key_expires_at    timestamptz,
  key_used_at       timestamptz,
  CHECK (report <> 'session' OR (client_measure_id IS NOT NULL AND ccau_id IS NOT NULL))
);
-- The status poll and the download look documents up by pdf_uuid (the UNIQUE index); the
-- retention job by expiry; the key sign-in by the key's hash.
CREATE INDEX document_expires_idx ON document (expires_at);
CREATE UNIQUE INDEX document_key_idx ON document (key_hash) WHERE key_hash IS NOT NULL;
CREATE INDEX document_requested_by_idx ON document (requested_by, requested_at DESC);
