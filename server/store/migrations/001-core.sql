-- Accounts: users and teams share one handle namespace.
CREATE TABLE accounts (
  id            INTEGER PRIMARY KEY,
  handle        TEXT NOT NULL UNIQUE COLLATE NOCASE,
  type          TEXT NOT NULL CHECK (type IN ('user', 'team')),
  display_name  TEXT NOT NULL DEFAULT '',
  password_hash TEXT,
  created_at    TEXT NOT NULL
);

CREATE TABLE memberships (
  team_id    INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  user_id    INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  role       TEXT NOT NULL CHECK (role IN ('admin', 'member')),
  created_at TEXT NOT NULL,
  PRIMARY KEY (team_id, user_id)
);
CREATE INDEX memberships_user ON memberships(user_id);

CREATE TABLE api_keys (
  id           TEXT PRIMARY KEY,               -- ULID
  context_id   INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  created_by   INTEGER REFERENCES accounts(id) ON DELETE SET NULL,
  name         TEXT NOT NULL DEFAULT '',
  scope        TEXT NOT NULL CHECK (scope IN ('read', 'read_write')),
  prefix       TEXT NOT NULL,
  key_hash     TEXT NOT NULL UNIQUE,           -- sha256 hex of the whole key
  created_at   TEXT NOT NULL,
  last_used_at TEXT,
  revoked_at   TEXT
);
CREATE INDEX api_keys_context ON api_keys(context_id);

CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY,                 -- sha256 hex of the cookie value
  user_id    INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
);

-- Secrets generated on first start (never shipped as defaults).
CREATE TABLE settings (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE queries (
  id          INTEGER PRIMARY KEY,
  owner_id    INTEGER NOT NULL REFERENCES accounts(id),
  created_by  INTEGER REFERENCES accounts(id),
  name        TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  query_sql   TEXT NOT NULL,
  is_private  INTEGER NOT NULL DEFAULT 0,
  is_archived INTEGER NOT NULL DEFAULT 0,
  is_temp     INTEGER NOT NULL DEFAULT 0,
  engine      TEXT NOT NULL DEFAULT 'medium',
  parameters  TEXT NOT NULL DEFAULT '[]',      -- JSON array of Parameter
  tags        TEXT NOT NULL DEFAULT '[]',      -- JSON array of strings
  version     INTEGER NOT NULL DEFAULT 1,
  created_at  TEXT NOT NULL,
  updated_at  TEXT NOT NULL
);
CREATE INDEX queries_owner ON queries(owner_id, is_temp, updated_at);

-- Every version of a query, including the first.
CREATE TABLE query_versions (
  query_id    INTEGER NOT NULL REFERENCES queries(id) ON DELETE CASCADE,
  version     INTEGER NOT NULL,
  author_id   INTEGER REFERENCES accounts(id),
  name        TEXT NOT NULL,
  description TEXT NOT NULL,
  query_sql   TEXT NOT NULL,
  parameters  TEXT NOT NULL,
  tags        TEXT NOT NULL,
  is_private  INTEGER NOT NULL,
  is_archived INTEGER NOT NULL,
  created_at  TEXT NOT NULL,
  PRIMARY KEY (query_id, version)
);

CREATE TABLE executions (
  id                  TEXT PRIMARY KEY,        -- ULID
  query_id            INTEGER NOT NULL DEFAULT 0, -- 0 for ad-hoc SQL
  query_version       INTEGER,
  context_id          INTEGER NOT NULL REFERENCES accounts(id),
  user_id             INTEGER REFERENCES accounts(id),
  api_key_id          TEXT,
  source              TEXT NOT NULL DEFAULT 'api', -- api, app, schedule, pipeline
  sql                 TEXT NOT NULL,           -- the SQL as run, parameters substituted
  parameters          TEXT NOT NULL DEFAULT '{}', -- JSON object of the values used
  params_key          TEXT NOT NULL DEFAULT '', -- canonical form, to find the latest run of a parameter set
  performance         TEXT NOT NULL,
  state               TEXT NOT NULL,
  submitted_at        TEXT NOT NULL,
  started_at          TEXT,
  ended_at            TEXT,
  cancelled_at        TEXT,
  expires_at          TEXT,
  error               TEXT,                    -- JSON QueryResultError
  column_names        TEXT,                    -- JSON
  column_types        TEXT,                    -- JSON
  row_count           INTEGER,
  result_bytes        INTEGER,
  result_file         TEXT,                    -- relative to DATA_DIR/results
  execution_time_ms   INTEGER,
  pending_time_ms     INTEGER,
  cost_credits        REAL NOT NULL DEFAULT 0,
  expired             INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX executions_query ON executions(query_id, params_key, submitted_at);
CREATE INDEX executions_context ON executions(context_id, submitted_at);
CREATE INDEX executions_state ON executions(state);

-- Tables in the lake: demo datasets, uploads, materialized views. Data lives in immutable
-- Parquet snapshots under DATA_DIR/lake; `snapshot` is switched in one transaction.
CREATE TABLE lake_tables (
  id          INTEGER PRIMARY KEY,
  catalog     TEXT NOT NULL DEFAULT '',        -- '' for the default catalog, 'dune' for uploads and views
  schema_name TEXT NOT NULL,
  table_name  TEXT NOT NULL,
  owner_id    INTEGER REFERENCES accounts(id),
  kind        TEXT NOT NULL,                   -- demo, upload, matview
  dataset_type TEXT NOT NULL,                  -- dune_table, decoded_table, spell, uploaded_table, ...
  category    TEXT NOT NULL DEFAULT 'canonical',
  is_private  INTEGER NOT NULL DEFAULT 0,
  description TEXT NOT NULL DEFAULT '',
  blockchains TEXT NOT NULL DEFAULT '[]',      -- JSON array
  columns     TEXT NOT NULL DEFAULT '[]',      -- JSON [{name, type, nullable, description}]
  metadata    TEXT NOT NULL DEFAULT '{}',      -- JSON (contract metadata, page rank, ...)
  snapshot    TEXT,                            -- folder relative to DATA_DIR/lake, NULL when empty
  row_count   INTEGER NOT NULL DEFAULT 0,
  size_bytes  INTEGER NOT NULL DEFAULT 0,
  created_at  TEXT NOT NULL,
  updated_at  TEXT NOT NULL,
  UNIQUE (catalog, schema_name, table_name)
);
