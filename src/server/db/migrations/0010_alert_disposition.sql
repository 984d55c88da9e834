-- Acknowledging an alert records what was done about it (issue 9 §1): a disposition from
-- schemas/enums/alert-disposition.json and an optional note (required for "other" by the body schema).
-- Both are cleared with the acknowledgement when its author undoes it within the undo window.
ALTER TABLE alert ADD COLUMN disposition text;
ALTER TABLE alert ADD COLUMN disposition_note text;
