-- Saved queries of the outcomes explorer (issue 13 §1; docs/analytics.md) on the entity engine.
-- 0001 sketched the table; nothing wrote it. The explorer's saved queries are shared by everyone
-- who may use it, so a name is unique in any case across the clinic (spec §5: a duplicate name
-- offers replace or choose another). columns: the records table's chosen columns, in order.
ALTER TABLE saved_query ADD COLUMN columns jsonb NOT NULL DEFAULT '[]'::jsonb;
ALTER TABLE saved_query ADD COLUMN extra jsonb NOT NULL DEFAULT '{}'::jsonb;
ALTER TABLE saved_query ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE saved_query ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE saved_query ADD CONSTRAINT saved_query_name_length CHECK (char_length(name) BETWEEN 3 AND 30);
-- saved_query_name_key (lower(name)) exists since 0001.
-- The list's order: favorites first, then by name (spec §3).
CREATE INDEX saved_query_list_idx ON saved_query (favorite DESC, lower(name), id);
