-- Dataset catalog search (server/catalog/datasets.ts).
--
-- lake_tables_fts: a full-text index of every lake table, one row per table (rowid = lake_tables.id):
--   name         schema, table and catalog ("uniswap_v3_ethereum evt_Swap")
--   description  the table's description
--   keywords     contract metadata: project and contract name
--   columns      column names
-- The unicode61 tokenizer splits on "_" and "." and folds case, so "evt_Swap" is found by "swap".
-- prefix='2 3' keeps prefix queries ("eth"*) fast.
--
-- lake_table_contracts: contract address (lower case) → decoded table, from metadata.contract_addresses.
--
-- Both are kept in sync by the triggers below, whatever writes lake_tables (publish, upsert, delete).

CREATE VIRTUAL TABLE lake_tables_fts USING fts5(name, description, keywords, columns, prefix = '2 3');

CREATE TABLE lake_table_contracts (
  address  TEXT NOT NULL,
  table_id INTEGER NOT NULL,
  PRIMARY KEY (address, table_id)
) WITHOUT ROWID;
CREATE INDEX lake_table_contracts_table ON lake_table_contracts (table_id);

CREATE TRIGGER lake_tables_catalog_ai AFTER INSERT ON lake_tables BEGIN
  INSERT INTO lake_tables_fts (rowid, name, description, keywords, columns) VALUES (
    NEW.id,
    NEW.schema_name || ' ' || NEW.table_name || ' ' || NEW.catalog,
    NEW.description,
    CASE WHEN json_valid(NEW.metadata) THEN
      coalesce(json_extract(NEW.metadata, '$.project_name'), '') || ' ' ||
      coalesce(json_extract(NEW.metadata, '$.contract_name'), '')
    ELSE '' END,
    coalesce((SELECT group_concat(json_extract(c.value, '$.name'), ' ')
              FROM json_each(CASE WHEN json_valid(NEW.columns) THEN NEW.columns ELSE '[]' END) c), '')
  );
  INSERT OR IGNORE INTO lake_table_contracts (address, table_id)
    SELECT lower(a.value), NEW.id
    FROM json_each(CASE WHEN json_valid(NEW.metadata) AND
                             json_type(NEW.metadata, '$.contract_addresses') = 'array'
                        THEN json_extract(NEW.metadata, '$.contract_addresses') ELSE '[]' END) a
    WHERE a.type = 'text';
END;

CREATE TRIGGER lake_tables_catalog_au
AFTER UPDATE OF catalog, schema_name, table_name, description, columns, metadata ON lake_tables BEGIN
  DELETE FROM lake_tables_fts WHERE rowid = OLD.id;
  INSERT INTO lake_tables_fts (rowid, name, description, keywords, columns) VALUES (
    NEW.id,
    NEW.schema_name || ' ' || NEW.table_name || ' ' || NEW.catalog,
    NEW.description,
    CASE WHEN json_valid(NEW.metadata) THEN
      coalesce(json_extract(NEW.metadata, '$.project_name'), '') || ' ' ||
      coalesce(json_extract(NEW.metadata, '$.contract_name'), '')
    ELSE '' END,
    coalesce((SELECT group_concat(json_extract(c.value, '$.name'), ' ')
              FROM json_each(CASE WHEN json_valid(NEW.columns) THEN NEW.columns ELSE '[]' END) c), '')
  );
  DELETE FROM lake_table_contracts WHERE table_id = OLD.id;
  INSERT OR IGNORE INTO lake_table_contracts (address, table_id)
    SELECT lower(a.value), NEW.id
    FROM json_each(CASE WHEN json_valid(NEW.metadata) AND
                             json_type(NEW.metadata, '$.contract_addresses') = 'array'
                        THEN json_extract(NEW.metadata, '$.contract_addresses') ELSE '[]' END) a
    WHERE a.type = 'text';
END;

CREATE TRIGGER lake_tables_catalog_ad AFTER DELETE ON lake_tables BEGIN
  DELETE FROM lake_tables_fts WHERE rowid = OLD.id;
  DELETE FROM lake_table_contracts WHERE table_id = OLD.id;
END;

-- Tables that existed before this migration.
INSERT INTO lake_tables_fts (rowid, name, description, keywords, columns)
  SELECT t.id,
         t.schema_name || ' ' || t.table_name || ' ' || t.catalog,
         t.description,
         CASE WHEN json_valid(t.metadata) THEN
           coalesce(json_extract(t.metadata, '$.project_name'), '') || ' ' ||
           coalesce(json_extract(t.metadata, '$.contract_name'), '')
         ELSE '' END,
         coalesce((SELECT group_concat(json_extract(c.value, '$.name'), ' ')
                   FROM json_each(CASE WHEN json_valid(t.columns) THEN t.columns ELSE '[]' END) c), '')
  FROM lake_tables t;
INSERT OR IGNORE INTO lake_table_contracts (address, table_id)
  SELECT lower(a.value), t.id
  FROM lake_tables t,
       json_each(CASE WHEN json_valid(t.metadata) AND
                           json_type(t.metadata, '$.contract_addresses') = 'array'
                      THEN json_extract(t.metadata, '$.contract_addresses') ELSE '[]' END) a
  WHERE a.type = 'text';
