-- Alerts (server/alerts, docs/alerts.md): a condition on the result of a saved query, run on a
-- cron schedule as its owner context; state changes are sent to webhooks and email addresses.
CREATE TABLE alerts (
  id                   INTEGER PRIMARY KEY,
  owner_id             INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  created_by           INTEGER REFERENCES accounts(id) ON DELETE SET NULL,
  name                 TEXT NOT NULL,
  query_id             INTEGER NOT NULL REFERENCES queries(id),
  condition            TEXT NOT NULL,              -- JSON {op, column?, value?}
  parameters           TEXT NOT NULL DEFAULT '{}', -- JSON: parameter values by name
  performance          TEXT NOT NULL DEFAULT 'medium',
  cron_expression      TEXT NOT NULL,              -- five fields, UTC
  next_evaluation_time TEXT,                       -- next slot; NULL while paused
  notify               TEXT NOT NULL DEFAULT 'on_change' CHECK (notify IN ('on_change', 'every_run')),
  destinations         TEXT NOT NULL DEFAULT '[]', -- JSON [{type: webhook, url} | {type: email, to}]
  is_paused            INTEGER NOT NULL DEFAULT 0,
  state                TEXT NOT NULL DEFAULT 'unknown'
                         CHECK (state IN ('unknown', 'ok', 'triggered', 'failed')),
  state_changed_at     TEXT,
  last_evaluated_at    TEXT,
  created_at           TEXT NOT NULL,
  updated_at           TEXT NOT NULL
);
CREATE INDEX alerts_owner ON alerts(owner_id, id);
CREATE INDEX alerts_due ON alerts(next_evaluation_time) WHERE next_evaluation_time IS NOT NULL;

-- Each evaluation: 'running' while its execution runs, then the state it found. The last ones
-- are kept (ALERT_LIMITS.history per alert); deliveries go with their evaluation.
CREATE TABLE alert_evaluations (
  id           INTEGER PRIMARY KEY,
  alert_id     INTEGER NOT NULL REFERENCES alerts(id) ON DELETE CASCADE,
  trigger      TEXT NOT NULL CHECK (trigger IN ('schedule', 'manual')),
  execution_id TEXT,                 -- NULL when no run could start (the error says why)
  state        TEXT NOT NULL CHECK (state IN ('running', 'ok', 'triggered', 'failed')),
  value        TEXT,                 -- JSON: the value the condition looked at
  error        TEXT,
  notified     INTEGER NOT NULL DEFAULT 0,
  started_at   TEXT NOT NULL,
  evaluated_at TEXT
);
CREATE INDEX alert_evaluations_alert ON alert_evaluations(alert_id, id);
CREATE INDEX alert_evaluations_running ON alert_evaluations(state) WHERE state = 'running';

-- Each message sent (or not) for an evaluation: to one destination, after `attempts` tries.
CREATE TABLE alert_deliveries (
  id            INTEGER PRIMARY KEY,
  evaluation_id INTEGER NOT NULL REFERENCES alert_evaluations(id) ON DELETE CASCADE,
  kind          TEXT NOT NULL CHECK (kind IN ('webhook', 'email')),
  destination   TEXT NOT NULL,
  ok            INTEGER NOT NULL,
  attempts      INTEGER NOT NULL,
  error         TEXT,
  delivered_at  TEXT NOT NULL
);
CREATE INDEX alert_deliveries_evaluation ON alert_deliveries(evaluation_id, id);
