-- Several nodes on one PostgreSQL store (docs/deploy.md). The SQLite store is one process and
-- leaves these empty; the columns exist so both schemas stay the same.
-- A node's lease: it renews `lease_until` (ms since the epoch, the database's clock) while it
-- lives; past it, any node fails what the node was running.
CREATE TABLE cluster_nodes (
  id          TEXT PRIMARY KEY,                -- random per process start
  name        TEXT NOT NULL,                   -- host:port pid N, for messages and operators
  started_at  TEXT NOT NULL,
  lease_until BIGINT NOT NULL
);
-- The node that claimed a run (or must run it: a run whose result a view or pipeline stores).
ALTER TABLE executions ADD COLUMN runner_node TEXT;
-- The SQL as written and where its placeholders were, so any node can place an error's position.
ALTER TABLE executions ADD COLUMN written_sql TEXT;
ALTER TABLE executions ADD COLUMN sql_marks TEXT;
CREATE INDEX executions_runner ON executions(runner_node) WHERE runner_node IS NOT NULL;
-- The node that runs a pipeline's steps.
ALTER TABLE pipeline_executions ADD COLUMN runner_node TEXT;
