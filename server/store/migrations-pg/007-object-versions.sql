-- PostgreSQL twin of migrations/007-object-versions.sql (the same statements).
-- Visualizations and dashboards carry a version, bumped by every change, so a PATCH can say which
-- version it edits (If-Match) and a stale one is refused (409) instead of overwriting.
ALTER TABLE visualizations ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE dashboards ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
