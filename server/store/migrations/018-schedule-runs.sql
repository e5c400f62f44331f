-- The recent runs of each schedule (server/schedules), its history: when a slot (or run now)
-- fired, the executions it started (with their queries: a dashboard's slot starts one per query)
-- and why (part of) it could not start. The last SCHEDULE_LIMITS.runsKept of a schedule are kept.
CREATE TABLE query_schedule_runs (
  id          INTEGER PRIMARY KEY,
  schedule_id INTEGER NOT NULL REFERENCES query_schedules(id) ON DELETE CASCADE,
  run_at      TEXT NOT NULL,
  executions  TEXT NOT NULL DEFAULT '[]', -- JSON: [{execution_id, query_id}]
  error       TEXT
);
CREATE INDEX query_schedule_runs_schedule ON query_schedule_runs(schedule_id, id);
-- The last run each schedule recorded begins its history (a dashboard's without its queries,
-- which the service reads from the executions).
INSERT INTO query_schedule_runs (schedule_id, run_at, executions, error)
  SELECT s.id, s.last_run_at,
    (SELECT json_group_array(json_object('execution_id', e.value, 'query_id', s.query_id))
       FROM json_each(s.last_execution_ids) AS e),
    s.last_error
  FROM query_schedules AS s WHERE s.last_run_at IS NOT NULL;
