-- The entity engine (issue 7): every editable entity gets
--   extra   jsonb: fields a product owner adds to the entity's schema without a storage note;
--   version integer: optimistic concurrency. A save names the version it was based on and is
--           refused (409) when the row moved on; every accepted save adds one.
-- app_user carries both clinical users and patient users (one account table); cca_user is a
-- respondent's link to a chart; general settings keep their version as a row of their own.
ALTER TABLE location       ADD COLUMN extra jsonb NOT NULL DEFAULT '{}'::jsonb;
ALTER TABLE location       ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE location       ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE clinician_team ADD COLUMN extra jsonb NOT NULL DEFAULT '{}'::jsonb;
ALTER TABLE clinician_team ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE clinician_team ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE patient        ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE app_user       ADD COLUMN extra jsonb NOT NULL DEFAULT '{}'::jsonb;
ALTER TABLE app_user       ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE cca_user       ADD COLUMN extra jsonb NOT NULL DEFAULT '{}'::jsonb;
ALTER TABLE cca_user       ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE contact        ADD COLUMN extra jsonb NOT NULL DEFAULT '{}'::jsonb;
ALTER TABLE contact        ADD COLUMN version integer NOT NULL DEFAULT 1;

