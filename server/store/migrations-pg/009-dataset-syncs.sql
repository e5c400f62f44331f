-- PostgreSQL twin of migrations/009-dataset-syncs.sql.
-- Scheduled syncs of imported datasets (npm run admin -- sync-datasets with a `schedule`): on
-- each slot the server appends the files under `source` that the table does not hold yet.
CREATE TABLE dataset_syncs (
  table_id        INTEGER PRIMARY KEY REFERENCES lake_tables(id) ON DELETE CASCADE,
  source          TEXT NOT NULL,                -- absolute path, folder or glob
  format          TEXT,                         -- parquet | csv | ndjson; NULL: from the names
  cron_expression TEXT NOT NULL,                -- five fields, UTC
  next_sync_at    TEXT,                         -- next slot
  last_sync_at    TEXT,                         -- when the last scheduled sync ended
  last_outcome    TEXT NOT NULL DEFAULT '',     -- what it did, or why it failed
  updated_at      TEXT NOT NULL
);
CREATE INDEX dataset_syncs_due ON dataset_syncs(next_sync_at) WHERE next_sync_at IS NOT NULL;
