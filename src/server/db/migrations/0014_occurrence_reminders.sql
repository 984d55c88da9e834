-- Reminders (issue 10 §2): a respondent is told when an occurrence opens and once more before its
-- window closes. One row per occurrence and kind is the "once": the job claims a reminder by
-- inserting its row (ON CONFLICT DO NOTHING RETURNING) in the same transaction as the outbox
-- message, so two nodes never both send it and a failed send leaves it for the next run.
CREATE TABLE occurrence_reminder (
  client_measure_id bigint NOT NULL REFERENCES client_measure (id) ON DELETE CASCADE,
  kind              text NOT NULL CHECK (kind IN ('opened', 'closing')),
  claimed_at        timestamptz NOT NULL,
  -- The message that carried it; NULL when the respondent had no reachable contact at the time.
  outbox_message_id bigint REFERENCES outbox_message (id) ON DELETE SET NULL,
  PRIMARY KEY (client_measure_id, kind)
);
