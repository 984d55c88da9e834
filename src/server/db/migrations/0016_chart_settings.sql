-- Per-user chart settings (issue 10 §4, spec §7 library/chart-settings): the measures whose score
-- charts a clinician is shown on a patient's chart, in their order. No rows: every chart is shown.
CREATE TABLE chart_measure_setting (
  user_id    bigint  NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  measure_id bigint  NOT NULL REFERENCES measure (id) ON DELETE CASCADE,
  position   integer NOT NULL,
  PRIMARY KEY (user_id, measure_id)
);
