-- Recurring schedules (issue 10 §1): every frequency generates its occurrences ahead of time.
-- schedule.due_date is the anchor: occurrence k falls due anchor + k steps (src/shared/scheduling/due-dates.ts).

-- The generator's cursor: the index and due date of the next occurrence not yet generated. NULL
-- next_due_date: nothing more to generate (One Time, or a schedule that has been stopped).
ALTER TABLE schedule ADD COLUMN next_index integer NOT NULL DEFAULT 1;
ALTER TABLE schedule ADD COLUMN next_due_date timestamptz;
-- Recurring schedules made before this migration had only their first occurrence: pick them up.
UPDATE schedule SET next_due_date = due_date WHERE frequency <> 1 AND enabled;
CREATE INDEX schedule_next_due_idx ON schedule (next_due_date) WHERE enabled AND next_due_date IS NOT NULL;

-- The calendar day (clinic time) an occurrence opens to its respondent; NULL: open once it exists.
ALTER TABLE client_measure ADD COLUMN opens_on date;

-- One occurrence per schedule and due day: two generator runs (two nodes, or a catch-up after
-- downtime) insert the same rows with ON CONFLICT DO NOTHING and never duplicate one.
CREATE UNIQUE INDEX client_measure_once_per_occurrence ON client_measure (schedule_id, due_date)
  WHERE schedule_id IS NOT NULL;
