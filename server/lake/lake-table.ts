/** A lake table as the registry keeps it: what the engine, the catalog and the services read. */

export type LakeColumn = { name: string; type: string; nullable: boolean; description?: string };

export type LakeTableKind = 'demo' | 'upload' | 'matview';

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
