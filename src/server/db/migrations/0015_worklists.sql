-- The clinician's worklists (issue 10 §3; docs/home.md).

-- "Seen" marks: which user has opened which result (a submitted session's report). One row per
-- user and session; opening a report again changes nothing. New results show the ones the caller
-- has no row for. A mark goes with its session or its user.
CREATE TABLE result_seen (
  user_id           bigint NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  client_measure_id bigint NOT NULL REFERENCES client_measure (id) ON DELETE CASCADE,
  seen_at           timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, client_measure_id)
);
CREATE INDEX result_seen_session_idx ON result_seen (client_measure_id);

-- "Due today" and "due this week" walk the occurrences due in a range of days, soonest first.
CREATE INDEX client_measure_due_idx ON client_measure (due_date, id) WHERE status <> 'disabled';
