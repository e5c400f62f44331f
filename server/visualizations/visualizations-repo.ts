import type { Selectable } from 'kysely';
import type { VisualizationType } from '../../contract/visualizations.js';
import { nowIso, parseJson } from '../store/db.js';
import type { VisualizationsTable } from '../store/schema.js';
import type { Store } from '../store/store.js';

export type VisualizationRecord = {
  id: number;
  query_id: number;
  created_by: number | null;
  name: string;
  type: VisualizationType;
  description: string;
  options: Record<string, unknown>;
  created_at: string;
  updated_at: string;
  /** Bumped by every change (If-Match). */
  version: number;
};

/** The fields a change sets (all of them: the service fills in the current values). */
export type VisualizationFields = Pick<
  VisualizationRecord,
  'name' | 'type' | 'description' | 'options'
>;

const COLS = [
  'id',
  'query_id',
  'created_by',
  'name',
  'type',
  'description',
  'options',
  'created_at',
  'updated_at',
  'version',
] as const;

const toRecord = (row: Selectable<VisualizationsTable>): VisualizationRecord => ({
  ...row,
  type: row.type as VisualizationType,
  options: parseJson<Record<string, unknown>>(row.options, {}),
});

/** Visualizations in the metadata store: SQL only (the rules are in visualizations-service.ts). */
export class VisualizationsRepo {
  constructor(private readonly store: Store) {}

  async get(id: number): Promise<VisualizationRecord | undefined> {
    const row = await this.store.db
      .selectFrom('visualizations')
      .select(COLS)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toRecord(row);
  }

  async insert(
    queryId: number,
    createdBy: number | null,
    v: VisualizationFields,
  ): Promise<VisualizationRecord> {
    const now = nowIso();
    const row = await this.store.db
      .insertInto('visualizations')
      .values({
        query_id: queryId,
        created_by: createdBy,
        name: v.name,
        type: v.type,
        description: v.description,
        options: JSON.stringify(v.options),
        created_at: now,
        updated_at: now,
      })
      .returning(COLS)
      .executeTakeFirstOrThrow();
    return toRecord(row);
  }

  async countForQuery(queryId: number): Promise<number> {
    const row = await this.store.db
      .selectFrom('visualizations')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('query_id', '=', queryId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** A query's visualizations, oldest first. */
  async listForQuery(
    queryId: number,
    page: { limit: number; offset: number },
  ): Promise<VisualizationRecord[]> {
    const rows = await this.store.db
      .selectFrom('visualizations')
      .select(COLS)
      .where('query_id', '=', queryId)
      .orderBy('id')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    return rows.map(toRecord);
  }

  /** Sets every field and bumps the version. */
  async update(id: number, v: VisualizationFields): Promise<VisualizationRecord> {
    const row = await this.store.db
      .updateTable('visualizations')
      .set((eb) => ({
        name: v.name,
        type: v.type,
        description: v.description,
        options: JSON.stringify(v.options),
        updated_at: nowIso(),
        version: eb('version', '+', 1),
      }))
      .where('id', '=', id)
      .returning(COLS)
      .executeTakeFirstOrThrow();
    return toRecord(row);
  }

  /** Deletes the visualization; its dashboard widgets go with it (foreign key cascade). */
  async delete(id: number): Promise<void> {
    await this.store.db.deleteFrom('visualizations').where('id', '=', id).execute();
  }
}
