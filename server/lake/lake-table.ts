/** A lake table as the registry keeps it: what the engine, the catalog and the services read. */

export type LakeColumn = { name: string; type: string; nullable: boolean; description?: string };

/** `dataset`: imported by an operator (npm run admin -- import-dataset), public, read-only to users. */
export type LakeTableKind = 'demo' | 'upload' | 'matview' | 'dataset';

export type LakeTable = {
  id: number;
  catalog: string; // '' = default catalog; 'dune' for uploads and materialized views
  schema_name: string;
  table_name: string;
  owner_id: number | null;
  kind: LakeTableKind;
  dataset_type: string;
  category: string;
  is_private: boolean;
  description: string;
  blockchains: string[];
  columns: LakeColumn[];
  metadata: Record<string, unknown>;
  snapshot: string | null;
  row_count: number;
  size_bytes: number;
  created_at: string;
  updated_at: string;
};

/** The dotted name SQL uses: `schema.table` or `dune.schema.table`. */
export function fullName(t: Pick<LakeTable, 'catalog' | 'schema_name' | 'table_name'>): string {
  return [t.catalog, t.schema_name, t.table_name].filter(Boolean).join('.');
}

/**
 * How a snapshot folder holds its rows: Parquet files in it (the default); with `hive`, in
 * `key=value/` folders whose keys are partition columns; with `linked`, nowhere in the lake: the
 * folder holds LINKED_FILES, the list of the Parquet files outside it that are the table.
 */
export type SnapshotLayout = { hive: boolean; linked: boolean };

/** The file of a linked snapshot listing its files: `{"files": ["/abs/path.parquet", ...]}`. */
export const LINKED_FILES = 'linked.json';

/**
 * The file of a dataset's snapshot listing the source files its rows came from, so a sync can
 * tell the new files of a source from those already in the table:
 * `{"files": [{"path": "/abs/file.parquet", "size": 123, "mtime": 1700000000000}, ...]}`.
 */
export const SOURCE_FILES = '_sources.json';

/** A table's layout, from its metadata (`hive: true`, `linked: true`). */
export const layoutOf = (t: { metadata?: Record<string, unknown> }): SnapshotLayout => ({
  hive: t.metadata?.hive === true,
  linked: t.metadata?.linked === true,
});
