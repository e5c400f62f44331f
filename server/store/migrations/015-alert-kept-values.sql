-- An evaluation keeps at most ALERT_LIMITS.keptValue (1000) characters of the value it found
-- (server/alerts/alert-condition.ts keptValue): a longer one is cut, with "…", and marked here.
ALTER TABLE alert_evaluations ADD COLUMN value_truncated INTEGER NOT NULL DEFAULT 0;

-- Values kept whole before this change are cut the same way, on their stored JSON text (so a
-- string's cut begins with its quote): history stays within its bound from now on.
UPDATE alert_evaluations
SET value = json_quote(substr(value, 1, 1000) || '…'), value_truncated = 1
WHERE length(value) > 1000;
