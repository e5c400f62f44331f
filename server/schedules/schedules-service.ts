import type { ExecutionState } from '../../contract/rules/enums.js';
import { SCHEDULE_LIMITS } from '../../contract/rules/limits.js';
import type { Caller } from '../auth/caller.js';
import { DEFAULT_TIER, isTierName, type TierName } from '../engine/tiers.js';
import { conflict, forbidden, invalid, notFound } from '../errors.js';
import { LOCK_SPACES, OwnerLocks } from '../lake/owner-locks.js';
import { checkSchedule, nextSlot } from '../scheduling/cron-rules.js';
import { ScheduleRunner } from './schedule-runs.js';
import { checkDashboardValues, checkValues, sameRuns } from './schedule-values.js';
import type { SchedulesDeps } from './schedules-ports.js';
import {
  SchedulesRepo,
  type DashboardValues,
  type QueryValues,
  type ScheduleFields,
  type ScheduleRecord,
  type ScheduleTarget,
} from './schedules-repo.js';

/** What a create or a change asks; left out: the default (create) or as it is (change). */
export type ScheduleInput = {
  cron_expression?: string;
  parameters?: QueryValues | DashboardValues;
  /** The other name of `parameters`, as alerts and `POST /query/{id}/execute` call values. */
  query_parameters?: QueryValues | DashboardValues;
  performance?: TierName;
  enabled?: boolean;
};

/** The values a create or a change gives, under either name (not both). */
function givenValues(input: ScheduleInput): QueryValues | DashboardValues | undefined {
  if (input.parameters !== undefined && input.query_parameters !== undefined)
    throw invalid('give the values as parameters or as query_parameters, not both');
  return input.parameters ?? input.query_parameters;
}

export type LastState = 'ok' | 'running' | 'failed';

/** The state of a run from what could not start and its executions' states. */
function runState(
  error: string | null,
  ids: string[],
  states: Map<string, ExecutionState>,
): LastState {
  if (error || ids.some((id) => FAILED.has(states.get(id) ?? ''))) return 'failed';
  return ids.some((id) => RUNNING.has(states.get(id) ?? '')) ? 'running' : 'ok';
}

/** One run of a schedule's history: when, its state, and each execution with its state. */
export type ScheduleRunView = {
  runAt: string;
  state: LastState;
  error: string | null;
  executions: { executionId: string; queryId: number | null; state: ExecutionState | null }[];
};

/** A schedule as the API shows it: its record, and the outcome of its last slot. */
export type ScheduleView = ScheduleRecord & {
  lastState: LastState | null;
  /** Why the last slot could not start, else why one of its runs failed. */
  lastProblem: string | null;
};

const NOT_OWNED = {
  query: 'Query not found in this context (schedules are kept in the query’s owner context)',
  dashboard:
    'Dashboard not found in this context (schedules are kept in the dashboard’s owner context)',
};
const SCHEDULE_NOT_FOUND = 'Schedule not found';
const FAILED = new Set(['QUERY_STATE_FAILED', 'QUERY_STATE_CANCELLED']);
const RUNNING = new Set(['QUERY_STATE_PENDING', 'QUERY_STATE_EXECUTING']);

/** The target as the rules need it: archived, its default tier, how to check values. */
type Owned = {
  label: string;
  archived: boolean;
  tier: TierName;
  check: (v: unknown) => Promise<unknown>;
};

/**
 * Scheduled refreshes of saved queries and dashboards: a cron in UTC (no closer than the
 * materialized views' minimum interval, cron-rules.ts), parameter values checked against the
 * query's definitions, and a tier. Only the owner context sees and changes a target's schedules
 * (another context's query or dashboard is not found); SCHEDULE_LIMITS caps them per target and
 * per context, and two schedules of one target never run the same thing at the same times.
 * Runs are started by the scheduler (scheduler.ts) or by "run now" (schedule-runs.ts).
 */
export class SchedulesService {
  readonly repo: SchedulesRepo;
  readonly runner: ScheduleRunner;
  /** Creates and changes of one context's schedules, one at a time (the limits stay exact). */
  private readonly contexts: OwnerLocks;

  constructor(private readonly deps: SchedulesDeps) {
    this.repo = new SchedulesRepo(deps.store);
    this.runner = new ScheduleRunner({ ...deps, repo: this.repo });
    this.contexts = new OwnerLocks(deps.store, LOCK_SPACES.scheduleContexts);
  }

