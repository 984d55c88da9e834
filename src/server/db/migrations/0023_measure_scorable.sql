-- Whether a measure is scored, kept as a column (issue 12). The chart's measures overview asks it
-- of every session row, and reading it from the definition (a JSON document of several kilobytes,
-- stored out of line) decompressed that document once per row: 2.0 of the 2.4 ms of the overview's
-- session query for a chart with 200 sessions (docs/benchmarks.md, Query plans). A generated
-- column follows the definition on every insert and update, so it cannot drift from it.
ALTER TABLE measure
  ADD COLUMN scorable boolean GENERATED ALWAYS AS ((definition -> 'scoring') IS NOT NULL) STORED;
