import { nextSlot } from './cron-rules.js';
import type { MatviewsService } from './matviews-service.js';
import { Ticker } from '../ticker.js';

export type TickOutcome = {
  /** Views whose slot this tick claimed, with the refresh it started. */
  started: { view: string; executionId: string }[];
  /** Views whose slot was claimed while a refresh of theirs was still running. */
  skipped: string[];
  /** Views whose slot was claimed but whose refresh could not start (402, archived query...). */
  failed: { view: string; error: string }[];
};

/**
 * Runs scheduled refreshes. A tick takes every view whose `next_execution_time` is due and, in
 * one compare-and-set statement, moves it to the first slot strictly after `now` (null past
 * `expires_at`); only the tick that won that statement starts the refresh. The next slot is
 * persisted before the refresh starts, so a restart never runs a consumed slot again, and slots
 * missed while the process was down are caught up by one run (the stored slot is in the past,
 * the next one is computed from now). A view whose refresh is still running skips the slot.
 */
export class MatviewScheduler {
  private readonly ticker: Ticker;

  constructor(
    private readonly matviews: MatviewsService,
    private readonly log: (message: string) => void = () => {},
  ) {
    this.ticker = new Ticker(() => this.tick(new Date()), log, 'scheduler tick');
  }

  async tick(now: Date): Promise<TickOutcome> {
    const out: TickOutcome = { started: [], skipped: [], failed: [] };
    for (const view of await this.matviews.repo.due(now)) {
      const due = view.nextExecutionTime!;
      const next = view.cronExpression ? nextSlot(view.cronExpression, now, view.expiresAt) : null;
      if (!(await this.matviews.repo.claimSlot(view.id, due, next))) continue;
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
        this.log(`scheduled refresh of ${view.fullName} (slot ${due}) could not start: ${error}`);
      }
    }
    return out;
  }

  /** Ticks now and then every `everyMs` (nothing when 0), never two at once (ticker.ts). */
  run(everyMs: number): void {
    this.ticker.run(everyMs);
  }

  /** Stops the timer; resolves once a tick still running has ended. */
  stop(): Promise<void> {
    return this.ticker.stop();
  }
}
