import fs from 'node:fs';
import path from 'node:path';
import { isFreshEnough } from '../../contract/rules/result-age.js';
import type { ReferencedResult } from '../engine/sandbox.js';
import { SqlError } from '../engine/sql-errors.js';
import { AppError } from '../errors.js';
import { linkOrCopy } from '../lake/link-or-copy.js';
import { STATES, type ExecutionRecord } from './execution-record.js';
import type { ExecutionsRepo } from './executions-repo.js';
import { planReferences, type PlanDeps, type ReferencePlan } from './query-references.js';
import type { ResultFiles } from './result-files.js';

/** Runs a referenced query inside the run that reads it (the queue's): its execution as it ended. */
export type RunReferenced = (plan: ReferencePlan) => Promise<ExecutionRecord>;

/**
 * The results a run reads as `query_<id>`: each reference is bound to the latest result of its
 * query for its values when that result is fresh enough, or its query runs first, inside the
 * run and charged to the run's context (`runReferenced`, the queue's). A bound result's file is
 * hard-linked into a folder of the run's own beside the results (`results/references/<run>`, on
 * the same disk), so the result expiring (or being pushed out by a referenced run's result)
 * cannot take it away while the run reads it.
 */
export class ReferenceRuns {
  constructor(
    private readonly deps: {
      queries: PlanDeps;
      repo: ExecutionsRepo;
      results: ResultFiles;
    },
  ) {}

  /**
   * The references of `sql` as `contextId` runs them (query-references.ts); a refusal is the
   * run's failure, in the words a submission of it would have been refused with.
   */
  async plan(contextId: number, sql: string): Promise<ReferencePlan[]> {
    try {
      return await planReferences(this.deps.queries, contextId, sql);
    } catch (err) {
      if (err instanceof AppError) throw new SqlError('FAILED_TYPE_EXECUTION_FAILED', err.message);
      throw err;
    }
  }

  /** Binds each plan to a result (see the class), in order; a referenced run's failure fails the run. */
  async bind(
    runId: string,
    contextId: number,
    plans: ReferencePlan[],
    runReferenced: RunReferenced,
  ): Promise<ReferencedResult[]> {
    const dir = this.folderOf(runId);
    fs.mkdirSync(dir, { recursive: true });
    const bound: ReferencedResult[] = [];
    for (const plan of plans) {
      const e = (await this.fresh(plan, contextId)) ?? (await runReferenced(plan));
      if (e.state !== STATES.completed || !e.result_file)
        throw new SqlError(
          'FAILED_TYPE_EXECUTION_FAILED',
          `${plan.name} failed: ${e.error?.message ?? `its run ended ${e.state}`}`,
        );
      const file = path.join(dir, `${bound.length}.parquet`);
      try {
        linkOrCopy(path.join(this.deps.results.dir, e.result_file), file);
      } catch {
        throw new SqlError(
          'FAILED_TYPE_EXECUTION_FAILED',
          `${plan.name}: its result expired while this run started; run it again`,
        );
      }
      const names = e.column_names ?? [];
      const types = e.column_types ?? [];
      bound.push({
        name: plan.name,
        file,
        columns: names.map((name, i) => ({ name, type: types[i]! })),
      });
    }
    return bound;
  }

  /** Removes what bind linked for the run. */
  release(runId: string): void {
    fs.rmSync(this.folderOf(runId), { recursive: true, force: true });
  }

  /**
   * The latest completed run of the plan's query with the plan's values, by its owner or by
   * `contextId` (LatestRuns' rule: another context's run may have read its private tables), that
   * ran the SQL the query renders to now (a rename or a new description keeps it; a change of
   * its SQL, dialect or parameters does not), young enough for the query's maximum result age,
   * whose result is still kept; or undefined.
   */
  private async fresh(
    plan: ReferencePlan,
    contextId: number,
  ): Promise<ExecutionRecord | undefined> {
    const { query } = plan;
    const contexts = [...new Set([query.owner_id, contextId])];
    const e = await this.deps.repo.latestForQuery(query.id, contexts, plan.paramsKey);
    if (!e || e.state !== STATES.completed || !e.result_file) return undefined;
    if (e.sql !== plan.rendered.sql || e.dialect !== query.dialect) return undefined;
    if (!isFreshEnough(e.ended_at, query.max_result_age_seconds)) return undefined;
    return fs.existsSync(path.join(this.deps.results.dir, e.result_file)) ? e : undefined;
  }

  /** Removes the folders runs left that are over (a process stopped while they ran). */
  async sweepLeftovers(): Promise<void> {
    const root = path.join(this.deps.results.dir, 'references');
    const ids = fs.existsSync(root) ? fs.readdirSync(root) : [];
    if (!ids.length) return;
    const states = await this.deps.repo.states(ids);
    for (const id of ids) {
      const state = states.get(id);
      if (state !== STATES.pending && state !== STATES.executing) this.release(id);
    }
  }

  private folderOf(runId: string): string {
    return path.join(this.deps.results.dir, 'references', runId);
  }
}
