-- Programs and episodes of care (issue 11, docs/programs.md).
-- 0001 sketched program, program_team, patient_program and program_measure; nothing wrote them.
-- This migration gives them the shape of the entity engine and the names of the API's
-- identifiers: an admission is an access_control_program row (accessControlProgramId).

-- Program types and groups: small lookup lists a program points at.
CREATE TABLE program_type (
  id         bigserial PRIMARY KEY,
  name       text NOT NULL,
  extra      jsonb NOT NULL DEFAULT '{}'::jsonb,
  version    integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX program_type_name_key ON program_type (lower(name));

CREATE TABLE program_group (
  id   bigserial PRIMARY KEY,
  name text NOT NULL
);
CREATE UNIQUE INDEX program_group_name_key ON program_group (lower(name));

-- The program itself. length counts length_type units (12 weeks is 12 + 'weeks', not 84 days):
-- the form shows what the admin typed. type/length_days/group_name were free text in 0001.
ALTER TABLE program DROP COLUMN type;
ALTER TABLE program DROP COLUMN length_days;
ALTER TABLE program DROP COLUMN group_name;
ALTER TABLE program ADD COLUMN program_type_id bigint REFERENCES program_type (id);
ALTER TABLE program ADD COLUMN length integer CHECK (length > 0);
ALTER TABLE program ADD COLUMN length_type text NOT NULL DEFAULT 'days' CHECK (length_type IN ('days', 'weeks'));
ALTER TABLE program ADD COLUMN program_group_id bigint REFERENCES program_group (id);
ALTER TABLE program ADD COLUMN extra jsonb NOT NULL DEFAULT '{}'::jsonb;
ALTER TABLE program ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE program ADD CONSTRAINT program_status_check CHECK (status IN ('active', 'inactive'));
ALTER TABLE program ADD CONSTRAINT program_desired_length_check CHECK (desired_length > 0);
CREATE UNIQUE INDEX program_name_key ON program (lower(name));
CREATE INDEX program_parent_idx ON program (parent_id);
CREATE INDEX program_type_idx ON program (program_type_id);

-- Who works a program: clinicians directly and clinician teams (a clinician sees the programs
-- they or one of their teams are on).
ALTER TABLE program_team RENAME TO program_clinician_team;
CREATE INDEX program_clinician_clinician_idx ON program_clinician (clinician_id);
CREATE INDEX program_clinician_team_team_idx ON program_clinician_team (team_id);

-- The measures a program assigns on admission or on discharge, each to one kind of respondent:
-- 'patient' (the patient themself, relation 1) or a respondent type of enums/respondent-type.json.
DROP TABLE program_measure;
CREATE TABLE program_measure (
  id              bigserial PRIMARY KEY,
  program_id      bigint NOT NULL REFERENCES program (id) ON DELETE CASCADE,
  measure_id      bigint NOT NULL REFERENCES measure (id),
  frequency       smallint NOT NULL CHECK (frequency BETWEEN 1 AND 11),
  respondent_kind text NOT NULL DEFAULT 'patient',
  timing          text NOT NULL DEFAULT 'admission' CHECK (timing IN ('admission', 'discharge')),
  auto_complete   boolean NOT NULL DEFAULT false,
  is_scorable     boolean NOT NULL DEFAULT true,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX program_measure_once ON program_measure (program_id, measure_id, respondent_kind, timing);

-- One admission of a chart to a program: an episode of care. discharge_status is null while
-- the patient is in care, 'pending' once discharged until the discharge measures are done and the
-- episode's alerts acknowledged, then 'final'. disposition takes enums/disposition.json values.
ALTER TABLE patient_program RENAME TO access_control_program;
ALTER INDEX patient_program_cca_idx RENAME TO access_control_program_cca_idx;
ALTER TABLE access_control_program DROP COLUMN termination_date;
ALTER TABLE access_control_program DROP CONSTRAINT patient_program_discharge_status_check;
ALTER TABLE access_control_program ADD CONSTRAINT access_control_program_discharge_status_check
  CHECK (discharge_status IN ('pending', 'final'));
ALTER TABLE access_control_program ADD CONSTRAINT access_control_program_discharge_after_admission
  CHECK (discharge_date IS NULL OR discharge_date >= admission_date);
ALTER TABLE access_control_program ADD COLUMN created_by bigint REFERENCES app_user (id);
ALTER TABLE access_control_program ADD COLUMN version integer NOT NULL DEFAULT 1;
-- A chart is in a program at most once at a time; a finally discharged chart may be readmitted.
CREATE UNIQUE INDEX access_control_program_one_open
  ON access_control_program (cca_id, program_id)
  WHERE discharge_status IS NULL OR discharge_status <> 'final';
CREATE INDEX access_control_program_program_idx ON access_control_program (program_id);

-- The program assignment row (assignmentId): patient and admission.
ALTER TABLE program_assignment RENAME COLUMN patient_program_id TO access_control_program_id;

-- Episode attribution. Undoing an admission (allowed while nothing was answered under it)
-- deletes its schedules with it; a session attributed to the episode blocks the delete, so an
-- answered session can never lose its episode. The undo removes its unanswered sessions first.
ALTER TABLE schedule RENAME COLUMN patient_program_id TO access_control_program_id;
ALTER TABLE schedule DROP CONSTRAINT schedule_patient_program_id_fkey;
ALTER TABLE schedule ADD CONSTRAINT schedule_access_control_program_id_fkey
  FOREIGN KEY (access_control_program_id) REFERENCES access_control_program (id) ON DELETE CASCADE;
CREATE INDEX schedule_access_control_program_idx ON schedule (access_control_program_id)
  WHERE access_control_program_id IS NOT NULL;

ALTER TABLE client_measure ADD COLUMN access_control_program_id bigint
  REFERENCES access_control_program (id) ON DELETE RESTRICT;
CREATE INDEX client_measure_access_control_program_idx ON client_measure (access_control_program_id)
  WHERE access_control_program_id IS NOT NULL;
