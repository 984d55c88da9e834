-- Respondents on a chart and their contacts (issue 3 §2; src/server/contacts/contacts.ts).

-- Contacts are read per account and matched by value (GET /api/respondents/exist).
CREATE INDEX contact_user_idx ON contact (user_id);
CREATE INDEX contact_value_idx ON contact (channel, lower(value));

-- A patient's own account mirrors the email and mobile number of their patient record as
-- non-editable "emr" contacts: at most one per channel.
CREATE UNIQUE INDEX contact_one_emr_per_channel ON contact (user_id, channel) WHERE emr;

-- Patients saved before this migration: mirror their record now (later saves keep it in step).
INSERT INTO contact (user_id, channel, is_primary, emr, value, editable, enabled)
SELECT p.user_id, 1,
       NOT EXISTS (SELECT 1 FROM contact c WHERE c.user_id = p.user_id AND c.channel = 1 AND c.is_primary),
       true, p.email, false, p.email_notification
FROM patient p
WHERE p.user_id IS NOT NULL AND coalesce(p.email, '') <> ''
  AND NOT EXISTS (SELECT 1 FROM contact c WHERE c.user_id = p.user_id AND c.channel = 1 AND c.emr);

INSERT INTO contact (user_id, channel, is_primary, emr, value, editable, enabled)
SELECT p.user_id, 2,
       NOT EXISTS (SELECT 1 FROM contact c WHERE c.user_id = p.user_id AND c.channel = 2 AND c.is_primary),
       true, p.mobile_number, false, p.mobile_notification
FROM patient p
WHERE p.user_id IS NOT NULL AND coalesce(p.mobile_number, '') <> ''
  AND NOT EXISTS (SELECT 1 FROM contact c WHERE c.user_id = p.user_id AND c.channel = 2 AND c.emr);

-- Team lists read a chart's live links.
CREATE INDEX cca_user_live_idx ON cca_user (cca_id) WHERE deleted_at IS NULL;
