-- A program type says whether its care is inpatient (or residential) or outpatient
-- (enums/care-setting.json): the outcomes charts report the two apart (issue 13 §2). Types that
-- exist keep outpatient unless their name says inpatient or residential, as the charts read them
-- before this column existed. 0027: 0025 and 0026 are other branches' numbers.
ALTER TABLE program_type
  ADD COLUMN care_setting text NOT NULL DEFAULT 'outpatient'
    CHECK (care_setting IN ('outpatient', 'inpatient'));
UPDATE program_type SET care_setting = 'inpatient' WHERE name ~* '(inpatient|residential)';
