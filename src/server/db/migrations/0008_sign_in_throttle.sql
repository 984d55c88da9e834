-- Sign-in hardening (issue 8 §3, §5).

-- Failed password attempts, counted per key in the database so every node sees the same count
-- (the server is stateless). A key is "ip:<address>", "user:<lower username>" or
-- "pair:<lower username>|<address>". Past a scope's free failures each further failure blocks
-- the key for a growing delay (throttling, never a hard lock: the right password from another
-- address still works). notified_at (user keys only) is when the account owner was last told
-- that sign-in attempts were blocked, so an attack sends one notice, not one per guess.
CREATE TABLE sign_in_throttle (
  key             text PRIMARY KEY,
  failures        integer NOT NULL DEFAULT 0,
  last_failure_at timestamptz NOT NULL DEFAULT now(),
  blocked_until   timestamptz,
  notified_at     timestamptz
);
CREATE INDEX sign_in_throttle_stale_idx ON sign_in_throttle (last_failure_at);

-- A refresh family's absolute end (REFRESH_ABSOLUTE_TTL_SECONDS from the sign-in): renewing
-- carries it over, so rotating tokens cannot keep a session alive past it.
-- The server always sets it (auth/refresh-tokens.ts); the default, the 12-hour default of the
-- setting, covers rows written by other means (test helpers) so that none lives for ever.
ALTER TABLE refresh_token ADD COLUMN family_expires_at timestamptz;
UPDATE refresh_token SET family_expires_at = expires_at;
ALTER TABLE refresh_token ALTER COLUMN family_expires_at SET DEFAULT now() + interval '12 hours';
ALTER TABLE refresh_token ALTER COLUMN family_expires_at SET NOT NULL;

-- The hard 15-minute lock is gone (anyone could trigger it); its columns stay unused for now so
-- that other branches reading them still merge, and any lock in force is lifted.
UPDATE app_user SET locked_until = NULL, failed_logins = 0 WHERE locked_until IS NOT NULL OR failed_logins <> 0;
