import { nextSlot } from '../matviews/cron-rules.js';
import { Ticker } from '../ticker.js';
import type { SchedulesService } from './schedules-service.js';

export type ScheduleTickOutcome = {
  /** Schedules whose slot this tick claimed, with the executions it started. */
  started: { scheduleId: number; executionIds: string[] }[];
  /** Schedules whose slot was claimed while the previous slot's runs still ran. */
  skipped: number[];
  /** Schedules whose slot (or a part of a dashboard's) could not start, and why. */
  failed: { scheduleId: number; error: string }[];
};

/**
 * Runs scheduled refreshes of queries and dashboards, as the materialized views' scheduler does
 * (matviews/scheduler.ts): a tick takes every schedule whose `next_run_at` is due and, in one
 * compare-and-set statement, moves it to the first slot strictly after `now`; only the tick that
 * won that statement starts the runs. The next slot is stored before anything runs, so a restart
 * or a second node never runs a slot again, and slots missed while no node ran are caught up by
 * one run (the stored slot is past, the next one is counted from now).
 */
export class RefreshScheduler {
  private readonly ticker: Ticker;

  constructor(
    private readonly schedules: SchedulesService,
    private readonly log: (message: string) => void = () => {},
  ) {
    this.ticker = new Ticker(() => this.tick(new Date()), log, 'refresh scheduler tick');
  }

  async tick(now: Date): Promise<ScheduleTickOutcome> {
    const out: ScheduleTickOutcome = { started: [], skipped: [], failed: [] };
    const { repo, runner } = this.schedules;
    for (const s of await repo.due(now)) {
      const next = nextSlot(s.cronExpression, now, null);
      if (!(await repo.claimSlot(s.id, s.nextRunAt!, next))) continue;
      try {
        const r = await runner.fire(s.id, now);
        if (r.skipped) out.skipped.push(s.id);
        if (r.started.length) out.started.push({ scheduleId: s.id, executionIds: r.started });
        if (r.error) out.failed.push({ scheduleId: s.id, error: r.error });
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        out.failed.push({ scheduleId: s.id, error });
        this.log(`scheduled refresh ${s.id} (slot ${s.nextRunAt}) could not start: ${error}`);
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
