-- PostgreSQL twin of migrations/002-catalog.sql: dataset catalog search (server/catalog/datasets.ts).
--
-- lake_tables_fts: a full-text document of every lake table, one row per table (id = lake_tables.id),
-- a tsvector with one weight per field, as SQLite's FTS5 table has one column per field:
--   A name         schema, table and catalog ("uniswap_v3_ethereum evt_Swap")
--   B description  the table's description
--   C keywords     contract metadata: project and contract name
--   D columns      column names
-- Every run of characters other than letters and digits separates words (as FTS5's unicode61
-- tokenizer does: "evt_Swap" is found by "swap"), and the 'simple' configuration folds case
-- without stemming. Searches match prefixes (to_tsquery 'swap:*'), served by the GIN index.
--
-- lake_table_contracts: contract address (lower case) → decoded table, from metadata.contract_addresses.
--
-- Both are kept in sync by the triggers below, whatever writes lake_tables (publish, upsert, delete).

CREATE TABLE lake_tables_fts (
  id       INTEGER PRIMARY KEY REFERENCES lake_tables(id) ON DELETE CASCADE,
  document tsvector NOT NULL
);
CREATE INDEX lake_tables_fts_document ON lake_tables_fts USING gin (document);

CREATE TABLE lake_table_contracts (
  address  TEXT NOT NULL,
  table_id INTEGER NOT NULL REFERENCES lake_tables(id) ON DELETE CASCADE,
  PRIMARY KEY (address, table_id)
);
CREATE INDEX lake_table_contracts_table ON lake_table_contracts (table_id);

-- The words of a text as the index keeps them.
CREATE FUNCTION lake_fts_words(text) RETURNS tsvector LANGUAGE sql IMMUTABLE AS $$
  SELECT to_tsvector('simple', regexp_replace(coalesce($1, ''), '[^[:alnum:]]+', ' ', 'g'))
$$;

CREATE FUNCTION lake_tables_catalog_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  meta jsonb;
  cols jsonb;
  column_names text;
BEGIN
  BEGIN
    meta := NEW.metadata::jsonb;
  EXCEPTION WHEN others THEN
    meta := '{}';
  END;
  IF jsonb_typeof(meta) IS DISTINCT FROM 'object' THEN meta := '{}'; END IF;
  BEGIN
    cols := NEW.columns::jsonb;
  EXCEPTION WHEN others THEN
    cols := '[]';
  END;
  IF jsonb_typeof(cols) IS DISTINCT FROM 'array' THEN cols := '[]'; END IF;
  SELECT coalesce(string_agg(c ->> 'name', ' '), '') INTO column_names
    FROM jsonb_array_elements(cols) c WHERE jsonb_typeof(c) = 'object';

  INSERT INTO lake_tables_fts (id, document) VALUES (
    NEW.id,
    setweight(lake_fts_words(NEW.schema_name || ' ' || NEW.table_name || ' ' || NEW.catalog), 'A') ||
    setweight(lake_fts_words(NEW.description), 'B') ||
    setweight(lake_fts_words(coalesce(meta ->> 'project_name', '') || ' ' ||
                             coalesce(meta ->> 'contract_name', '')), 'C') ||
    setweight(lake_fts_words(column_names), 'D')
  )
  ON CONFLICT (id) DO UPDATE SET document = excluded.document;

  DELETE FROM lake_table_contracts WHERE table_id = NEW.id;
  IF jsonb_typeof(meta -> 'contract_addresses') = 'array' THEN
    INSERT INTO lake_table_contracts (address, table_id)
      SELECT DISTINCT lower(a #>> '{}'), NEW.id
      FROM jsonb_array_elements(meta -> 'contract_addresses') a
      WHERE jsonb_typeof(a) = 'string'
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER lake_tables_catalog_ai AFTER INSERT ON lake_tables
  FOR EACH ROW EXECUTE FUNCTION lake_tables_catalog_sync();

CREATE TRIGGER lake_tables_catalog_au
  AFTER UPDATE OF catalog, schema_name, table_name, description, columns, metadata ON lake_tables
  FOR EACH ROW EXECUTE FUNCTION lake_tables_catalog_sync();

-- Deletes: both tables reference lake_tables ON DELETE CASCADE.

-- Tables that existed before this migration.
UPDATE lake_tables SET metadata = metadata;
