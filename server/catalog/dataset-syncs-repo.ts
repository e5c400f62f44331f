import { nowIso } from '../store/db.js';
import type { Store } from '../store/store.js';
import type { DatasetFormat } from './dataset-sources.js';
import { claimSlot, type SlotColumn } from '../scheduling/slot-scheduler.js';

const SLOT: SlotColumn = { table: 'dataset_syncs', key: 'table_id', column: 'next_sync_at' };

/** A dataset's scheduled sync, with the table's name. */
export type DatasetSync = {
  tableId: number;
  name: string;
  source: string;
  format: DatasetFormat | null;
  cronExpression: string;
  nextSyncAt: string | null;
  lastSyncAt: string | null;
  lastOutcome: string;
};

/** The schedules of imported datasets (dataset_syncs): SQL only. */
export class DatasetSyncsRepo {
  constructor(private readonly store: Store) {}

  private rows() {
    return this.store.db
      .selectFrom('dataset_syncs as s')
      .innerJoin('lake_tables as t', 't.id', 's.table_id')
      .select([
        's.table_id as tableId',
        't.schema_name',
        't.table_name',
        's.source',
        's.format',
        's.cron_expression as cronExpression',
        's.next_sync_at as nextSyncAt',
        's.last_sync_at as lastSyncAt',
        's.last_outcome as lastOutcome',
      ]);
  }

  async get(tableId: number): Promise<DatasetSync | undefined> {
    const row = await this.rows().where('s.table_id', '=', tableId).executeTakeFirst();
    return row && toSync(row);
  }

  /** The syncs whose slot has come, oldest first. */
  async due(now: Date): Promise<DatasetSync[]> {
    const rows = await this.rows()
      .where('s.next_sync_at', 'is not', null)
      .where('s.next_sync_at', '<=', nowIso(now))
      .orderBy('s.next_sync_at')
      .orderBy('s.table_id')
      .execute();
    return rows.map(toSync);
  }

  /** Sets a table's schedule (its next slot computed by the caller). */
  async put(
    tableId: number,
    s: {
      source: string;
      format: DatasetFormat | null;
      cronExpression: string;
      nextSyncAt: string | null;
    },
  ): Promise<void> {
    const values = {
      source: s.source,
      format: s.format,
      cron_expression: s.cronExpression,
      next_sync_at: s.nextSyncAt,
      updated_at: nowIso(),
    };
    await this.store.db
      .insertInto('dataset_syncs')
      .values({ table_id: tableId, ...values })
      .onConflict((oc) => oc.column('table_id').doUpdateSet(values))
      .execute();
  }

  async remove(tableId: number): Promise<boolean> {
    const r = await this.store.db
      .deleteFrom('dataset_syncs')
      .where('table_id', '=', tableId)
      .executeTakeFirst();
    return r.numDeletedRows > 0n;
  }

  /** Compare-and-set of the next slot (scheduling/slot-scheduler.ts). */
  claimSlot(tableId: number, due: string, next: string | null): Promise<boolean> {
    return claimSlot(this.store.db, SLOT, tableId, due, next);
  }

  async recordOutcome(tableId: number, outcome: string, at: string): Promise<void> {
    await this.store.db
      .updateTable('dataset_syncs')
      .set({ last_outcome: outcome.slice(0, 2000), last_sync_at: at })
      .where('table_id', '=', tableId)
      .execute();
  }
}

function toSync(r: {
  tableId: number;
  schema_name: string;
  table_name: string;
  source: string;
  format: string | null;
  cronExpression: string;
  nextSyncAt: string | null;
  lastSyncAt: string | null;
  lastOutcome: string;
}): DatasetSync {
  return {
    tableId: r.tableId,
    name: `${r.schema_name}.${r.table_name}`,
    source: r.source,
    format: r.format as DatasetFormat | null,
    cronExpression: r.cronExpression,
    nextSyncAt: r.nextSyncAt,
    lastSyncAt: r.lastSyncAt,
    lastOutcome: r.lastOutcome,
  };
}
