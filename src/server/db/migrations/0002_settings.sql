-- Settings area (issue 3 §1): locations, clinical users, clinician teams.

-- Two locations of one name would be indistinguishable in every picker.
CREATE UNIQUE INDEX location_name_key ON location (lower(name));

-- Provider ids are compared without regard to case ("ab12" and "AB12" are one id in other systems).
DROP INDEX app_user_provider_id_key;
CREATE UNIQUE INDEX app_user_provider_id_key ON app_user (lower(provider_id)) WHERE provider_id IS NOT NULL;

-- "Users of a location", reassignment and the location list's user counts read by location.
CREATE INDEX user_location_location_idx ON user_location (location_id);
