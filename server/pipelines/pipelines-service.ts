import { ulid } from 'ulid';
import type { ParameterValue } from '../../contract/parameters.js';
import type { PipelineExecutionStatus, PipelineNode } from '../../contract/pipelines.js';
import type { Caller } from '../auth/caller.js';
import { renderSql, resolveParameterValues } from '../engine/parameters.js';
import { DEFAULT_TIER, type TierName } from '../engine/tiers.js';
import { normalizeValues } from '../executions/execution-input.js';
import { REFUSAL_MESSAGES, refusalError } from '../queries/runnable.js';
import { ParameterError, forbidden, invalid, notFound } from '../errors.js';
import { queryLineage } from './lineage.js';
import { statusView } from './pipeline-view.js';
import { type NewNode, type PipelineRecord, PipelinesRepo } from './pipelines-repo.js';
import type { PipelinesDeps } from './ports.js';
import { validateGraph } from './graph.js';
import { PipelineRunner } from './runner.js';

export const STOPPED_MESSAGE = 'the service stopped while this pipeline was running; run it again';
export const NODE_STOPPED_MESSAGE =
  'the node running this pipeline stopped while it was running; run it again';

/** Pipelines: lineage of a query, validation, runs (runner.ts), status, list and cancel. */
export class PipelinesService {
  readonly repo: PipelinesRepo;
  private readonly live = new Map<string, PipelineRunner>();
  private stopped = false;

  constructor(
    private readonly deps: PipelinesDeps,
    /** Where a change a runner could not store is reported. */
    private readonly log: (message: string) => void = () => {},
  ) {
    this.repo = new PipelinesRepo(deps.store, deps.nodeId ?? null);
  }

  /**
   * On start-up: pipelines left unfinished by a previous process have failed (unless other nodes
   * of a cluster run: theirs are theirs; `beat` ends those of dead nodes).
   */
  async start(opts: { recover: boolean } = { recover: true }): Promise<void> {
    if (opts.recover) await this.repo.failInterrupted(STOPPED_MESSAGE);
  }

  /** The cluster lease beat: pipelines of nodes taken for dead have failed. */
  async beat(): Promise<void> {
    await this.repo.failInterrupted(NODE_STOPPED_MESSAGE, 'dead nodes');
  }

  /**
   * Stops every runner before the stores close: nothing is written after this; resolves once
   * what runners had decided before is stored.
   */
  async close(): Promise<void> {
    this.stopped = true;
    await Promise.all([...this.live.values()].map((r) => r.flushed()));
  }

  /** The lineage of a query the context may read (not_found otherwise); see lineage.ts. */
  async lineage(
    contextId: number,
    queryId: number,
    values: Record<string, ParameterValue | null>,
    performance?: TierName,
  ): Promise<PipelineNode[]> {
    const query = await this.deps.queries.readable(queryId, contextId);
    return queryLineage(this.deps, { contextId, query, values, performance });
  }

  /** Runs a query's lineage; a query the caller may not run is refused as execute refuses it. */
  async executeQuery(
    caller: Caller,
    queryId: number,
    values: Record<string, ParameterValue | null>,
    performance: TierName = DEFAULT_TIER,
  ): Promise<PipelineRecord> {
    const { refusal } = await this.deps.queries.runnable(queryId, caller.contextId);
    if (refusal !== null) throw refusalError(refusal);
    return this.execute(caller, await this.lineage(caller.contextId, queryId, values, performance));
  }

  /** Validates every node (invalid/forbidden/over_limit before anything runs), stores the run and starts it. */
  async execute(caller: Caller, nodes: PipelineNode[]): Promise<PipelineRecord> {
    for (const n of nodes) {
      if (!n.query_execution === !n.materialized_view_refresh) {
        throw invalid(
          `node ${n.id} needs exactly one of query_execution and materialized_view_refresh`,
        );
      }
    }
    const graph = nodes.map((n) => ({ id: n.id, dependencies: [...new Set(n.dependencies)] }));
    validateGraph(graph);
    const planned: NewNode[] = [];
    for (const [i, n] of nodes.entries()) {
      planned.push(await this.plan(caller.contextId, n, graph[i]!.dependencies));
    }
    await this.deps.executions.checkCredits(caller.contextId);
    const record = await this.repo.insert(
      {
        id: ulid(),
        context_id: caller.contextId,
        user_id: caller.userId,
        api_key_id: caller.apiKeyId,
      },
      planned,
    );
    const runner = new PipelineRunner(
      {
        repo: this.repo,
        executions: this.deps.executions,
        matviews: this.deps.matviews,
        stopped: () => this.stopped,
        log: this.log,
      },
      record,
      await this.repo.nodes(record.id),
    );
    this.live.set(record.id, runner);
    void runner.done.then(() => this.live.delete(record.id));
    runner.start();
    return record;
  }

