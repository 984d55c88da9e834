-- Escalation (issue 9 §1): an item alert still active after the general setting
-- alert_escalation_hours re-notifies the chart's clinicians and their supervisors, once.
-- escalated_at records that "once": the job claims an alert with a conditional UPDATE
-- (… WHERE escalated_at IS NULL RETURNING), so two nodes never both send its reminder.
ALTER TABLE alert ADD COLUMN escalated_at timestamptz;
-- The job's search: active alerts not yet escalated, oldest first.
CREATE INDEX alert_escalation_due_idx ON alert (raised_at) WHERE acknowledged_at IS NULL AND escalated_at IS NULL;
