-- In-clinic administration (issue 10 §5): a clinician hands the device to a respondent. Every
-- answer saved that way names the clinician who handed it over next to the respondent who
-- answered (docs/security/login-as.md); the session keeps it in client_measure.clinical_administered_by
-- (0001). NULL: the respondent answered on their own sign-in or access code.
ALTER TABLE answer ADD COLUMN administered_by bigint REFERENCES app_user (id);
