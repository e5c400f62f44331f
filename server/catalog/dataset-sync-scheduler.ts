import { nextSlot } from '../matviews/cron-rules.js';
import { nowIso } from '../store/db.js';
import { Ticker } from '../ticker.js';
import type { DatasetSyncsRepo } from './dataset-syncs-repo.js';
import type { DatasetsSync } from './datasets-sync.js';

/**
 * Runs the scheduled syncs of imported datasets (a manifest's `schedule`): a tick takes every
 * sync whose slot is due, moves it to the next slot in one compare-and-set statement (so a
 * restart never runs a consumed slot again, and missed slots are caught up by one run), and
 * appends the source's new files. What each run did, or why it failed, is kept with the sync.
 */
export class DatasetSyncScheduler {
  private readonly ticker: Ticker;

  constructor(
    private readonly syncs: DatasetSyncsRepo,
    private readonly sync: DatasetsSync,
    private readonly log: (message: string) => void = () => {},
  ) {
    this.ticker = new Ticker(() => this.tick(new Date()), log, 'dataset sync tick');
  }

  /** Runs the due syncs; returns what each one that this tick claimed did. */
  async tick(now: Date): Promise<{ name: string; outcome: string; ok: boolean }[]> {
    const done: { name: string; outcome: string; ok: boolean }[] = [];
    for (const s of await this.syncs.due(now)) {
      const next = nextSlot(s.cronExpression, now, null);
      if (!(await this.syncs.claimSlot(s.tableId, s.nextSyncAt!, next))) continue;
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

  run(everyMs: number): void {
    this.ticker.run(everyMs);
  }

  stop(): Promise<void> {
    return this.ticker.stop();
  }
}
