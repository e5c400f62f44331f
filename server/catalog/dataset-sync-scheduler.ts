import { SlotScheduler, type DueSlot } from '../scheduling/slot-scheduler.js';
import { nowIso } from '../store/db.js';
import type { DatasetSync, DatasetSyncsRepo } from './dataset-syncs-repo.js';
import type { DatasetsSync } from './datasets-sync.js';

type SyncOutcome = { name: string; outcome: string; ok: boolean };

/**
 * Runs the scheduled syncs of imported datasets (a manifest's `schedule`): each sync whose slot
 * is due gets it claimed, as every scheduler does (scheduling/slot-scheduler.ts), and appends
 * the source's new files. What each run did, or why it failed, is kept with the sync.
 */
export class DatasetSyncScheduler extends SlotScheduler<DatasetSync, SyncOutcome[]> {
  constructor(
    private readonly syncs: DatasetSyncsRepo,
    private readonly sync: DatasetsSync,
    log: (message: string) => void = () => {},
  ) {
    super(syncs, log, 'dataset sync tick');
  }

  protected slotOf(s: DatasetSync): DueSlot {
    return { id: s.tableId, due: s.nextSyncAt!, cron: s.cronExpression };
  }

  /** Runs the due syncs; returns what each one that this tick claimed did. */
  async tick(now: Date): Promise<SyncOutcome[]> {
    const done: SyncOutcome[] = [];
    for await (const s of this.claimed(now)) {
      let outcome: string;
      let ok = true;
      try {
        outcome = await this.sync.runScheduled(s);
      } catch (err) {
        ok = false;
        outcome = `failed: ${err instanceof Error ? err.message : String(err)}`;
        this.log(`scheduled sync of ${s.name} (slot ${s.nextSyncAt}) ${outcome}`);
      }
      await this.syncs.recordOutcome(s.tableId, outcome, nowIso());
      done.push({ name: s.name, outcome, ok });
    }
    return done;
  }
}
