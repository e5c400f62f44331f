-- Handles and dashboard slugs are found whatever their case by comparing lower(...), which both
-- SQLite and PostgreSQL index the same way (SQLite's COLLATE NOCASE has no PostgreSQL twin).
CREATE INDEX accounts_handle_lower ON accounts(lower(handle));
CREATE INDEX dashboards_owner_slug_lower ON dashboards(owner_id, lower(slug));