  /** One node checked against what the context may run; errors name the node. */
  private async plan(contextId: number, n: PipelineNode, dependencies: number[]): Promise<NewNode> {
    if (n.query_execution) {
      const { query_id, performance, query_parameters } = n.query_execution;
      const { query: q, refusal } = await this.deps.queries.runnable(query_id, contextId);
      if (refusal !== null) {
        // The refusal any run gets, naming the node: a node of no runnable query is a bad
        // request (400), an archived query's is forbidden.
        const message = `node ${n.id} (query ${query_id}): ${REFUSAL_MESSAGES[refusal]}`;
        throw refusal === 'not_found' ? invalid(message) : forbidden(message);
      }
      const values = normalizeValues(query_parameters);
      try {
        renderSql(q.query_sql, resolveParameterValues(q.parameters, values));
      } catch (err) {
        if (err instanceof ParameterError)
          throw invalid(`node ${n.id} (query ${q.id}): ${err.message}`);
        throw err;
      }
      return {
        node_id: n.id,
        kind: 'query_execution',
        query_id: q.id,
        matview_name: null,
        dependencies,
        performance: performance ?? DEFAULT_TIER,
        parameters: values,
      };
    }
    const { name, performance } = n.materialized_view_refresh!;
    const matviews = this.deps.matviews;
    if (!matviews) throw invalid(`node ${n.id}: materialized views are not available`);
    const view = await matviews.find(contextId, name);
    if (!view) throw invalid(`node ${n.id}: materialized view ${name} not found`);
    if (view.ownerId !== contextId) {
      throw forbidden(
        `node ${n.id}: materialized view ${view.fullName} belongs to another context; only its owner refreshes it`,
      );
    }
    return {
      node_id: n.id,
      kind: 'materialized_view_refresh',
      query_id: view.queryId,
      matview_name: view.fullName,
      dependencies,
      performance: performance ?? view.performance,
      parameters: {},
    };
  }

  /** A pipeline execution of the context; malformed id → invalid, another context's → not_found. */
  async own(contextId: number, rawId: string): Promise<PipelineRecord> {
    if (!/^[0-9A-HJKMNP-TV-Z]{26}$/i.test(rawId)) {
      throw invalid(`The requested pipeline execution ID (ID: ${rawId.slice(0, 40)}) is invalid.`);
    }
    const p = await this.repo.get(rawId.toUpperCase());
    if (!p || p.context_id !== contextId) throw notFound('Pipeline execution not found');
    return p;
  }

  async status(contextId: number, rawId: string): Promise<PipelineExecutionStatus> {
    return this.view(await this.own(contextId, rawId));
  }

  async list(contextId: number, limit: number, offset: number) {
    const rows = await this.repo.list(contextId, limit + 1, offset);
    const pipelines: PipelineExecutionStatus[] = [];
    for (const p of rows.slice(0, limit)) pipelines.push(await this.view(p));
    return {
      pipeline_executions: pipelines,
      ...(rows.length > limit ? { next_offset: offset + limit } : {}),
    };
  }

  /** Cancels an unfinished pipeline of the context; false if it had already ended. */
  async cancel(contextId: number, rawId: string): Promise<boolean> {
    const p = await this.own(contextId, rawId);
    if (p.status !== 'pending' && p.status !== 'executing') return false;
    const runner = this.live.get(p.id);
    if (runner) await runner.cancel();
    else await this.repo.finish(p.id, 'cancelled', null);
    return true;
  }

  /** Resolves when the pipeline has ended (for tests). */
  settled(id: string): Promise<void> {
    return this.live.get(id)?.done ?? Promise.resolve();
  }

  /** The status of a pipeline with its nodes, their query names and their executions' states. */
  private async view(p: PipelineRecord): Promise<PipelineExecutionStatus> {
    const nodes = await this.repo.nodes(p.id);
    const names = new Map<number, string | undefined>();
    const states = new Map<string, string | undefined>();
    for (const n of nodes) {
      if (n.kind === 'query_execution' && !names.has(n.query_id ?? 0)) {
        names.set(n.query_id ?? 0, (await this.deps.queries.get(n.query_id ?? 0))?.name);
      }
      if (n.status === 'executing' && n.execution_id) {
        states.set(n.execution_id, (await this.deps.executions.get(n.execution_id))?.state);
      }
    }
    return statusView(p, nodes, {
      queryName: (id) => names.get(id),
      executionState: (id) => states.get(id),
    });
  }
}
