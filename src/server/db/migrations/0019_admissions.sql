-- Admission and discharge (issue 11 §2, docs/programs-episodes.md), on the tables of 0018.

-- Which of its program's measures a schedule of an episode carries out: the admission ones
-- (scheduled on admission, anchored on the admission date) or the discharge ones (scheduled on
-- discharge, one time). A pending discharge becomes final once the discharge ones are done.
ALTER TABLE schedule ADD COLUMN program_timing text CHECK (program_timing IN ('admission', 'discharge'));
ALTER TABLE schedule ADD CONSTRAINT schedule_program_timing_with_episode
  CHECK (program_timing IS NULL OR access_control_program_id IS NOT NULL);

-- Who discharged, and when the discharge became final (the measures done, the alerts acknowledged).
ALTER TABLE access_control_program ADD COLUMN discharged_by bigint REFERENCES app_user (id);
ALTER TABLE access_control_program ADD COLUMN discharge_final_at timestamptz;
ALTER TABLE access_control_program ADD CONSTRAINT access_control_program_discharge_complete
  CHECK (discharge_status IS NULL OR (discharge_date IS NOT NULL AND disposition IS NOT NULL));
