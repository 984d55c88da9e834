-- An export's total while it is written (the exports list's "n of N records"): counted exactly for
-- a small export, the planner's estimate for a large one ("about", as the patient list says).
-- Counting 1.5 million records beside the export took the two cores the export itself needed: a
-- quarter of its time (issue 13 §6; docs/benchmarks.md). A finished export's total is the records
-- it wrote, exact either way.
ALTER TABLE export_request ADD COLUMN total_accuracy text NOT NULL DEFAULT 'exact'
  CHECK (total_accuracy IN ('exact', 'about'));
