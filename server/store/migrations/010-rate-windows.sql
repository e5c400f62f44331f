-- Fixed-window rate limits shared by the nodes of one PostgreSQL (server/limits/store-limiter.ts):
-- one row per limit and key while its window lives. The SQLite store (one process) counts in
-- memory and leaves this table empty; it is here so both schemas stay the same.
CREATE TABLE rate_windows (
  name         TEXT NOT NULL,                   -- which limit: api:low, signin:handle, ...
  key          TEXT NOT NULL,                   -- context id, client IP, handle, device
  window_start INTEGER NOT NULL,                -- ms since the epoch, the window's first hit
  count        INTEGER NOT NULL,                -- hits counted in the window (at most the limit)
  PRIMARY KEY (name, key)
);
