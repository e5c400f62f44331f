-- Materialized views (server/matviews): the stored result of a saved query, served as the lake
-- table dune.<owner handle>.<name> (lake_tables, kind 'matview'). One view per query.
CREATE TABLE matviews (
  id                  INTEGER PRIMARY KEY,
  owner_id            INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  created_by          INTEGER REFERENCES accounts(id) ON DELETE SET NULL,
  name                TEXT NOT NULL,            -- short name, lower case: result_...
  query_id            INTEGER NOT NULL UNIQUE REFERENCES queries(id), -- upserts are keyed by query
  is_private          INTEGER NOT NULL DEFAULT 0,
  cron_expression     TEXT,                     -- five fields, UTC; NULL: no schedule
  expires_at          TEXT,                     -- the schedule stops after it
  next_execution_time TEXT,                     -- next slot; NULL when no schedule or expired
  performance         TEXT NOT NULL DEFAULT 'medium',
  created_at          TEXT NOT NULL,
  updated_at          TEXT NOT NULL,
  UNIQUE (owner_id, name)
);
CREATE INDEX matviews_due ON matviews(next_execution_time) WHERE next_execution_time IS NOT NULL;

-- Every refresh of a view: an ordinary execution (its state, error and result live there).
CREATE TABLE matview_refreshes (
  execution_id TEXT PRIMARY KEY REFERENCES executions(id),
  matview_id   INTEGER NOT NULL REFERENCES matviews(id) ON DELETE CASCADE,
  trigger      TEXT NOT NULL CHECK (trigger IN ('upsert', 'manual', 'schedule', 'pipeline')),
  created_at   TEXT NOT NULL
);
CREATE INDEX matview_refreshes_view ON matview_refreshes(matview_id, created_at);
