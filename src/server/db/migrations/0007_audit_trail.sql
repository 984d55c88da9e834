-- Audit trail of PHI access (issue 8 §2, HIPAA 164.312(b)); see docs/security/audit.md.
-- Append-only and hash-chained: each row carries the sha256 of its canonical text and of the row
-- before it, so a removed or altered row breaks the chain at that row (npm run audit:verify).
-- user_id has no foreign key on purpose: the trail outlives the account it is about.
CREATE TABLE audit_event (
  seq               bigint PRIMARY KEY,
  at                timestamptz NOT NULL DEFAULT now(),
  user_id           bigint,
  roles             text NOT NULL DEFAULT '',
  acting_as_user_id bigint,
  action            text NOT NULL,
  route             text,
  patient_id        bigint,
  record_type       text,
  record_id         bigint,
  detail            jsonb,
  status            smallint,
  outcome           text NOT NULL CHECK (outcome IN ('success', 'refused', 'failed')),
  source_ip         text,
  request_id        text,
  prev_hash         text NOT NULL,
  hash              text NOT NULL
);
CREATE INDEX audit_event_at_idx ON audit_event (at DESC, seq DESC);
CREATE INDEX audit_event_user_idx ON audit_event (user_id, at DESC);
CREATE INDEX audit_event_patient_idx ON audit_event (patient_id, at DESC);
CREATE INDEX audit_event_action_idx ON audit_event (action, at DESC);

-- The chain's head: the last row's seq and hash. Its one row is locked FOR UPDATE by each insert,
-- so appends from every node and transaction line up one after another (held to commit).
CREATE TABLE audit_chain_head (
  id   smallint PRIMARY KEY CHECK (id = 1),
  seq  bigint NOT NULL,
  hash text NOT NULL
);
INSERT INTO audit_chain_head (id, seq, hash) VALUES (1, 0, repeat('0', 64));

-- The canonical text of a row: every field as "<octet length>:<text>" (NULL as "~"), joined by "|"
-- in a fixed order, so no two different rows read the same. src/server/audit/audit-chain.ts
-- rebuilds it independently in JS for npm run audit:verify.
CREATE FUNCTION audit_event_canonical(e audit_event) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT string_agg(CASE WHEN f IS NULL THEN '~' ELSE octet_length(f) || ':' || f END, '|' ORDER BY n)
  FROM unnest(ARRAY[
    e.seq::text,
    to_char(e.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    e.user_id::text, e.roles, e.acting_as_user_id::text, e.action, e.route, e.patient_id::text,
    e.record_type, e.record_id::text, e.detail::text, e.status::text, e.outcome, e.source_ip,
    e.request_id, e.prev_hash
  ]) WITH ORDINALITY AS t(f, n)
$$;

CREATE FUNCTION audit_event_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  head audit_chain_head%ROWTYPE;
BEGIN
  SELECT * INTO head FROM audit_chain_head WHERE id = 1 FOR UPDATE;
  NEW.seq := head.seq + 1;
  NEW.prev_hash := head.hash;
  NEW.hash := encode(sha256(convert_to(audit_event_canonical(NEW), 'UTF8')), 'hex');
  UPDATE audit_chain_head SET seq = NEW.seq, hash = NEW.hash WHERE id = 1;
  RETURN NEW;
END
$$;
CREATE TRIGGER audit_event_chain BEFORE INSERT ON audit_event FOR EACH ROW EXECUTE FUNCTION audit_event_chain();

-- Log tables are append-only: no UPDATE, DELETE or TRUNCATE, whoever asks.
CREATE FUNCTION refuse_log_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
CREATE TRIGGER audit_event_append_only BEFORE UPDATE OR DELETE ON audit_event
  FOR EACH ROW EXECUTE FUNCTION refuse_log_change();
CREATE TRIGGER audit_event_no_truncate BEFORE TRUNCATE ON audit_event
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_log_change();
CREATE TRIGGER activity_log_append_only BEFORE UPDATE OR DELETE ON activity_log
  FOR EACH ROW EXECUTE FUNCTION refuse_log_change();
CREATE TRIGGER activity_log_no_truncate BEFORE TRUNCATE ON activity_log
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_log_change();
CREATE TRIGGER record_history_append_only BEFORE UPDATE OR DELETE ON record_history
  FOR EACH ROW EXECUTE FUNCTION refuse_log_change();
CREATE TRIGGER record_history_no_truncate BEFORE TRUNCATE ON record_history
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_log_change();

-- The head moves only inside audit_event_chain (trigger depth 2); never directly, never away.
CREATE FUNCTION audit_chain_head_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND pg_trigger_depth() > 1 THEN RETURN NEW; END IF;
  RAISE EXCEPTION 'audit_chain_head moves only with an audit_event insert: % refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END
$$;
CREATE TRIGGER audit_chain_head_guard BEFORE UPDATE OR DELETE ON audit_chain_head
  FOR EACH ROW EXECUTE FUNCTION audit_chain_head_guard();
CREATE TRIGGER audit_chain_head_no_truncate BEFORE TRUNCATE ON audit_chain_head
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_log_change();

-- A user's account activity stays when the user is deleted (only a user added by mistake can be:
-- clinical-user-entity.ts): no ON DELETE CASCADE, and no foreign key at all, like audit_event,
-- because the log must outlive the account it is about.
ALTER TABLE activity_log DROP CONSTRAINT activity_log_user_id_fkey;

-- The patient a record belongs to, so an event names the chart it touched even when the route
-- names a respondent link, a measure or an alert. Resolved when the event is written.
CREATE FUNCTION audit_patient_of(kind text, record bigint) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT CASE kind
    WHEN 'patient' THEN record
    WHEN 'chart' THEN (SELECT c.patient_id FROM client_clinic_assignment c WHERE c.id = record)
    WHEN 'respondent' THEN (SELECT c.patient_id FROM cca_user u
      JOIN client_clinic_assignment c ON c.id = u.cca_id WHERE u.id = record)
    WHEN 'client_measure' THEN (SELECT c.patient_id FROM client_measure m
      JOIN cca_user u ON u.id = m.ccau_id JOIN client_clinic_assignment c ON c.id = u.cca_id WHERE m.id = record)
    WHEN 'alert' THEN (SELECT c.patient_id FROM alert a
      JOIN client_clinic_assignment c ON c.id = a.cca_id WHERE a.id = record)
  END
$$;
