-- Issue 8 §1: linking a respondent must not hand over another chart's person.

-- One account per person. Creating a respondent account claims its email and mobile number with
-- its first and last name (a person: families may share an email, each member is a person of
-- their own) here, INSERT ... ON CONFLICT DO NOTHING: of several parallel creates of the same
-- person only one can make the account, the others find it taken and stop (no check-then-insert
-- race). Values are normalised (lower case; phones are digits). Existing patient-user contacts are
-- claimed by the oldest account holding them.
CREATE TABLE respondent_contact_claim (
  channel    smallint NOT NULL CHECK (channel IN (1, 2)),
  value      text NOT NULL,
  first_name text NOT NULL,
  last_name  text NOT NULL,
  user_id    bigint NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (channel, value, first_name, last_name)
);
INSERT INTO respondent_contact_claim (channel, value, first_name, last_name, user_id)
SELECT DISTINCT ON (c.channel, lower(c.value), lower(u.first_name), lower(u.last_name))
  c.channel, lower(c.value), lower(u.first_name), lower(u.last_name), c.user_id
FROM contact c
JOIN app_user u ON u.id = c.user_id
WHERE u.user_type = 'patient'
ORDER BY c.channel, lower(c.value), lower(u.first_name), lower(u.last_name), c.user_id;

-- An invitation to join a chart's team, sent to a person whose account the inviting clinician
-- cannot see (it is on other charts only). The person accepts through a single-use link (only
-- the SHA-256 of its secret is kept); until then nothing of the person is shown to the clinician.
CREATE TABLE chart_link_invitation (
  id              bigserial PRIMARY KEY,
  cca_id          bigint NOT NULL REFERENCES client_clinic_assignment (id) ON DELETE CASCADE,
  user_id         bigint NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  relation_id     smallint NOT NULL,
  respondent_type text,
  invited_by      bigint REFERENCES app_user (id) ON DELETE SET NULL,
  token_hash      text NOT NULL UNIQUE,
  expires_at      timestamptz NOT NULL,
  accepted_at     timestamptz,
  ccau_id         bigint REFERENCES cca_user (id) ON DELETE SET NULL,
  created_at      timestamptz NOT NULL DEFAULT now()
);
-- One open invitation per person and chart: inviting again replaces the link (ON CONFLICT).
CREATE UNIQUE INDEX chart_link_invitation_open ON chart_link_invitation (cca_id, user_id) WHERE accepted_at IS NULL;
