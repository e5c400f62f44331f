-- Visualizations belong to a saved query; they follow its owner and privacy.
CREATE TABLE visualizations (
  id          INTEGER PRIMARY KEY,
  query_id    INTEGER NOT NULL REFERENCES queries(id) ON DELETE CASCADE,
  created_by  INTEGER REFERENCES accounts(id),
  name        TEXT NOT NULL,
  type        TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  options     TEXT NOT NULL DEFAULT '{}',      -- JSON object, stored as given
  created_at  TEXT NOT NULL,
  updated_at  TEXT NOT NULL
);
CREATE INDEX visualizations_query ON visualizations(query_id, id);

CREATE TABLE dashboards (
  id              INTEGER PRIMARY KEY,
  owner_id        INTEGER NOT NULL REFERENCES accounts(id),
  created_by      INTEGER REFERENCES accounts(id),
  name            TEXT NOT NULL,
  slug            TEXT NOT NULL COLLATE NOCASE,
  is_private      INTEGER NOT NULL DEFAULT 0,
  is_archived     INTEGER NOT NULL DEFAULT 0,
  columns_per_row INTEGER NOT NULL DEFAULT 2,
  tags            TEXT NOT NULL DEFAULT '[]',  -- JSON array of strings
  created_at      TEXT NOT NULL,
  updated_at      TEXT NOT NULL,
  UNIQUE (owner_id, slug)
);
CREATE INDEX dashboards_owner ON dashboards(owner_id, is_archived, updated_at);

-- Widgets of every kind in one table; `kind` says which columns are used.
CREATE TABLE dashboard_widgets (
  id                      INTEGER PRIMARY KEY,  -- widget_id of visualization and text widgets
  dashboard_id            INTEGER NOT NULL REFERENCES dashboards(id) ON DELETE CASCADE,
  kind                    TEXT NOT NULL CHECK (kind IN ('visualization', 'text', 'param')),
  uid                     TEXT,                 -- widget_id of param widgets (a UUID string)
  visualization_id        INTEGER REFERENCES visualizations(id) ON DELETE CASCADE,
  text                    TEXT,
  param_key               TEXT,
  query_id                INTEGER,
  visualization_widget_id INTEGER,
  col                     INTEGER NOT NULL,
  row                     INTEGER NOT NULL,
  size_x                  INTEGER NOT NULL,
  size_y                  INTEGER NOT NULL,
  ord                     INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX dashboard_widgets_dashboard ON dashboard_widgets(dashboard_id, kind, ord);
CREATE INDEX dashboard_widgets_visualization ON dashboard_widgets(visualization_id);