  /** The target's schedules, oldest first; not_found unless the context owns the target. */
  async list(contextId: number, target: ScheduleTarget): Promise<ScheduleView[]> {
    await this.owned(contextId, target);
    return Promise.all((await this.repo.listFor(target)).map((s) => this.describe(s)));
  }

  async get(contextId: number, target: ScheduleTarget, scheduleId: number): Promise<ScheduleView> {
    return this.describe(await this.schedule(contextId, target, scheduleId));
  }

  /** A new schedule; 403 for an archived target, 409 over the limits or for a duplicate. */
  async create(
    caller: Caller,
    target: ScheduleTarget,
    input: ScheduleInput & { cron_expression: string },
    now = new Date(),
  ): Promise<ScheduleView> {
    const owned = await this.owned(caller.contextId, target);
    if (owned.archived) throw forbidden(`${owned.label} is archived; unarchive it to schedule it`);
    const cronExpression = this.checkCron(input.cron_expression, now);
    const given = givenValues(input) ?? (target.kind === 'query' ? {} : []);
    const parameters = (await owned.check(given)) as ScheduleRecord['parameters'];
    const enabled = input.enabled ?? true;
    const fields: ScheduleFields = {
      cronExpression,
      parameters,
      performance: input.performance ?? owned.tier,
      enabled,
      nextRunAt: enabled ? nextSlot(cronExpression, now, null) : null,
    };
    const created = await this.contexts.run(caller.contextId, async () => {
      const existing = await this.repo.listFor(target);
      if (existing.length >= SCHEDULE_LIMITS.perTarget)
        throw conflict(
          `${owned.label} has ${existing.length} schedules, the most it may have; remove one first`,
        );
      if ((await this.repo.countOwned(caller.contextId)) >= SCHEDULE_LIMITS.perContext)
        throw conflict(
          `this context has ${SCHEDULE_LIMITS.perContext} schedules, the most it may have; remove one first`,
        );
      this.checkNotDuplicate(existing, fields);
      return this.repo.insert({
        ...fields,
        ownerId: caller.contextId,
        createdBy: caller.userId,
        target,
      });
    });
    return this.describe(created);
  }

  /** Changes any subset; a new cron (or enabling) moves the next run to the first slot after now. */
  async update(
    caller: Caller,
    target: ScheduleTarget,
    scheduleId: number,
    input: ScheduleInput,
    now = new Date(),
  ): Promise<ScheduleView> {
    if (!Object.values(input).some((v) => v !== undefined))
      throw invalid('Nothing to update: give at least one field');
    const owned = await this.owned(caller.contextId, target);
    const cur = await this.schedule(caller.contextId, target, scheduleId);
    const cronExpression =
      input.cron_expression !== undefined
        ? this.checkCron(input.cron_expression, now)
        : cur.cronExpression;
    const given = givenValues(input);
    const parameters =
      given !== undefined
        ? ((await owned.check(given)) as ScheduleRecord['parameters'])
        : cur.parameters;
    const enabled = input.enabled ?? cur.enabled;
    const moved = cronExpression !== cur.cronExpression || (enabled && !cur.enabled);
    const fields: ScheduleFields = {
      cronExpression,
      parameters,
      performance: input.performance ?? cur.performance,
      enabled,
      nextRunAt: !enabled
        ? null
        : moved || !cur.nextRunAt
          ? nextSlot(cronExpression, now, null)
          : cur.nextRunAt,
    };
    const updated = await this.contexts.run(caller.contextId, async () => {
      const others = (await this.repo.listFor(target)).filter((s) => s.id !== cur.id);
      this.checkNotDuplicate(others, fields);
      return this.repo.update(cur.id, fields);
    });
    return this.describe(updated);
  }

  async remove(caller: Caller, target: ScheduleTarget, scheduleId: number): Promise<void> {
    const s = await this.schedule(caller.contextId, target, scheduleId);
    await this.repo.delete(s.id);
  }

  /**
   * Runs the schedule once now, as a slot would (its values and tier, in the owner context,
   * source `schedule`); the next slot stays. A run still in flight is not started again.
   */
  async runNow(
    caller: Caller,
    target: ScheduleTarget,
    scheduleId: number,
    now = new Date(),
  ): Promise<ScheduleView> {
    const s = await this.schedule(caller.contextId, target, scheduleId);
    await this.runner.fire(s.id, now);
    return this.describe((await this.repo.byId(s.id)) ?? s);
  }

