import type { MatviewRecord } from './matviews-repo.js';
import type { MatviewsService } from './matviews-service.js';
import { SlotScheduler, type DueSlot } from '../scheduling/slot-scheduler.js';

export type TickOutcome = {
  /** Views whose slot this tick claimed, with the refresh it started. */
  started: { view: string; executionId: string }[];
  /** Views whose slot was claimed while a refresh of theirs was still running. */
  skipped: string[];
  /** Views whose slot was claimed but whose refresh could not start (402, archived query...). */
  failed: { view: string; error: string }[];
};

/**
 * Runs scheduled refreshes: each view whose `next_execution_time` is due gets its slot claimed
 * (moved to the next one, null past `expires_at`) and its refresh started, as every scheduler
 * does (scheduling/slot-scheduler.ts). A view whose refresh is still running skips the slot.
 */
export class MatviewScheduler extends SlotScheduler<MatviewRecord, TickOutcome> {
  constructor(
    private readonly matviews: MatviewsService,
    log: (message: string) => void = () => {},
  ) {
    super(matviews.repo, log, 'scheduler tick');
  }

  protected slotOf(view: MatviewRecord): DueSlot {
    return {
      id: view.id,
      due: view.nextExecutionTime!,
      cron: view.cronExpression,
      expiresAt: view.expiresAt,
    };
  }

  async tick(now: Date): Promise<TickOutcome> {
    const out: TickOutcome = { started: [], skipped: [], failed: [] };
    for await (const view of this.claimed(now)) {
      try {
        const r = await this.matviews.startRefresh(view, {
          userId: null,
          apiKeyId: null,
          trigger: 'schedule',
        });
        if (r.started) out.started.push({ view: view.fullName, executionId: r.executionId });
        else out.skipped.push(view.fullName);
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        out.failed.push({ view: view.fullName, error });
        this.log(
          `scheduled refresh of ${view.fullName} (slot ${view.nextExecutionTime}) could not start: ${error}`,
        );
      }
    }
    return out;
  }
}
