-- Scheduled refreshes (server/schedules): a saved query's schedule runs it with a set of
-- parameter values and a tier; a dashboard's schedule runs every widget's query with the
-- dashboard's parameter values. Each run is an ordinary execution (source 'schedule') in the
-- owner context, and becomes the latest result for those values.
CREATE TABLE query_schedules (
  id                 INTEGER PRIMARY KEY,
  owner_id           INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  created_by         INTEGER REFERENCES accounts(id) ON DELETE SET NULL,
  query_id           INTEGER REFERENCES queries(id) ON DELETE CASCADE,      -- a query's schedule,
  dashboard_id       INTEGER REFERENCES dashboards(id) ON DELETE CASCADE,   -- or a dashboard's
  cron_expression    TEXT NOT NULL,              -- five fields, UTC
  parameters         TEXT NOT NULL DEFAULT '{}', -- JSON: values by key (query), or a list of
                                                 -- {query_id, key, value} (dashboard)
  performance        TEXT NOT NULL,              -- the tier of its runs
  is_enabled         INTEGER NOT NULL DEFAULT 1,
  next_run_at        TEXT,                       -- next slot; NULL while disabled
  last_run_at        TEXT,                       -- when the last slot (or run now) fired
  last_execution_ids TEXT NOT NULL DEFAULT '[]', -- JSON: the executions it started
  last_error         TEXT,                       -- why the last run could not start (or in part)
  created_at         TEXT NOT NULL,
  updated_at         TEXT NOT NULL,
  CHECK ((query_id IS NULL) <> (dashboard_id IS NULL))
);
CREATE INDEX query_schedules_due ON query_schedules(next_run_at) WHERE next_run_at IS NOT NULL;
CREATE INDEX query_schedules_query ON query_schedules(query_id) WHERE query_id IS NOT NULL;
CREATE INDEX query_schedules_dashboard ON query_schedules(dashboard_id)
  WHERE dashboard_id IS NOT NULL;
CREATE INDEX query_schedules_owner ON query_schedules(owner_id);
