import { isRunningState } from '../../contract/rules/enums.js';
import { AppError } from '../errors.js';
import { LOCK_SPACES, OwnerLocks } from '../lake/owner-locks.js';
import type { SchedulesDeps } from './schedules-ports.js';
import { valuesOfQuery } from './schedule-values.js';
import type {
  DashboardValues,
  QueryValues,
  ScheduleRecord,
  SchedulesRepo,
} from './schedules-repo.js';

/** What one slot of a schedule did. */
export type FireOutcome = {
  /** The executions it started (one per query of a dashboard). */
  started: string[];
  /** The previous slot's runs were still pending or running: nothing started. */
  skipped: boolean;
  /** Why it (or a part of a dashboard's) could not start; null when everything started. */
  error: string | null;
};

/** The runs a slot started (each with its query) and why others could not start. */
type Runs = { started: { execution_id: string; query_id: number }[]; errors: string[] };

/**
 * Starts the runs of one slot of a schedule and records them on it: a query's schedule runs the
 * query with its values; a dashboard's runs each distinct query of its visualization widgets with
 * the dashboard's values of that query (what the dashboard opens with: a parameter widget's value
 * from the schedule, else the parameter's default). Every run is an execution in the owner
 * context with source `schedule` (executions.runSaved), so it is charged there and becomes the
 * latest result for its values. An archived dashboard, a query runSaved refuses (archived, or
 * made private by another context), values the query no longer takes or an exhausted credit
 * limit skip that run and are recorded as the schedule's `last_error`. One slot of a schedule
 * starts at a time (across nodes too), and a slot that comes while the previous slot's runs
 * still run is skipped.
 */
export class ScheduleRunner {
  private readonly starting: OwnerLocks;

  constructor(private readonly deps: SchedulesDeps & { repo: SchedulesRepo }) {
    this.starting = new OwnerLocks(deps.store, LOCK_SPACES.scheduleRuns);
  }

  fire(scheduleId: number, now: Date): Promise<FireOutcome> {
    return this.starting.run(scheduleId, async () => {
      const s = await this.deps.repo.byId(scheduleId);
      if (!s) return { started: [], skipped: true, error: null };
      const states = await this.deps.executions.states(s.lastExecutionIds);
      if ([...states.values()].some(isRunningState))
        return { started: [], skipped: true, error: null };
      const runs = s.target.kind === 'query' ? await this.runQuery(s) : await this.runDashboard(s);
      const error = runs.errors.length ? runs.errors.join('; ') : null;
      await this.deps.repo.recordRun(s.id, { at: now, executions: runs.started, error });
      return { started: runs.started.map((e) => e.execution_id), skipped: false, error };
    });
  }

  private async runQuery(s: ScheduleRecord): Promise<Runs> {
    const runs: Runs = { started: [], errors: [] };
    await this.run(s, s.target.id, s.parameters as QueryValues, runs);
    return runs;
  }

  private async runDashboard(s: ScheduleRecord): Promise<Runs> {
    const runs: Runs = { started: [], errors: [] };
    const id = s.target.id;
    const dashboard = await this.deps.dashboards.find(id, s.ownerId);
    if (!dashboard) {
      runs.errors.push(`Dashboard ${id} is gone: the run was skipped`);
      return runs;
    }
    if (dashboard.is_archived) {
      runs.errors.push(
        `Dashboard ${id} is archived: the run was skipped; unarchive it to resume this schedule`,
      );
      return runs;
    }
    const queryIds = new Set(
      (await this.deps.dashboards.visualizationsOf(id, s.ownerId)).map(
        (v) => v.visualization.query_id,
      ),
    );
    for (const queryId of queryIds) {
      const values = valuesOfQuery(s.parameters as DashboardValues, queryId);
      if (!(await this.run(s, queryId, values, runs))) break;
    }
    return runs;
  }

  /**
   * Runs one query as the schedule's owner (executions.runSaved: refused as any run is), or
   * records why it could not; false when no other run of this slot can start (over the credit
   * limit).
   */
  private async run(
    s: ScheduleRecord,
    queryId: number,
    values: QueryValues,
    runs: Runs,
  ): Promise<boolean> {
    try {
      const e = await this.deps.executions.runSaved(
        { contextId: s.ownerId, userId: null, apiKeyId: null },
        'schedule',
        queryId,
        { values, tier: s.performance },
      );
      runs.started.push({ execution_id: e.id, query_id: queryId });
      return true;
    } catch (err) {
      runs.errors.push(
        `Query ${queryId} could not run: ${err instanceof Error ? err.message : String(err)}`,
      );
      return !(err instanceof AppError && err.kind === 'over_limit');
    }
  }
}
