import { ulid } from 'ulid';
import type { ParameterValue } from '../../contract/parameters.js';
import type { PipelineExecutionStatus, PipelineNode } from '../../contract/pipelines.js';
import type { Deps } from '../deps.js';
import type { Db } from '../store/db.js';
import { renderSql, resolveParameterValues } from '../engine/parameters.js';
import { DEFAULT_TIER, type TierName } from '../engine/tiers.js';
import { ParameterError, forbidden, invalid, notFound } from '../errors.js';
import { NOT_ALLOWED_TO_EXECUTE, normalizeValues } from '../executions/execution-input.js';
import { queryLineage } from './lineage.js';
import { statusView } from './pipeline-view.js';
import { type NewNode, type PipelineRecord, PipelinesRepo } from './pipelines-repo.js';
import type { Caller, MatviewsPort } from './ports.js';
import { validateGraph } from './graph.js';
import { PipelineRunner } from './runner.js';

export const STOPPED_MESSAGE = 'the service stopped while this pipeline was running; run it again';

/** Pipelines: lineage of a query, validation, runs (runner.ts), status, list and cancel. */
export class PipelinesService {
  readonly repo: PipelinesRepo;
  private readonly live = new Map<string, PipelineRunner>();
  private stopped = false;

  /** `deps` is read lazily, so the service can be built inside the Deps it uses. */
  constructor(
    db: Db,
    private readonly deps: () => Deps,
  ) {
    this.repo = new PipelinesRepo(db);
  }

  private get matviews(): MatviewsPort | undefined {
    return this.deps().matviews;
  }

  /** On start-up: pipelines left unfinished by a previous process have failed. */
  start(): void {
    this.repo.failInterrupted(STOPPED_MESSAGE);
  }

  /** Stops every runner before the stores close: nothing is written after this. */
  close(): void {
    this.stopped = true;
  }

  /** The lineage of a query the context may read (404 otherwise); see lineage.ts. */
  async lineage(
    contextId: number,
    queryId: number,
    values: Record<string, ParameterValue | null>,
    performance?: TierName,
  ): Promise<PipelineNode[]> {
    const d = this.deps();
    const query = d.queries.readable(queryId, contextId);
    return queryLineage(
      { lake: d.lake, queries: d.queries, matviews: this.matviews },
      { contextId, query, values, performance },
    );
  }

  /** Runs a query's lineage; an archived query → 403 like execute. */
  async executeQuery(
    caller: Caller,
    queryId: number,
    values: Record<string, ParameterValue | null>,
    performance: TierName = DEFAULT_TIER,
  ): Promise<PipelineRecord> {
    const query = this.deps().queries.readable(queryId, caller.contextId);
    if (query.is_archived) throw forbidden(NOT_ALLOWED_TO_EXECUTE);
    return this.execute(caller, await this.lineage(caller.contextId, queryId, values, performance));
  }

  /** Validates every node (400/403/402 before anything runs), stores the run and starts it. */
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
    const planned = nodes.map((n, i) => this.plan(caller.contextId, n, graph[i]!.dependencies));
    const d = this.deps();
    await d.executions.checkCredits(caller.contextId);
    const record = this.repo.insert(
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
        executions: d.executions,
        queries: d.queries,
        matviews: () => this.matviews,
        stopped: () => this.stopped,
      },
      record,
      this.repo.nodes(record.id),
    );
    this.live.set(record.id, runner);
    void runner.done.then(() => this.live.delete(record.id));
    runner.start();
    return this.repo.get(record.id)!;
  }

  /** One node checked against what the context may run; errors name the node. */
  private plan(contextId: number, n: PipelineNode, dependencies: number[]): NewNode {
    const d = this.deps();
    if (n.query_execution) {
      const { query_id, performance, query_parameters } = n.query_execution;
      const q = d.queries.get(query_id);
      if (!q || (q.owner_id !== contextId && (q.is_private || q.is_temp))) {
        throw invalid(`node ${n.id}: query ${query_id} not found`);
      }
      if (q.is_archived) throw forbidden(`node ${n.id} (query ${q.id}): ${NOT_ALLOWED_TO_EXECUTE}`);
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
    const matviews = this.matviews;
    if (!matviews) throw invalid(`node ${n.id}: materialized views are not available`);
    const view = matviews.find(contextId, name);
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

  /** A pipeline execution of the context; malformed id → 400, another context's → 404. */
  own(contextId: number, rawId: string): PipelineRecord {
    if (!/^[0-9A-HJKMNP-TV-Z]{26}$/i.test(rawId)) {
      throw invalid(`The requested pipeline execution ID (ID: ${rawId.slice(0, 40)}) is invalid.`);
    }
    const p = this.repo.get(rawId.toUpperCase());
    if (!p || p.context_id !== contextId) throw notFound('Pipeline execution not found');
    return p;
  }

  status(contextId: number, rawId: string): Promise<PipelineExecutionStatus> {
    return this.view(this.own(contextId, rawId));
  }

  async list(contextId: number, limit: number, offset: number) {
    const rows = this.repo.list(contextId, limit + 1, offset);
    return {
      pipeline_executions: await Promise.all(rows.slice(0, limit).map((p) => this.view(p))),
      ...(rows.length > limit ? { next_offset: offset + limit } : {}),
    };
  }

  /** Cancels an unfinished pipeline of the context; false if it had already ended. */
  async cancel(contextId: number, rawId: string): Promise<boolean> {
    const p = this.own(contextId, rawId);
    if (p.status !== 'pending' && p.status !== 'executing') return false;
    const runner = this.live.get(p.id);
    if (runner) await runner.cancel();
    else this.repo.finish(p.id, 'cancelled', null);
    return true;
  }

  /** Resolves when the pipeline has ended (for tests). */
  settled(id: string): Promise<void> {
    return this.live.get(id)?.done ?? Promise.resolve();
  }

  private async view(p: PipelineRecord): Promise<PipelineExecutionStatus> {
    const d = this.deps();
    const nodes = this.repo.nodes(p.id);
    const states = await d.executions.states(
      nodes.flatMap((n) => (n.execution_id ? [n.execution_id] : [])),
    );
    return statusView(p, nodes, {
      queryName: (id) => d.queries.get(id)?.name,
      executionState: (id) => states.get(id),
    });
  }
}
