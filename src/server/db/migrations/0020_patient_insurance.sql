-- A patient's insurance (issue 11 §3, spec §3 Patient insurance), grown from the placeholder table
-- of 0001 into the insurance entity's table (schemas/entities/insurance.json, docs/insurance.md):
-- one row per patient holding both coverages, primary and secondary, so one record, one version
-- and one history tell the front desk what changed.
-- - The key is the patient's id, named `id` because the entity engine addresses a record by it.
-- - The placeholder's member and group ids were the primary coverage's (the outcome record's
--   "primary and secondary insurance provider, member id, group id"); each coverage now has its own.
-- - A field a clinic adds in the schema alone is kept in `extra`.
-- - version: rows already stored are version 1; a new row is placed at 0 by its first save, which
--   makes it 1 (src/server/insurance/insurance-routes.ts). No row reads as the empty record, version 0.
ALTER TABLE patient_insurance RENAME COLUMN patient_id TO id;
ALTER TABLE patient_insurance RENAME COLUMN member_id TO primary_member_id;
ALTER TABLE patient_insurance RENAME COLUMN group_id TO primary_group_id;
ALTER TABLE patient_insurance
  ADD COLUMN primary_plan_name                text,
  ADD COLUMN primary_subscriber_name          text,
  ADD COLUMN primary_relation_to_subscriber   text,
  ADD COLUMN primary_effective_date           date,
  ADD COLUMN primary_end_date                 date,
  ADD COLUMN secondary_plan_name              text,
  ADD COLUMN secondary_member_id              text,
  ADD COLUMN secondary_group_id               text,
  ADD COLUMN secondary_subscriber_name        text,
  ADD COLUMN secondary_relation_to_subscriber text,
  ADD COLUMN secondary_effective_date         date,
  ADD COLUMN secondary_end_date               date,
  ADD COLUMN extra                            jsonb   NOT NULL DEFAULT '{}'::jsonb,
  ADD COLUMN version                          integer NOT NULL DEFAULT 1;
ALTER TABLE patient_insurance ALTER COLUMN version SET DEFAULT 0;
