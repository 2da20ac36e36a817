-- Clicks and views name a signed search (worker/services/analytics/query-id.ts); each search and
-- position counts once, whichever isolate receives it and however often it is sent.

-- query_id is now the query's 16-hex-digit hash (the first half of the former 32): old rows keep
-- matching the queries they count.
UPDATE search_queries SET query_id = substr(query_id, 1, 16);

-- The row `query = ''` (no normalised query is empty) holds the searches of a day past its cap
-- of distinct queries: the report shows it as "other queries".

-- One row per counted event: `search` is the signed part of its queryID, `position` 0 for a view.
-- Kept only while a click may still name its search (today and yesterday), then dropped by the
-- daily cleanup.
CREATE TABLE counted_events (
  search TEXT NOT NULL,
  position INTEGER NOT NULL,
  day TEXT NOT NULL,              -- the search's UTC day, YYYY-MM-DD
  query_id TEXT NOT NULL,
  PRIMARY KEY (search, position)
) WITHOUT ROWID;
CREATE INDEX counted_events_day ON counted_events (day);

-- A new event adds to its search's row; a repeated one is ignored by the INSERT (OR IGNORE) and
-- so never reaches this.
CREATE TRIGGER counted_events_add AFTER INSERT ON counted_events
BEGIN
  UPDATE search_queries SET
    clicks = clicks + (NEW.position > 0),
    click_position_sum = click_position_sum + NEW.position,
    views = views + (NEW.position = 0)
  WHERE day = NEW.day AND query_id = NEW.query_id;
END;
