import { SlotScheduler, type DueSlot } from '../scheduling/slot-scheduler.js';
import type { ScheduleRecord } from './schedules-repo.js';
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
 * Runs scheduled refreshes of queries and dashboards: each schedule whose `next_run_at` is due
 * gets its slot claimed and its runs started, as every scheduler does
 * (scheduling/slot-scheduler.ts).
 */
export class RefreshScheduler extends SlotScheduler<ScheduleRecord, ScheduleTickOutcome> {
  constructor(
    private readonly schedules: SchedulesService,
    log: (message: string) => void = () => {},
  ) {
    super(schedules.repo, log, 'refresh scheduler tick');
  }

  protected slotOf(s: ScheduleRecord): DueSlot {
    return { id: s.id, due: s.nextRunAt!, cron: s.cronExpression };
  }

  async tick(now: Date): Promise<ScheduleTickOutcome> {
    const out: ScheduleTickOutcome = { started: [], skipped: [], failed: [] };
    for await (const s of this.claimed(now)) {
      try {
        const r = await this.schedules.runner.fire(s.id, now);
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
}
