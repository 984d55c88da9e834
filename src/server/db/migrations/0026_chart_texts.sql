-- Outcomes charts' title and caption, overridden per program and chart id (spec §9; issue 13 §2;
-- docs/analytics.md Charts). A row holds only what is overridden: a null title or caption keeps
-- the chart's own (schemas/charts/outcomes-*.json x-chart). 0026: 0025 is taken by another branch.
CREATE TABLE chart_text (
  program_id bigint NOT NULL REFERENCES program (id) ON DELETE CASCADE,
  chart_id   text NOT NULL CHECK (chart_id ~ '^[a-z][a-z0-9-]{0,63}$'),
  title      text CHECK (char_length(title) BETWEEN 1 AND 120),
  caption    text CHECK (char_length(caption) BETWEEN 1 AND 500),
  updated_by bigint REFERENCES app_user (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (program_id, chart_id)
);
