-- PostgreSQL twin of migrations/005-pipelines.sql.
-- Pipelines (issue 6 §2): a run of a graph of nodes, each a saved query or a materialized view
-- refresh, in dependency order. Statuses: see contract/pipelines.ts (PIPELINE_STATUSES, NODE_STATUSES).
CREATE TABLE pipeline_executions (
  id            TEXT PRIMARY KEY,          -- ULID
  context_id    INTEGER NOT NULL REFERENCES accounts(id),
  user_id       INTEGER REFERENCES accounts(id),
  api_key_id    TEXT,
  status        TEXT NOT NULL,             -- pending, executing, completed, failed, cancelled
  error         TEXT,
  submitted_at  TEXT NOT NULL,
  started_at    TEXT,
  ended_at      TEXT
);
CREATE INDEX pipeline_executions_context ON pipeline_executions(context_id, submitted_at);
CREATE INDEX pipeline_executions_status ON pipeline_executions(status);

CREATE TABLE pipeline_nodes (
  pipeline_execution_id TEXT NOT NULL REFERENCES pipeline_executions(id) ON DELETE CASCADE,
  node_id       INTEGER NOT NULL,          -- the id given in the pipeline
  "position"    INTEGER NOT NULL,          -- order in the pipeline as given
  kind          TEXT NOT NULL,             -- query_execution, materialized_view_refresh
  query_id      INTEGER,                   -- query nodes: the query; view nodes: the view's source query
  matview_name  TEXT,                      -- view nodes: full name dune.<handle>.result_x
  dependencies  TEXT NOT NULL DEFAULT '[]', -- JSON array of node ids
  performance   TEXT NOT NULL,
  parameters    TEXT NOT NULL DEFAULT '{}', -- JSON object of the values given (query nodes)
  execution_id  TEXT,                      -- once submitted
  status        TEXT NOT NULL,             -- pending, executing, completed, failed, cancelled, skipped
  error         TEXT,
  started_at    TEXT,
  ended_at      TEXT,
  PRIMARY KEY (pipeline_execution_id, node_id)
);
