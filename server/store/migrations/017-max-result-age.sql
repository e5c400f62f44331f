-- How old a result a saved query's readers and a dashboard's viewers accept, in seconds
-- (contract/rules/result-age.ts): NULL, the default, means any age (always the latest result).
ALTER TABLE queries ADD COLUMN max_result_age_seconds INTEGER;
ALTER TABLE dashboards ADD COLUMN max_result_age_seconds INTEGER;
