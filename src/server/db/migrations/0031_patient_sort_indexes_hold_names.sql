-- The list's sort indexes (0012, 0021) also hold the two names, so the page's keys (sort key,
-- lower(last name), lower(first name), id) are read from the index alone, without visiting the
-- table (issue 12; docs/benchmarks.md "Query plans"). PostgreSQL answers lower(last_name) from an
-- index only when last_name itself is in it. A clinician's first page walks the name order and
-- probes each chart for access: for a caseload of 5,600 of 100,000 patients that is 654 patients
-- for 25 rows, 661 table pages before, 8 index pages after (keys statement 5.1 ms to 1.4 ms under
-- EXPLAIN ANALYZE). Rows changed since the last vacuum are still checked in the table, as before.
DROP INDEX patient_name_idx;
CREATE INDEX patient_name_idx ON patient (lower(last_name), lower(first_name), id)
  INCLUDE (last_name, first_name);
DROP INDEX patient_birth_date_idx;
CREATE INDEX patient_birth_date_idx ON patient (birth_date, lower(last_name), lower(first_name), id)
  INCLUDE (last_name, first_name);
DROP INDEX patient_gender_idx;
CREATE INDEX patient_gender_idx ON patient (gender, lower(last_name), lower(first_name), id)
  INCLUDE (last_name, first_name);
DROP INDEX patient_triage_alert_idx;
CREATE INDEX patient_triage_alert_idx ON patient
  (triage_alert_at DESC NULLS LAST, lower(last_name), lower(first_name), id) INCLUDE (last_name, first_name);
DROP INDEX patient_triage_alert_desc_idx;
CREATE INDEX patient_triage_alert_desc_idx ON patient
  (triage_alert_at ASC NULLS LAST, lower(last_name) DESC, lower(first_name) DESC, id DESC)
  INCLUDE (last_name, first_name);
DROP INDEX patient_triage_due_idx;
CREATE INDEX patient_triage_due_idx ON patient
  (triage_due_at, lower(last_name), lower(first_name), id) INCLUDE (last_name, first_name);
DROP INDEX patient_triage_due_desc_idx;
CREATE INDEX patient_triage_due_desc_idx ON patient
  (triage_due_at DESC NULLS LAST, lower(last_name) DESC, lower(first_name) DESC, id DESC)
  INCLUDE (last_name, first_name);
