-- The whole product's data model (domain.md). Later issues add columns; they do not reshape this.
-- Identifiers: ccaId = client_clinic_assignment.id (also the access_control_id), ccauId = cca_user.id,
-- clientMeasureId = client_measure.id, accessControlProgramId = patient_program.id.

-- Accounts: clinical users and patient users (respondents) alike.
CREATE TABLE app_user (
  id              bigserial PRIMARY KEY,
  uuid            uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  username        text,
  password_hash   text,
  password_changed_at timestamptz,
  user_type       text NOT NULL CHECK (user_type IN ('clinical', 'patient')),
  status          smallint NOT NULL DEFAULT 3 CHECK (status BETWEEN 1 AND 5),
  first_name      text NOT NULL,
  middle_name     text,
  last_name       text NOT NULL,
  email           text,
  provider_id     text,
  failed_logins   integer NOT NULL DEFAULT 0,
  locked_until    timestamptz,
  hippa_agreement_at timestamptz,
  last_login_at   timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX app_user_username_key ON app_user (lower(username)) WHERE username IS NOT NULL;
CREATE UNIQUE INDEX app_user_provider_id_key ON app_user (provider_id) WHERE provider_id IS NOT NULL;

CREATE TABLE user_role (
  user_id bigint NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  role    text NOT NULL,
  PRIMARY KEY (user_id, role)
);

-- A supervisor oversees clinicians; their patients become visible to the supervisor.
CREATE TABLE supervision (
  supervisor_id bigint NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  clinician_id  bigint NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  PRIMARY KEY (supervisor_id, clinician_id),
  CHECK (supervisor_id <> clinician_id)
);
CREATE INDEX supervision_clinician_idx ON supervision (clinician_id);

CREATE TABLE contact (
  id         bigserial PRIMARY KEY,
  user_id    bigint NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  channel    smallint NOT NULL CHECK (channel IN (1, 2)), -- 1 email, 2 phone
  is_primary boolean NOT NULL DEFAULT false,
  emr        boolean NOT NULL DEFAULT false,
  value      text NOT NULL,
  editable   boolean NOT NULL DEFAULT true,
  enabled    boolean NOT NULL DEFAULT true
);
CREATE UNIQUE INDEX contact_one_primary_per_channel ON contact (user_id, channel) WHERE is_primary;

CREATE TABLE location (
  id            bigserial PRIMARY KEY,
  uuid          uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  name          text NOT NULL,
  address_line1 text,
  address_line2 text,
  city          text,
  state         text,
  zip           text,
  created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE user_location (
  user_id     bigint NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  location_id bigint NOT NULL REFERENCES location (id),
  PRIMARY KEY (user_id, location_id)
);

CREATE TABLE clinician_team (
  id         bigserial PRIMARY KEY,
  uuid       uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  name       text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX clinician_team_name_key ON clinician_team (lower(name));

CREATE TABLE clinician_team_member (
  team_id bigint NOT NULL REFERENCES clinician_team (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  PRIMARY KEY (team_id, user_id)
);
CREATE INDEX clinician_team_member_user_idx ON clinician_team_member (user_id);

-- The person receiving care. Fields the server filters or constrains are columns; fields a product
-- owner adds to schemas/entities/patient.json later live in `extra` (README: "How fields persist").
CREATE TABLE patient (
  id                  bigserial PRIMARY KEY,
  uuid                uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  mrn                 text NOT NULL,
  first_name          text NOT NULL,
  middle_name         text,
  last_name           text NOT NULL,
  birth_date          date NOT NULL,
  gender              text NOT NULL,
  email               text,
  email_notification  boolean NOT NULL DEFAULT false,
  mobile_number       text,
  mobile_notification boolean NOT NULL DEFAULT false,
  active              boolean NOT NULL DEFAULT false,
  user_id             bigint REFERENCES app_user (id),
  extra               jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_by          bigint REFERENCES app_user (id),
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX patient_mrn_key ON patient (lower(mrn));
CREATE INDEX patient_name_idx ON patient (lower(last_name), lower(first_name));

-- The patient's chart in this clinic (ccaId); its id is also the access_control_id.
CREATE TABLE client_clinic_assignment (
  id         bigserial PRIMARY KEY,
  patient_id bigint NOT NULL UNIQUE REFERENCES patient (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Who may see a chart: assigned clinicians and clinician teams.
CREATE TABLE cca_clinician (
  cca_id       bigint NOT NULL REFERENCES client_clinic_assignment (id) ON DELETE CASCADE,
  clinician_id bigint NOT NULL REFERENCES app_user (id),
  PRIMARY KEY (cca_id, clinician_id)
);
CREATE INDEX cca_clinician_clinician_idx ON cca_clinician (clinician_id);

CREATE TABLE cca_team (
  cca_id  bigint NOT NULL REFERENCES client_clinic_assignment (id) ON DELETE CASCADE,
  team_id bigint NOT NULL REFERENCES clinician_team (id),
  PRIMARY KEY (cca_id, team_id)
);
CREATE INDEX cca_team_team_idx ON cca_team (team_id);

-- One respondent linked to a chart (ccauId). relation_id 1 is the patient themself.
CREATE TABLE cca_user (
  id              bigserial PRIMARY KEY,
  cca_id          bigint NOT NULL REFERENCES client_clinic_assignment (id) ON DELETE CASCADE,
  user_id         bigint NOT NULL REFERENCES app_user (id),
  relation_id     smallint NOT NULL,
  respondent_type text,
  deleted_at      timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX cca_user_once_per_chart ON cca_user (cca_id, user_id) WHERE deleted_at IS NULL;
CREATE INDEX cca_user_user_idx ON cca_user (user_id);

CREATE TABLE patient_insurance (
  patient_id         bigint PRIMARY KEY REFERENCES patient (id) ON DELETE CASCADE,
  primary_provider   text,
  secondary_provider text,
  member_id          text,
  group_id           text,
  updated_at         timestamptz NOT NULL DEFAULT now()
);

-- Programs, admissions (accessControlProgramId) and discharges.
CREATE TABLE program (
  id             bigserial PRIMARY KEY,
  uuid           uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  name           text NOT NULL,
  description    text,
  type           text,
  parent_id      bigint REFERENCES program (id),
  length_days    integer,
  desired_length integer,
  group_name     text,
  status         text NOT NULL DEFAULT 'active',
  location_id    bigint REFERENCES location (id),
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE program_clinician (
  program_id   bigint NOT NULL REFERENCES program (id) ON DELETE CASCADE,
  clinician_id bigint NOT NULL REFERENCES app_user (id),
  PRIMARY KEY (program_id, clinician_id)
);

CREATE TABLE program_team (
  program_id bigint NOT NULL REFERENCES program (id) ON DELETE CASCADE,
  team_id    bigint NOT NULL REFERENCES clinician_team (id),
  PRIMARY KEY (program_id, team_id)
);

CREATE TABLE patient_program (
  id               bigserial PRIMARY KEY,
  cca_id           bigint NOT NULL REFERENCES client_clinic_assignment (id) ON DELETE CASCADE,
  program_id       bigint NOT NULL REFERENCES program (id),
  admission_date   date NOT NULL,
  discharge_date   date,
  termination_date date,
  disposition      text,
  discharge_status text CHECK (discharge_status IN ('pending', 'finalized')),
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX patient_program_cca_idx ON patient_program (cca_id);

CREATE TABLE program_assignment (
  id                 bigserial PRIMARY KEY,
  patient_id         bigint NOT NULL REFERENCES patient (id) ON DELETE CASCADE,
  patient_program_id bigint NOT NULL REFERENCES patient_program (id) ON DELETE CASCADE
);

-- Measure catalogue: the definition JSON is validated by schemas/measures/measure-definition.json.
CREATE TABLE measure (
  id            bigserial PRIMARY KEY,
  uuid          uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  abbreviation  text NOT NULL UNIQUE,
  short_name    text,
  name          text NOT NULL,
  condition     text,
  respondent    text,
  question_count integer NOT NULL DEFAULT 0,
  definition    jsonb NOT NULL,
  discontinued_at date,
  replaced_by   bigint REFERENCES measure (id),
  created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE measure_star (
  user_id    bigint NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  measure_id bigint NOT NULL REFERENCES measure (id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, measure_id)
);

CREATE TABLE program_measure (
  program_id    bigint NOT NULL REFERENCES program (id) ON DELETE CASCADE,
  measure_id    bigint NOT NULL REFERENCES measure (id),
  auto_complete boolean NOT NULL DEFAULT false,
  PRIMARY KEY (program_id, measure_id)
);

CREATE TABLE appointment (
  id           bigserial PRIMARY KEY,
  cca_id       bigint NOT NULL REFERENCES client_clinic_assignment (id) ON DELETE CASCADE,
  clinician_id bigint REFERENCES app_user (id),
  location_id  bigint REFERENCES location (id),
  starts_at    timestamptz NOT NULL
);

-- A recurrence of one measure for one respondent (frequency 1 One Time ... 11 Annually).
CREATE TABLE schedule (
  id                 bigserial PRIMARY KEY,
  ccau_id            bigint NOT NULL REFERENCES cca_user (id) ON DELETE CASCADE,
  measure_id         bigint NOT NULL REFERENCES measure (id),
  frequency          smallint NOT NULL CHECK (frequency BETWEEN 1 AND 11),
  due_date           timestamptz NOT NULL,
  schedule_type      text NOT NULL DEFAULT 'standard',
  appointment_id     bigint REFERENCES appointment (id),
  patient_program_id bigint REFERENCES patient_program (id),
  enabled            boolean NOT NULL DEFAULT true,
  created_by         bigint REFERENCES app_user (id),
  created_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX schedule_ccau_idx ON schedule (ccau_id);
CREATE UNIQUE INDEX schedule_once_per_visit ON schedule (measure_id, appointment_id) WHERE appointment_id IS NOT NULL;

-- One assigned measure instance (clientMeasureId): a session.
CREATE TABLE client_measure (
  id                     bigserial PRIMARY KEY,
  ccau_id                bigint NOT NULL REFERENCES cca_user (id) ON DELETE CASCADE,
  measure_id             bigint NOT NULL REFERENCES measure (id),
  schedule_id            bigint REFERENCES schedule (id) ON DELETE SET NULL,
  due_date               timestamptz NOT NULL,
  status                 text NOT NULL DEFAULT 'not_started'
                         CHECK (status IN ('not_started', 'partial', 'submitted', 'disabled')),
  clinical_administered_by bigint REFERENCES app_user (id),
  last_answered_question text,
  started_at             timestamptz,
  completed_at           timestamptz,
  completed_by           bigint REFERENCES app_user (id),
  severity               text,
  created_at             timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX client_measure_ccau_idx ON client_measure (ccau_id, status);
CREATE INDEX client_measure_completed_idx ON client_measure (completed_at) WHERE status = 'submitted';

-- Newest answer per question wins: client_seq orders saves whatever order they arrive in.
CREATE TABLE answer (
  client_measure_id bigint NOT NULL REFERENCES client_measure (id) ON DELETE CASCADE,
  question_id       text NOT NULL,
  value             jsonb,
  client_seq        bigint NOT NULL DEFAULT 0,
  saved_at          timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_measure_id, question_id)
);

CREATE TABLE measure_score (
  client_measure_id bigint NOT NULL REFERENCES client_measure (id) ON DELETE CASCADE,
  score_type        text NOT NULL, -- 'total_score' or a subscale id
  value             numeric NOT NULL,
  PRIMARY KEY (client_measure_id, score_type)
);

CREATE TABLE alert (
  id                bigserial PRIMARY KEY,
  client_measure_id bigint NOT NULL REFERENCES client_measure (id) ON DELETE CASCADE,
  cca_id            bigint NOT NULL REFERENCES client_clinic_assignment (id) ON DELETE CASCADE,
  rule_id           text NOT NULL,
  message           text NOT NULL,
  raised_at         timestamptz NOT NULL DEFAULT now(),
  acknowledged_by   bigint REFERENCES app_user (id),
  acknowledged_at   timestamptz
);
CREATE INDEX alert_open_idx ON alert (cca_id) WHERE acknowledged_at IS NULL;

-- Security: rotating refresh tokens (hashed) grouped in families for reuse detection.
CREATE TABLE refresh_token (
  id          bigserial PRIMARY KEY,
  family_id   uuid NOT NULL,
  user_id     bigint NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  token_hash  text NOT NULL UNIQUE,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  revoked_at  timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refresh_token_family_idx ON refresh_token (family_id);

-- Single-use, expiring secrets: invitation links, reset keys, access codes (stored hashed).
CREATE TABLE one_time_token (
  id         bigserial PRIMARY KEY,
  user_id    bigint NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  purpose    text NOT NULL,
  token_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at    timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX one_time_token_hash_idx ON one_time_token (token_hash);

-- Account activity log (activity codes of spec §3); the last entry shows in user lists.
CREATE TABLE activity_log (
  id        bigserial PRIMARY KEY,
  user_id   bigint NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  actor_id  bigint REFERENCES app_user (id),
  code      smallint NOT NULL,
  detail    jsonb,
  at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX activity_log_user_idx ON activity_log (user_id, at DESC);

-- Every version of a clinical record: who changed what, and when.
CREATE TABLE record_history (
  id         bigserial PRIMARY KEY,
  entity     text NOT NULL,
  entity_id  bigint NOT NULL,
  version    integer NOT NULL,
  data       jsonb NOT NULL,
  changed_by bigint REFERENCES app_user (id),
  changed_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (entity, entity_id, version)
);

CREATE TABLE general_setting (
  key   text PRIMARY KEY,
  value jsonb NOT NULL
);

CREATE TABLE ui_setting (
  user_id bigint PRIMARY KEY REFERENCES app_user (id) ON DELETE CASCADE,
  value   jsonb NOT NULL DEFAULT '{}'::jsonb
);

CREATE TABLE saved_query (
  id         bigserial PRIMARY KEY,
  name       text NOT NULL,
  favorite   boolean NOT NULL DEFAULT false,
  query      jsonb NOT NULL,
  owner_id   bigint REFERENCES app_user (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX saved_query_name_key ON saved_query (lower(name));

CREATE TABLE export_request (
  id         bigserial PRIMARY KEY,
  user_id    bigint NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  status     text NOT NULL CHECK (status IN ('in_process', 'received', 'completed', 'error')),
  filename   text,
  content    bytea,
  error      text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);

-- Outgoing email and SMS; with no SMTP_URL they stay here for the demo outbox page.
CREATE TABLE outbox_message (
  id         bigserial PRIMARY KEY,
  channel    text NOT NULL CHECK (channel IN ('email', 'sms')),
  recipient  text NOT NULL,
  subject    text,
  body       text NOT NULL,
  link       text,
  status     text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed', 'kept')),
  attempts   integer NOT NULL DEFAULT 0,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at    timestamptz
);