  /** The schedule with the outcome of its last slot, read from its executions. */
  async describe(s: ScheduleRecord): Promise<ScheduleView> {
    if (s.lastRunAt === null) return { ...s, lastState: null, lastProblem: null };
    const states = await this.deps.executions.states(s.lastExecutionIds);
    const failed = s.lastExecutionIds.filter((id) => FAILED.has(states.get(id) ?? ''));
    let problem = s.lastError;
    if (!problem && failed.length) {
      const e = await this.deps.executions.get(failed[0]!);
      problem = `Execution ${failed[0]} of query ${e?.query_id ?? '?'} ${e?.state === 'QUERY_STATE_CANCELLED' ? 'was cancelled' : `failed: ${e?.error?.message ?? 'no message'}`}`;
    }
    return {
      ...s,
      lastState: runState(problem, s.lastExecutionIds, states),
      lastProblem: problem,
    };
  }

  /**
   * A schedule's recent runs, newest first (the last SCHEDULE_LIMITS.runsKept are kept): each
   * with its state, as the schedule's last state is read, and its executions to open.
   */
  async runs(
    contextId: number,
    target: ScheduleTarget,
    scheduleId: number,
    page: { limit: number; offset: number },
  ): Promise<{ runs: ScheduleRunView[]; more: boolean }> {
    const s = await this.schedule(contextId, target, scheduleId);
    const read = await this.repo.runs(s.id, page.limit + 1, page.offset);
    const runs = read.slice(0, page.limit);
    const states = await this.deps.executions.states(
      runs.flatMap((r) => r.executions.map((e) => e.execution_id)),
    );
    const views = await Promise.all(
      runs.map(async (r) => ({
        runAt: r.runAt,
        state: runState(
          r.error,
          r.executions.map((e) => e.execution_id),
          states,
        ),
        error: r.error,
        executions: await Promise.all(
          r.executions.map(async (e) => ({
            executionId: e.execution_id,
            // A run kept from before the history (a dashboard's) names no query: its run does.
            queryId:
              e.query_id ?? (await this.deps.executions.get(e.execution_id))?.query_id ?? null,
            state: states.get(e.execution_id) ?? null,
          })),
        ),
      })),
    );
    return { runs: views, more: read.length > page.limit };
  }

  /** One of the target's schedules, in the owner context; not_found otherwise. */
  private async schedule(
    contextId: number,
    target: ScheduleTarget,
    scheduleId: number,
  ): Promise<ScheduleRecord> {
    await this.owned(contextId, target);
    const s = await this.repo.byId(scheduleId);
    if (!s || s.ownerId !== contextId || s.target.kind !== target.kind || s.target.id !== target.id)
      throw notFound(SCHEDULE_NOT_FOUND);
    return s;
  }

  /** The target if the context owns it; not_found otherwise (another context's as well). */
  private async owned(contextId: number, target: ScheduleTarget): Promise<Owned> {
    if (target.kind === 'query') {
      const q = await this.deps.queries.get(target.id);
      if (!q || q.owner_id !== contextId || q.is_temp) throw notFound(NOT_OWNED.query);
      return {
        label: `Query ${q.id}`,
        archived: q.is_archived,
        tier: isTierName(q.engine) ? q.engine : DEFAULT_TIER,
        check: async (v) => {
          if (Array.isArray(v)) throw invalid('parameters: give values by parameter key');
          checkValues(q, v as QueryValues, 'parameters');
          return v;
        },
      };
    }
    const d = await this.deps.dashboards.find(target.id, contextId);
    if (!d || d.owner_id !== contextId) throw notFound(NOT_OWNED.dashboard);
    return {
      label: `Dashboard ${d.id}`,
      archived: d.is_archived,
      tier: DEFAULT_TIER,
      check: async (v) => {
        if (!Array.isArray(v))
          throw invalid('parameters: give a list of {query_id, key, value} of parameter widgets');
        await checkDashboardValues(d, v as DashboardValues, async (id) =>
          this.deps.queries.get(id),
        );
        return v;
      },
    };
  }

  private checkCron(raw: string, now: Date): string {
    return checkSchedule(raw, this.deps.config.matviewMinIntervalMinutes, now);
  }

  private checkNotDuplicate(existing: ScheduleRecord[], fields: ScheduleFields): void {
    const twin = existing.find((s) => sameRuns(s, fields));
    if (twin)
      throw conflict(
        `schedule ${twin.id} already runs these values on this tier at these times; change that one instead`,
      );
  }
}
