import { SlotScheduler, type DueSlot } from '../scheduling/slot-scheduler.js';
import type { AlertRecord } from './alerts-repo.js';
import type { AlertsService } from './alerts-service.js';

export type AlertTickOutcome = {
  /** Alerts whose slot this tick claimed, with the evaluation started (no run: it failed). */
  fired: { alertId: number; evaluationId: number; executionId: string | null }[];
};

/**
 * Runs scheduled evaluations: each alert whose `next_evaluation_time` is due gets its slot
 * claimed and an evaluation started, as every scheduler does (scheduling/slot-scheduler.ts).
 * Each tick also finishes evaluations whose run ended while nobody waited for it (a previous
 * process's, another node's).
 */
export class AlertScheduler extends SlotScheduler<AlertRecord, AlertTickOutcome> {
  constructor(
    private readonly alerts: AlertsService,
    log: (message: string) => void = () => {},
  ) {
    super(alerts.repo, log, 'alert scheduler tick');
  }

  protected slotOf(alert: AlertRecord): DueSlot {
    return { id: alert.id, due: alert.nextEvaluationTime!, cron: alert.cronExpression };
  }

  async tick(now: Date): Promise<AlertTickOutcome> {
    await this.alerts.runner.sweep(now);
    const out: AlertTickOutcome = { fired: [] };
    for await (const alert of this.claimed(now)) {
      try {
        const r = await this.alerts.runner.start(alert, 'schedule');
        out.fired.push({ alertId: alert.id, ...r });
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        this.log(
          `scheduled evaluation of alert ${alert.id} (slot ${alert.nextEvaluationTime}) could not start: ${error}`,
        );
      }
    }
    return out;
  }
}
