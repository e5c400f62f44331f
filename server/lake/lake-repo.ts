import { sql, type Selectable } from 'kysely';
import { parseJson } from '../store/db.js';
import type { LakeTablesTable } from '../store/schema.js';
import { flag, isSet, type Store } from '../store/store.js';
import type { LakeColumn, LakeTable, LakeTableKind } from './lake-table.js';

/** A registry row to write: the table's identity, description and current snapshot. */
export type LakeTableRow = {
  catalog: string;
  schema: string;
  table: string;
  ownerId: number | null;
  kind: LakeTableKind;
  datasetType: string;
  category: string;
  isPrivate: boolean;
  description: string;
  blockchains: string[];
  columns: LakeColumn[];
  metadata: Record<string, unknown>;
  snapshot: string;
  rowCount: number;
  sizeBytes: number;
  at: string;
};

/** Where a table's snapshot is, for the start-up sweep of orphaned folders. */
export type SnapshotRef = Pick<LakeTable, 'schema_name' | 'table_name' | 'kind' | 'snapshot'>;

export const fromRow = (r: Selectable<LakeTablesTable>): LakeTable => ({
  ...r,
  is_private: isSet(r.is_private),
  blockchains: parseJson<string[]>(r.blockchains, []),
  columns: parseJson<LakeColumn[]>(r.columns, []),
  metadata: parseJson<Record<string, unknown>>(r.metadata, {}),
});

/** The registry row of a table to write (what fromRow reads back). */
const toRow = (t: LakeTableRow) => ({
  catalog: t.catalog,
  schema_name: t.schema,
  table_name: t.table,
  owner_id: t.ownerId,
  kind: t.kind,
  dataset_type: t.datasetType,
  category: t.category,
  is_private: flag(t.isPrivate),
  description: t.description,
  blockchains: JSON.stringify(t.blockchains),
  columns: JSON.stringify(t.columns),
  metadata: JSON.stringify(t.metadata),
  snapshot: t.snapshot,
  row_count: t.rowCount,
  size_bytes: t.sizeBytes,
  created_at: t.at,
  updated_at: t.at,
});

/** What a new snapshot leaves of a registered table: its name and creation time. */
const KEPT = new Set(['catalog', 'schema_name', 'table_name', 'created_at']);

/** The lake registry (lake_tables) in the metadata store: SQL only (rules are in lake.ts). */
export class LakeRepo {
  constructor(private readonly store: Store) {}

  /** Whole registry rows, as fromRow reads them. */
  private rows() {
    return this.store.db.selectFrom('lake_tables').selectAll();
  }

  /**
   * Tables with a snapshot that a context may read: the public ones and its own private ones;
   * with `mentionedIn` (lower-case text), at least those whose lower-cased name occurs in it
   * (LIKE's `_` matches any character: a few more may come, never fewer), so that a run does
   * not read the row of every table in the lake.
   */
  async visibleTo(contextId: number | null, mentionedIn?: string): Promise<LakeTable[]> {
    let q = this.rows()
      .where('snapshot', 'is not', null)
      .where((eb) => eb.or([eb('is_private', '=', 0), eb('owner_id', '=', contextId ?? -1)]));
    if (mentionedIn !== undefined)
      q = q.where(sql<boolean>`${mentionedIn} LIKE '%' || lower(table_name) || '%'`);
    const rows = await q.orderBy('catalog').orderBy('schema_name').orderBy('table_name').execute();
    return rows.map(fromRow);
  }

  async get(catalog: string, schema: string, table: string): Promise<LakeTable | undefined> {
    const row = await this.rows()
      .where('catalog', '=', catalog)
      .where('schema_name', '=', schema)
      .where('table_name', '=', table)
      .executeTakeFirst();
    return row && fromRow(row);
  }

  async all(): Promise<LakeTable[]> {
    const rows = await this.rows()
      .orderBy('catalog')
      .orderBy('schema_name')
      .orderBy('table_name')
      .execute();
    return rows.map(fromRow);
  }

  /** A page of one owner's tables of a kind that have a snapshot, by schema and table name. */
  async owned(
    ownerId: number,
    kind: LakeTableKind,
    limit: number,
    offset: number,
  ): Promise<LakeTable[]> {
    const rows = await this.rows()
      .where('owner_id', '=', ownerId)
      .where('kind', '=', kind)
      .where('snapshot', 'is not', null)
      .orderBy('schema_name')
      .orderBy('table_name')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map(fromRow);
  }

  /** The snapshots of a catalog's tables. */
  async snapshotsIn(catalog: string): Promise<SnapshotRef[]> {
    return this.store.db
      .selectFrom('lake_tables')
      .select(['schema_name', 'table_name', 'kind', 'snapshot'])
      .where('catalog', '=', catalog)
      .execute();
  }

  /**
   * Registers a table or points it to a new snapshot (with its new description), in one
   * statement; the catalog's search index follows through triggers (migration 002).
   */
  async put(t: LakeTableRow): Promise<LakeTable> {
    const row = toRow(t);
    const changed = (Object.keys(row) as (keyof typeof row)[]).filter((c) => !KEPT.has(c));
    const put = await this.store.db
      .insertInto('lake_tables')
      .values(row)
      // dialect: ON CONFLICT ... DO UPDATE with excluded.* is the same in PostgreSQL (9.5+).
      .onConflict((oc) =>
        oc
          .columns(['catalog', 'schema_name', 'table_name'])
          .doUpdateSet((eb) =>
            Object.fromEntries(changed.map((c) => [c, eb.ref(`excluded.${c}`)])),
          ),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
    return fromRow(put);
  }

  /** Sets a table's description and column docs (the search index follows: migration 002). */
  async describe(
    id: number,
    docs: { description: string; blockchains: string[]; columns: LakeColumn[]; at: string },
  ) {
    await this.store.db
      .updateTable('lake_tables')
      .set({
        description: docs.description,
        blockchains: JSON.stringify(docs.blockchains),
        columns: JSON.stringify(docs.columns),
        updated_at: docs.at,
      })
      .where('id', '=', id)
      .execute();
  }

  async remove(id: number): Promise<boolean> {
    const r = await this.store.db.deleteFrom('lake_tables').where('id', '=', id).executeTakeFirst();
    return r.numDeletedRows > 0n;
  }

  /**
   * Whether an execution that started at or before `at` is still executing (it may be reading
   * a snapshot retired at `at`).
   */
  async readerSince(at: string): Promise<boolean> {
    const row = await this.store.db
      .selectFrom('executions')
      .select('id')
      .where('state', '=', 'QUERY_STATE_EXECUTING')
      .where('started_at', '<=', at)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }
}
