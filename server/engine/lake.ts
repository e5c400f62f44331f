import fs from 'node:fs';
import path from 'node:path';
import { ulid } from 'ulid';
import type { Db } from '../store/db.js';
import { nowIso, parseJson } from '../store/db.js';
import { quoteLiteral, type TrustedDuck } from './duck.js';

export type LakeColumn = { name: string; type: string; nullable: boolean; description?: string };

export type LakeTable = {
  id: number;
  catalog: string; // '' = default catalog; 'dune' for uploads and materialized views
  schema_name: string;
  table_name: string;
  owner_id: number | null;
  kind: 'demo' | 'upload' | 'matview';
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

export type LakeTableSpec = {
  catalog?: string;
  schema: string;
  table: string;
  ownerId: number | null;
  kind: LakeTable['kind'];
  datasetType: string;
  category?: string;
  isPrivate?: boolean;
  description?: string;
  blockchains?: string[];
  /** Column descriptions by name; names and types come from the Parquet files. */
  columnDescriptions?: Record<string, string>;
  /** Declared columns (type names as the catalog shows them, nullability), instead of the files'. */
  columns?: LakeColumn[];
  metadata?: Record<string, unknown>;
};

type Row = Omit<LakeTable, 'is_private' | 'blockchains' | 'columns' | 'metadata'> & {
  is_private: number;
  blockchains: string;
  columns: string;
  metadata: string;
};

const fromRow = (r: Row): LakeTable => ({
  ...r,
  is_private: r.is_private === 1,
  blockchains: parseJson(r.blockchains, []),
  columns: parseJson(r.columns, []),
  metadata: parseJson(r.metadata, {}),
});

/** The dotted name SQL uses: `schema.table` or `dune.schema.table`. */
export function fullName(t: Pick<LakeTable, 'catalog' | 'schema_name' | 'table_name'>): string {
  return [t.catalog, t.schema_name, t.table_name].filter(Boolean).join('.');
}

/**
 * The registry of lake tables and their immutable Parquet snapshots under DATA_DIR/lake.
 * A new snapshot is written to a fresh folder, then the pointer switches in one transaction,
 * so readers never see a torn table and a crash never leaves half of one.
 */
export class Lake {
  readonly root: string;

  constructor(
    private readonly db: Db,
    dataDir: string,
    private readonly duck: TrustedDuck,
  ) {
    this.root = path.join(dataDir, 'lake');
    fs.mkdirSync(this.root, { recursive: true });
  }

  /** Tables a context may read: every public table and the context's own private ones. */
  visibleTo(contextId: number | null): LakeTable[] {
    const rows = this.db
      .prepare(
        `SELECT * FROM lake_tables WHERE snapshot IS NOT NULL AND (is_private = 0 OR owner_id = ?)
         ORDER BY catalog, schema_name, table_name`,
      )
      .all(contextId ?? -1) as Row[];
    return rows.map(fromRow);
  }

  get(catalog: string, schema: string, table: string): LakeTable | undefined {
    const row = this.db
      .prepare('SELECT * FROM lake_tables WHERE catalog = ? AND schema_name = ? AND table_name = ?')
      .get(catalog, schema, table) as Row | undefined;
    return row && fromRow(row);
  }

  all(): LakeTable[] {
    return (
      this.db
        .prepare('SELECT * FROM lake_tables ORDER BY catalog, schema_name, table_name')
        .all() as Row[]
    ).map(fromRow);
  }

  /** Absolute folder of a snapshot. */
  snapshotDir(snapshot: string): string {
    return path.join(this.root, snapshot);
  }

  /**
   * Writes a new snapshot with `write(dir)` (which must put one or more .parquet files in dir,
   * using the trusted DuckDB), reads its columns, row count and size, and switches the table to it.
   */
  async publish(spec: LakeTableSpec, write: (dir: string) => Promise<void>): Promise<LakeTable> {
    const catalog = spec.catalog ?? '';
    const rel = path.join(catalog || '_', spec.schema, spec.table, ulid());
    const dir = path.join(this.root, rel);
    fs.mkdirSync(dir, { recursive: true });
    try {
      await write(dir);
      const stats = await this.describe(dir);
      const columns: LakeColumn[] =
        spec.columns ??
        stats.columns.map((c) => ({
          ...c,
          description: spec.columnDescriptions?.[c.name] ?? '',
        }));
      const now = nowIso();
      this.db
        .prepare(
          `INSERT INTO lake_tables (catalog, schema_name, table_name, owner_id, kind, dataset_type, category, is_private,
             description, blockchains, columns, metadata, snapshot, row_count, size_bytes, created_at, updated_at)
           VALUES (@catalog, @schema, @table, @owner, @kind, @datasetType, @category, @isPrivate, @description,
             @blockchains, @columns, @metadata, @snapshot, @rows, @size, @now, @now)
           ON CONFLICT (catalog, schema_name, table_name) DO UPDATE SET
             owner_id = excluded.owner_id, kind = excluded.kind, dataset_type = excluded.dataset_type,
             category = excluded.category, is_private = excluded.is_private, description = excluded.description,
             blockchains = excluded.blockchains, columns = excluded.columns, metadata = excluded.metadata,
             snapshot = excluded.snapshot, row_count = excluded.row_count, size_bytes = excluded.size_bytes,
             updated_at = excluded.updated_at`,
        )
        .run({
          catalog,
          schema: spec.schema,
          table: spec.table,
          owner: spec.ownerId,
          kind: spec.kind,
          datasetType: spec.datasetType,
          category: spec.category ?? 'canonical',
          isPrivate: spec.isPrivate ? 1 : 0,
          description: spec.description ?? '',
          blockchains: JSON.stringify(spec.blockchains ?? []),
          columns: JSON.stringify(columns),
          metadata: JSON.stringify(spec.metadata ?? {}),
          snapshot: rel,
          rows: stats.rowCount,
          size: stats.sizeBytes,
          now,
        });
      return this.get(catalog, spec.schema, spec.table)!;
    } catch (err) {
      fs.rmSync(dir, { recursive: true, force: true });
      throw err;
    }
  }

  /** Columns, rows and bytes of the Parquet files in a snapshot folder. */
  private async describe(dir: string) {
    const glob = quoteLiteral(path.join(dir, '*.parquet'));
    return this.duck.withConnection(async (conn) => {
      const cols = await conn.runAndReadAll(`DESCRIBE SELECT * FROM read_parquet(${glob})`);
      const columns = cols.getRowObjectsJson().map((r) => ({
        name: String(r.column_name),
        type: String(r.column_type),
        nullable: r.null !== 'NO',
      }));
      const count = await conn.runAndReadAll(
        `SELECT count(*)::BIGINT AS n FROM read_parquet(${glob})`,
      );
      const rowCount = Number(count.getRowObjectsJson()[0]!.n);
      let sizeBytes = 0;
      for (const f of fs.readdirSync(dir)) sizeBytes += fs.statSync(path.join(dir, f)).size;
      return { columns, rowCount, sizeBytes };
    });
  }
}
