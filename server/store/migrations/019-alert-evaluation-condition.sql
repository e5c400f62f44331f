-- The condition an evaluation checked (JSON, as the alert held it then): the history reads "508,
-- volume > 500 → triggered" beside a later "508, volume > 600 → ok" instead of a contradiction.
-- NULL for evaluations recorded before.
ALTER TABLE alert_evaluations ADD COLUMN condition TEXT;
