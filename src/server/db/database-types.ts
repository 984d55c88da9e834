import type { ColumnType, Generated } from "kysely";

/**
 * Kysely's view of the tables in migrations/. Keep in step with the SQL: a column added
 * there is added here. Timestamps arrive as Date, dates (birth_date) as YYYY-MM-DD strings.
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json = ColumnType<unknown, string, string>;
/** An entity's `extra` JSONB (fields without a storage note) and its optimistic-concurrency version. */
type Extra = ColumnType<Record<string, unknown>, string | undefined, string>;
interface Versioned {
  extra: Extra;
  version: Generated<number>;
}

export interface AppUserTable extends Versioned {
  id: Generated<number>;
  uuid: Generated<string>;
  username: string | null;
  password_hash: string | null;
  password_changed_at: Timestamp | null;
  user_type: "clinical" | "patient";
  status: Generated<number>;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  email: string | null;
  provider_id: string | null;
  failed_logins: Generated<number>;
  locked_until: Timestamp | null;
  hippa_agreement_at: Timestamp | null;
  last_login_at: Timestamp | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface PatientTable {
  id: Generated<number>;
  uuid: Generated<string>;
  mrn: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  birth_date: string;
  gender: string;
  email: string | null;
  email_notification: Generated<boolean>;
  mobile_number: string | null;
  mobile_notification: Generated<boolean>;
  active: Generated<boolean>;
  user_id: number | null;
  extra: Extra;
  version: Generated<number>;
  created_by: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** Kept by triggers (migration 0012): the patient list's alert and due-date sort keys. */
  triage_alert_at: Generated<Date | null>;
  triage_due_at: Generated<Date | null>;
  /** Kept by triggers (migration 0032): what the record and the list show of the chart's results. */
  latest_completed_at: Generated<Date | null>;
  latest_score: Generated<unknown>;
  open_alert_count: Generated<number>;
}

/** A patient's primary and secondary coverage (migration 0020); `id` is the patient's id. */
export interface PatientInsuranceTable extends Versioned {
  id: number;
  primary_provider: string | null;
  primary_plan_name: string | null;
  primary_member_id: string | null;
  primary_group_id: string | null;
  primary_subscriber_name: string | null;
  primary_relation_to_subscriber: string | null;
  primary_effective_date: string | null;
  primary_end_date: string | null;
  secondary_provider: string | null;
  secondary_plan_name: string | null;
  secondary_member_id: string | null;
  secondary_group_id: string | null;
  secondary_subscriber_name: string | null;
  secondary_relation_to_subscriber: string | null;
  secondary_effective_date: string | null;
  secondary_end_date: string | null;
  updated_at: Generated<Date>;
}

export interface Database {
  app_user: AppUserTable;
  user_role: { user_id: number; role: string };
  supervision: { supervisor_id: number; clinician_id: number };
  contact: {
    id: Generated<number>;
    user_id: number;
    channel: number;
    is_primary: Generated<boolean>;
    emr: Generated<boolean>;
    value: string;
    editable: Generated<boolean>;
    enabled: Generated<boolean>;
    extra: Extra;
    version: Generated<number>;
  };
  location: {
    id: Generated<number>;
    uuid: Generated<string>;
    name: string;
    address_line1: string | null;
    address_line2: string | null;
    city: string | null;
    state: string | null;
    zip: string | null;
    extra: Extra;
    version: Generated<number>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  user_location: { user_id: number; location_id: number };
  clinician_team: {
    id: Generated<number>;
    uuid: Generated<string>;
    name: string;
    extra: Extra;
    version: Generated<number>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  clinician_team_member: { team_id: number; user_id: number };
  patient: PatientTable;
  patient_insurance: PatientInsuranceTable;
  client_clinic_assignment: {
    id: Generated<number>;
    patient_id: number;
    created_at: Generated<Date>;
    /** Who cares for the chart, kept by migration 0035's triggers (the app never writes them). */
    clinician_ids: Generated<number[]>;
    clinician_names: Generated<string[]>;
    team_ids: Generated<number[]>;
    team_names: Generated<string[]>;
    /** The patient's own respondent link (cca_user, relation "self"), kept by migration 0036's triggers. */
    self_ccau_id: Generated<number | null>;
  };
  cca_clinician: { cca_id: number; clinician_id: number };
  cca_team: { cca_id: number; team_id: number };
  cca_user: {
    id: Generated<number>;
    cca_id: number;
    user_id: number;
    relation_id: number;
    respondent_type: string | null;
    deleted_at: Timestamp | null;
    extra: Extra;
    version: Generated<number>;
    created_at: Generated<Date>;
  };
  refresh_token: {
    id: Generated<number>;
    family_id: string;
    user_id: number;
    token_hash: string;
    expires_at: Timestamp;
    used_at: Timestamp | null;
    revoked_at: Timestamp | null;
    created_at: Generated<Date>;
    /** Set by issueRefreshToken; the column's default (12 h) covers other writers. */
    family_expires_at: Generated<Date>;
  };
  sign_in_throttle: {
    key: string;
    failures: Generated<number>;
    last_failure_at: Generated<Date>;
    blocked_until: Timestamp | null;
    notified_at: Timestamp | null;
  };
  /** Issue 8 §1 (migration 0009): a person (contact and name) claimed by the account created for them. */
  respondent_contact_claim: {
    channel: number;
    value: string;
    first_name: string;
    last_name: string;
    user_id: number;
    created_at: Generated<Date>;
  };
  /** Issue 8 §1 (migration 0009): an invitation to join a chart's team, accepted by the person. */
  chart_link_invitation: {
    id: Generated<number>;
    cca_id: number;
    user_id: number;
    relation_id: number;
    respondent_type: string | null;
    invited_by: number | null;
    token_hash: string;
    expires_at: Timestamp;
    accepted_at: Timestamp | null;
    ccau_id: number | null;
    created_at: Generated<Date>;
  };
  one_time_token: {
    id: Generated<number>;
    user_id: number;
    purpose: string;
    token_hash: string;
    expires_at: Timestamp;
    used_at: Timestamp | null;
    created_at: Generated<Date>;
    attempts: Generated<number>;
    detail: Json | null;
  };
  outbox_message: {
    id: Generated<number>;
    channel: "email" | "sms";
    recipient: string;
    subject: string | null;
    body: string;
    link: string | null;
    status: Generated<"queued" | "sent" | "failed" | "kept">;
    attempts: Generated<number>;
    last_error: string | null;
    created_at: Generated<Date>;
    sent_at: Timestamp | null;
    user_id: number | null;
    purpose: string | null;
    secret: string | null;
    provider_status: string | null;
    updated_at: Generated<Date>;
  };
  activity_log: {
    id: Generated<number>;
    user_id: number;
    actor_id: number | null;
    code: number;
    detail: Json | null;
    at: Generated<Date>;
  };
  record_history: {
    id: Generated<number>;
    entity: string;
    entity_id: number;
    version: number;
    data: Json;
    changed_by: number | null;
    changed_at: Generated<Date>;
  };
  // Audit trail (0007_audit_trail.sql): seq, prev_hash and hash are set by the chain trigger.
  audit_event: {
    seq: Generated<number>;
    at: Generated<Date>;
    user_id: number | null;
    roles: Generated<string>;
    acting_as_user_id: number | null;
    action: string;
    route: string | null;
    patient_id: number | null;
    record_type: string | null;
    record_id: number | null;
    detail: Json | null;
    status: number | null;
    outcome: "success" | "refused" | "failed";
    source_ip: string | null;
    request_id: string | null;
    prev_hash: Generated<string>;
    hash: Generated<string>;
  };
  audit_chain_head: { id: number; seq: number; hash: string };
  general_setting: { key: string; value: Json };
  ui_setting: { user_id: number; value: Json };
  /** The measures whose charts a user is shown on a patient's chart, in order (0016). */
  chart_measure_setting: { user_id: number; measure_id: number; position: number };
  // Measures, sessions and alerts (0001 + 0005_measures.sql).
  measure: MeasureTable;
  measure_version: {
    id: Generated<number>;
    measure_id: number;
    version: string;
    content_hash: string;
    definition: Json;
    created_at: Generated<Date>;
  };
  measure_star: { user_id: number; measure_id: number; starred: Generated<boolean> };
  schedule: ScheduleTable;
  client_measure: ClientMeasureTable;
  /** One claimed reminder per occurrence and kind (0014_occurrence_reminders.sql, docs/reminders.md). */
  occurrence_reminder: {
    client_measure_id: number;
    kind: "opened" | "closing";
    claimed_at: Timestamp;
    outbox_message_id: number | null;
  };
  answer: {
    client_measure_id: number;
    question_id: string;
    value: Json | null;
    client_seq: Generated<number>;
    saved_at: Generated<Date>;
    /** The clinician who handed the device to the respondent (0017_login_as.sql); null otherwise. */
    administered_by: Generated<number | null>;
  };
  measure_score: { client_measure_id: number; score_type: string; value: number };
  /** Who has opened which result (migration 0015; docs/home.md). */
  result_seen: { user_id: number; client_measure_id: number; seen_at: Generated<Date> };
  alert: AlertTable;
  // Programs and episodes of care (0018_programs.sql, docs/programs.md).
  program_type: {
    id: Generated<number>;
    name: string;
    /** enums/care-setting.json (migration 0027). */
    care_setting: Generated<"outpatient" | "inpatient">;
    extra: Extra;
    version: Generated<number>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  program_group: { id: Generated<number>; name: string };
  program: ProgramTable;
  program_clinician: { program_id: number; clinician_id: number };
  program_clinician_team: { program_id: number; team_id: number };
  program_measure: ProgramMeasureTable;
  access_control_program: AccessControlProgramTable;
  program_assignment: { id: Generated<number>; patient_id: number; access_control_program_id: number };
}

export interface ProgramTable extends Versioned {
  id: Generated<number>;
  uuid: Generated<string>;
  name: string;
  description: string | null;
  program_type_id: number | null;
  parent_id: number | null;
  /** Counted in length_type units. */
  length: number | null;
  length_type: ColumnType<"days" | "weeks", "days" | "weeks" | undefined, "days" | "weeks">;
  desired_length: number | null;
  status: ColumnType<"active" | "inactive", "active" | "inactive" | undefined, "active" | "inactive">;
  program_group_id: number | null;
  location_id: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface ProgramMeasureTable {
  id: Generated<number>;
  program_id: number;
  measure_id: number;
  frequency: number;
  /** 'patient' or a respondent type of enums/respondent-type.json. */
  respondent_kind: Generated<string>;
  timing: ColumnType<"admission" | "discharge", "admission" | "discharge" | undefined, "admission" | "discharge">;
  auto_complete: Generated<boolean>;
  is_scorable: Generated<boolean>;
  created_at: Generated<Date>;
}

/** One admission of a chart to a program (accessControlProgramId): an episode of care. */
export interface AccessControlProgramTable {
  id: Generated<number>;
  cca_id: number;
  program_id: number;
  /** YYYY-MM-DD. */
  admission_date: string;
  discharge_date: string | null;
  /** A value of enums/disposition.json. */
  disposition: string | null;
  discharge_status: "pending" | "final" | null;
  /** Who discharged, and when the discharge became final (0019_admissions.sql). */
  discharged_by: number | null;
  discharge_final_at: Date | null;
  created_by: number | null;
  version: Generated<number>;
  created_at: Generated<Date>;
}

export interface MeasureTable {
  id: Generated<number>;
  uuid: Generated<string>;
  definition_id: string;
  version: Generated<string>;
  content_hash: Generated<string>;
  abbreviation: string;
  short_name: string | null;
  name: string;
  condition: string | null;
  respondent: string | null;
  question_count: Generated<number>;
  definition: Json;
  /** Whether the definition has a scoring section (0023: generated from it). */
  scorable: Generated<boolean>;
  license_status: string | null;
  discontinued_at: string | null;
  replaced_by: number | null;
  in_library: Generated<boolean>;
  current_version_id: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface ScheduleTable {
  id: Generated<number>;
  ccau_id: number;
  measure_id: number;
  frequency: number;
  due_date: Timestamp;
  schedule_type: Generated<string>;
  appointment_id: number | null;
  /** The admission (episode) this schedule belongs to (0018_programs.sql); null outside programs. */
  access_control_program_id: number | null;
  /** Which of the episode's program measures it carries out (0019_admissions.sql); null outside programs. */
  program_timing: "admission" | "discharge" | null;
  enabled: Generated<boolean>;
  created_by: number | null;
  created_at: Generated<Date>;
  /** The generator's cursor (0013): the next occurrence not yet generated; null due date: none to come. */
  next_index: Generated<number>;
  next_due_date: Timestamp | null;
}

export interface ClientMeasureTable {
  id: Generated<number>;
  ccau_id: number;
  measure_id: number;
  measure_version_id: number | null;
  schedule_id: number | null;
  due_date: Timestamp;
  /** The clinic calendar day the occurrence opens (YYYY-MM-DD); null: open once it exists. */
  opens_on: ColumnType<string | null, string | null | undefined, string | null>;
  status: ColumnType<
    "not_started" | "partial" | "submitted" | "disabled",
    "not_started" | "partial" | "submitted" | "disabled" | undefined,
    "not_started" | "partial" | "submitted" | "disabled"
  >;
  /** The clinician who handed the device to the respondent for this session (login-as); null otherwise. */
  clinical_administered_by: number | null;
  last_answered_question: string | null;
  started_at: Timestamp | null;
  completed_at: Timestamp | null;
  completed_by: number | null;
  severity: string | null;
  score_result: Json | null;
  /** The episode the session is attributed to (0018_programs.sql); null outside programs. */
  access_control_program_id: Generated<number | null>;
  created_at: Generated<Date>;
}

export interface AlertTable {
  id: Generated<number>;
  client_measure_id: number;
  cca_id: number;
  rule_id: string;
  level: Generated<"critical" | "warning">;
  question_id: string | null;
  scale: string | null;
  message: string;
  raised_at: Generated<Date>;
  acknowledged_by: number | null;
  acknowledged_at: Timestamp | null;
  disposition: string | null;
  disposition_note: string | null;
  /** When the overdue reminder went out (escalation); null until then. */
  escalated_at: Timestamp | null;
}
