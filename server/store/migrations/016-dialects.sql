-- The SQL dialect of a query, of each of its versions and of each run (contract/rules/enums.ts
-- DIALECTS): 'dunesql' (the hosted service's, run through a rewrite) or 'duckdb'. What was
-- stored before was written for and run by DuckDB, so it keeps that meaning; the services write
-- the dialect of every new row (a request that names none means 'dunesql').
ALTER TABLE queries ADD COLUMN dialect TEXT NOT NULL DEFAULT 'duckdb';
ALTER TABLE query_versions ADD COLUMN dialect TEXT NOT NULL DEFAULT 'duckdb';
ALTER TABLE executions ADD COLUMN dialect TEXT NOT NULL DEFAULT 'duckdb';
