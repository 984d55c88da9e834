import type { ColumnType, Generated } from "kysely";

/**
 * Kysely's view of the tables in migrations/. Keep in step with the SQL: a column added
 * there is added here. Timestamps arrive as Date, dates (birth_date) as YYYY-MM-DD strings.
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json = ColumnType<unknown, string, string>;

export interface AppUserTable {
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
  extra: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_by: number | null;
  created_at: Generated<Date>;
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
    created_at: Generated<Date>;
  };
  user_location: { user_id: number; location_id: number };
  clinician_team: { id: Generated<number>; uuid: Generated<string>; name: string; created_at: Generated<Date> };
  clinician_team_member: { team_id: number; user_id: number };
  patient: PatientTable;
  client_clinic_assignment: { id: Generated<number>; patient_id: number; created_at: Generated<Date> };
  cca_clinician: { cca_id: number; clinician_id: number };
  cca_team: { cca_id: number; team_id: number };
  cca_user: {
    id: Generated<number>;
    cca_id: number;
    user_id: number;
    relation_id: number;
    respondent_type: string | null;
    deleted_at: Timestamp | null;
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
  };
  one_time_token: {
    id: Generated<number>;
    user_id: number;
    purpose: string;
    token_hash: string;
    expires_at: Timestamp;
    used_at: Timestamp | null;
    created_at: Generated<Date>;
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
  general_setting: { key: string; value: Json };
  ui_setting: { user_id: number; value: Json };
}
