import { nextSlot } from '../matviews/cron-rules.js';
import { Ticker } from '../ticker.js';
import type { AlertsService } from './alerts-service.js';

export type AlertTickOutcome = {
  /** Alerts whose slot this tick claimed, with the evaluation started (no run: it failed). */
  fired: { alertId: number; evaluationId: number; executionId: string | null }[];
};

/**
 * Runs scheduled evaluations as the materialized views' scheduler runs refreshes: a tick takes
 * every alert whose `next_evaluation_time` is due and moves it to the first slot strictly after
 * `now` in one compare-and-set statement (AlertsRepo.claimSlot); only the tick that won starts
 * the evaluation. The next slot is stored before the run starts, so a restart never fires a
 * consumed slot again, and slots missed while the service was down are caught up by one
 * evaluation. Each tick also finishes evaluations whose run ended while nobody waited for it
 * (a previous process's, another node's).
 */
export class AlertScheduler {
  private readonly ticker: Ticker;

  constructor(
    private readonly alerts: AlertsService,
    private readonly log: (message: string) => void = () => {},
  ) {
    this.ticker = new Ticker(() => this.tick(new Date()), log, 'alert scheduler tick');
  }

  async tick(now: Date): Promise<AlertTickOutcome> {
    await this.alerts.runner.sweep(now);
    const out: AlertTickOutcome = { fired: [] };
    for (const alert of await this.alerts.repo.due(now)) {
      const due = alert.nextEvaluationTime!;
      const next = nextSlot(alert.cronExpression, now, null);
      if (!(await this.alerts.repo.claimSlot(alert.id, due, next))) continue;
      try {
        const r = await this.alerts.runner.start(alert, 'schedule');
        out.fired.push({ alertId: alert.id, ...r });
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        this.log(
          `scheduled evaluation of alert ${alert.id} (slot ${due}) could not start: ${error}`,
        );
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
