-- Accounts and messaging (issue 3 §3-4): invitations, reset keys, access codes, delivery status.

-- Wrong tries against an access code (5 kill it), and what a token stands for beyond its user:
-- an account-selection token lists the respondent links (ccau ids) it may open.
ALTER TABLE one_time_token ADD COLUMN attempts integer NOT NULL DEFAULT 0;
ALTER TABLE one_time_token ADD COLUMN detail jsonb;
CREATE INDEX one_time_token_open_idx ON one_time_token (user_id, purpose) WHERE used_at IS NULL;

-- Who a message is for (audit; null for messages not tied to one account), what in its body is a
-- secret (the link or code, removed once the message has been delivered), the provider's answer.
ALTER TABLE outbox_message ADD COLUMN user_id bigint REFERENCES app_user (id) ON DELETE SET NULL;
ALTER TABLE outbox_message ADD COLUMN purpose text;
ALTER TABLE outbox_message ADD COLUMN secret text;
ALTER TABLE outbox_message ADD COLUMN provider_status text;
ALTER TABLE outbox_message ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX outbox_message_created_idx ON outbox_message (created_at DESC, id DESC);
CREATE INDEX outbox_message_user_idx ON outbox_message (user_id);

-- Public recovery and access-code forms look accounts up by an email address or a phone number
-- (contacts by value are indexed in 0003: contact_value_idx).
CREATE INDEX app_user_email_idx ON app_user (lower(email)) WHERE email IS NOT NULL;
CREATE INDEX patient_email_idx ON patient (lower(email)) WHERE email IS NOT NULL;
CREATE INDEX patient_mobile_idx ON patient (mobile_number) WHERE mobile_number IS NOT NULL;
