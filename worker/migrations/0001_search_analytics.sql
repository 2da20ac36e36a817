-- Search analytics, one row per day and normalised query. No reader is identified: no IP,
-- no user agent, no cookie; queries are cut to 64 characters.
CREATE TABLE search_queries (
  day TEXT NOT NULL,              -- UTC, YYYY-MM-DD
  query TEXT NOT NULL,            -- normalised (trimmed, lower-case, spaces collapsed, ≤ 64 chars)
  query_id TEXT NOT NULL,         -- the queryID the endpoint answers with (a hash of the query)
  searches INTEGER NOT NULL DEFAULT 0,
  zero_results INTEGER NOT NULL DEFAULT 0,
  views INTEGER NOT NULL DEFAULT 0,
  clicks INTEGER NOT NULL DEFAULT 0,
  click_position_sum INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, query)
);
CREATE INDEX search_queries_query_id ON search_queries (query_id, day);

-- What readers told us from the no-results screen.
CREATE TABLE reader_reports (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  day TEXT NOT NULL,
  query TEXT NOT NULL,
  note TEXT NOT NULL DEFAULT ''
);
CREATE INDEX reader_reports_day ON reader_reports (day, query);
