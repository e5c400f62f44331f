-- PostgreSQL twin of migrations/006-matview-dataset-type.sql (the same statement).
-- Materialized views are listed in the catalog with the hosted service's dataset type
-- `materialized_view` (they were `transformation_table`).
UPDATE lake_tables SET dataset_type = 'materialized_view' WHERE kind = 'matview';
