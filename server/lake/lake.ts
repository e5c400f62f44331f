import fs from 'node:fs';
import path from 'node:path';
import { ulid } from 'ulid';
import type { TrustedDuck } from '../engine/duck.js';
import { parquetStats } from '../engine/parquet-stats.js';
import { nowIso } from '../store/db.js';
import type { Store } from '../store/store.js';
import { LakeRepo } from './lake-repo.js';
import { layoutOf, type LakeColumn, type LakeTable } from './lake-table.js';

export type { LakeTable } from './lake-table.js';
export { fullName } from './lake-table.js';

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
  /** Type names the catalog shows for some columns instead of the files' (by column name). */
  columnTypes?: Record<string, string>;
  metadata?: Record<string, unknown>;
};

/**
 * The registry of lake tables and their immutable Parquet snapshots under DATA_DIR/lake.
 * A new snapshot is written to a fresh folder first; then the table points to it in one
 * statement, so readers never see a torn table and a crash never leaves half of one (the
 * folder of a publish that crashed is swept at the next start: retired-snapshots.ts).
 */
export class Lake {
  readonly root: string;
  readonly repo: LakeRepo;

  constructor(
    private readonly store: Store,
    dataDir: string,
    private readonly duck: TrustedDuck,
  ) {
    this.root = path.join(dataDir, 'lake');
    fs.mkdirSync(this.root, { recursive: true });
    this.repo = new LakeRepo(store);
  }

  /**
   * Tables a context may read: every public table and the context's own private ones; with
   * `mentionedIn`, at least those whose name occurs in that lower-case text (LakeRepo.visibleTo).
   */
  visibleTo(contextId: number | null, mentionedIn?: string): Promise<LakeTable[]> {
    return this.repo.visibleTo(contextId, mentionedIn);
  }

  get(catalog: string, schema: string, table: string): Promise<LakeTable | undefined> {
    return this.repo.get(catalog, schema, table);
  }

  all(): Promise<LakeTable[]> {
    return this.repo.all();
  }

  /** A page of one owner's tables of a kind, by schema and table name. */
  owned(
    ownerId: number,
    kind: LakeTable['kind'],
    limit: number,
    offset: number,
  ): Promise<LakeTable[]> {
    return this.repo.owned(ownerId, kind, limit, offset);
  }

  /** Absolute folder of a snapshot. */
  snapshotDir(snapshot: string): string {
    return path.join(this.root, snapshot);
  }

  /**
   * Writes a new snapshot with `write(dir)` (which must put one or more .parquet files in dir,
   * using the trusted DuckDB, laid out as `spec.metadata` says: lake-table.ts), reads its columns,
   * row count and size, and switches the table to it. `check`, when given, sees the table's row as
   * it is just before the switch, in the switch's transaction, and may refuse it by throwing (so
   * a table changed meanwhile is never overwritten). The caller retires the snapshot switched
   * away from.
   */
  async publish(
    spec: LakeTableSpec,
    write: (dir: string) => Promise<void>,
    check?: (current: LakeTable | undefined) => void,
  ): Promise<LakeTable> {
    const catalog = spec.catalog ?? '';
    const rel = path.join(catalog || '_', spec.schema, spec.table, ulid());
    const dir = path.join(this.root, rel);
    fs.mkdirSync(dir, { recursive: true });
    try {
      await write(dir);
      const stats = await parquetStats(this.duck, dir, layoutOf(spec));
      const columns: LakeColumn[] =
        spec.columns ??
        stats.columns.map((c) => ({
          ...c,
          type: spec.columnTypes?.[c.name] ?? c.type,
          description: spec.columnDescriptions?.[c.name] ?? '',
        }));
      const row = {
        catalog,
        schema: spec.schema,
        table: spec.table,
        ownerId: spec.ownerId,
        kind: spec.kind,
        datasetType: spec.datasetType,
        category: spec.category ?? 'canonical',
        isPrivate: spec.isPrivate ?? false,
        description: spec.description ?? '',
        blockchains: spec.blockchains ?? [],
        columns,
        metadata: spec.metadata ?? {},
        snapshot: rel,
        rowCount: stats.rowCount,
        sizeBytes: stats.sizeBytes,
        at: nowIso(),
      };
      if (!check) return await this.repo.put(row);
      return await this.store.transaction(async () => {
        check(await this.repo.get(catalog, spec.schema, spec.table));
        return this.repo.put(row);
      });
    } catch (err) {
      fs.rmSync(dir, { recursive: true, force: true });
      throw err;
    }
  }

  /** Drops a table from the registry (the caller retires its snapshot). */
  async remove(table: Pick<LakeTable, 'id'>): Promise<void> {
    await this.repo.remove(table.id);
  }
}
