import type { NodeStatus, PipelineStatus } from '../../contract/pipelines.js';
import type { ParameterValue } from '../../contract/parameters.js';
import { nowIso, parseJson } from '../store/db.js';
import type { Store } from '../store/store.js';
import { LIVE_NODE_IDS } from '../cluster/cluster-node.js';

export type PipelineRecord = {
  id: string;
  context_id: number;
  user_id: number | null;
  api_key_id: string | null;
  status: PipelineStatus;
  error: string | null;
  submitted_at: string;
  started_at: string | null;
  ended_at: string | null;
};

export type NodeKind = 'query_execution' | 'materialized_view_refresh';

export type NodeRecord = {
  pipeline_execution_id: string;
  node_id: number;
  position: number;
  kind: NodeKind;
  /** Query nodes: the query; view nodes: the view's source query. */
  query_id: number | null;
  /** View nodes: `dune.<handle>.result_x`. */
  matview_name: string | null;
  dependencies: number[];
  performance: string;
  parameters: Record<string, ParameterValue | null>;
  execution_id: string | null;
  status: NodeStatus;
  error: string | null;
  started_at: string | null;
  ended_at: string | null;
};

const toRecord = (r: Omit<PipelineRecord, 'status'> & { status: string }): PipelineRecord => ({
  ...r,
  status: r.status as PipelineStatus,
});

export type NewNode = Pick<
  NodeRecord,
  'node_id' | 'kind' | 'query_id' | 'matview_name' | 'dependencies' | 'performance' | 'parameters'
>;

type NodeRow = Omit<NodeRecord, 'dependencies' | 'parameters' | 'kind' | 'status'> & {
  kind: string;
  status: string;
  dependencies: string;
  parameters: string;
};

const fromNodeRow = (r: NodeRow): NodeRecord => ({
  ...r,
  kind: r.kind as NodeKind,
  status: r.status as NodeStatus,
  dependencies: parseJson(r.dependencies, []),
  parameters: parseJson(r.parameters, {}),
});

const UNFINISHED = ['pending', 'executing'] as const;

/** Pipeline executions and their nodes in the metadata store; a node's changes are single UPDATEs. */
export class PipelinesRepo {
  constructor(
    private readonly store: Store,
    /** The cluster node that runs the pipelines started here (null: one process). */
    private readonly nodeId: string | null = null,
  ) {}

  /** Stores a pipeline and its nodes (all pending), in one transaction. */
  async insert(
    p: Pick<PipelineRecord, 'id' | 'context_id' | 'user_id' | 'api_key_id'>,
    nodes: NewNode[],
  ): Promise<PipelineRecord> {
    await this.store.transaction(async () => {
      await this.store.db
        .insertInto('pipeline_executions')
        .values({ ...p, status: 'pending', submitted_at: nowIso(), runner_node: this.nodeId })
        .execute();
      await this.store.db
        .insertInto('pipeline_nodes')
        .values(
          nodes.map((n, i) => ({
            pipeline_execution_id: p.id,
            node_id: n.node_id,
            position: i,
            kind: n.kind,
            query_id: n.query_id,
            matview_name: n.matview_name,
            dependencies: JSON.stringify(n.dependencies),
            performance: n.performance,
            parameters: JSON.stringify(n.parameters),
            status: 'pending',
          })),
        )
        .execute();
    });
    return (await this.get(p.id))!;
  }

  async get(id: string): Promise<PipelineRecord | undefined> {
    const row = await this.store.db
      .selectFrom('pipeline_executions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toRecord(row);
  }

  async nodes(id: string): Promise<NodeRecord[]> {
    const rows = await this.store.db
      .selectFrom('pipeline_nodes')
      .selectAll()
      .where('pipeline_execution_id', '=', id)
      .orderBy('position')
      .execute();
    return rows.map(fromNodeRow);
  }

  /** The context's pipeline executions, newest first. */
  async list(contextId: number, limit: number, offset: number): Promise<PipelineRecord[]> {
    const rows = await this.store.db
      .selectFrom('pipeline_executions')
      .selectAll()
      .where('context_id', '=', contextId)
      .orderBy('submitted_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map(toRecord);
  }

  async markStarted(id: string): Promise<void> {
    await this.store.db
      .updateTable('pipeline_executions')
      .set({ status: 'executing', started_at: nowIso() })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .execute();
  }

  /** Ends an unfinished pipeline; false if it had already ended. */
  async finish(
    id: string,
    status: 'completed' | 'failed' | 'cancelled',
    error: string | null,
  ): Promise<boolean> {
    const r = await this.store.db
      .updateTable('pipeline_executions')
      .set({ status, error, ended_at: nowIso() })
      .where('id', '=', id)
      .where('status', 'in', UNFINISHED)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async nodeSubmitted(id: string, nodeId: number, executionId: string): Promise<void> {
    await this.store.db
      .updateTable('pipeline_nodes')
      .set({ status: 'executing', execution_id: executionId, started_at: nowIso() })
      .where('pipeline_execution_id', '=', id)
      .where('node_id', '=', nodeId)
      .where('status', '=', 'pending')
      .execute();
  }

  /** Ends an unfinished node (with `ended_at` only if it had started). */
  async nodeEnded(id: string, nodeId: number, status: NodeStatus, error: string | null) {
    const now = nowIso();
    await this.store.db
      .updateTable('pipeline_nodes')
      .set((eb) => ({
        status,
        error,
        ended_at: eb.case().when('started_at', 'is', null).then(null).else(now).end(),
      }))
      .where('pipeline_execution_id', '=', id)
      .where('node_id', '=', nodeId)
      .where('status', 'in', UNFINISHED)
      .execute();
  }

  /**
   * On start-up: pipelines a previous process left unfinished have failed; their submitted nodes
   * are cancelled and the others skipped. Returns how many pipelines were ended. In a cluster,
   * `dead nodes` ends only those of nodes whose lease ran out (PostgreSQL).
   */
  async failInterrupted(message: string, of: 'all' | 'dead nodes' = 'all'): Promise<number> {
    return this.store.transaction(async () => {
      let unfinished = this.store.db
        .selectFrom('pipeline_executions')
        .select('id')
        .where('status', 'in', UNFINISHED);
      if (of === 'dead nodes')
        unfinished = unfinished
          .where('runner_node', 'is not', null)
          .where((eb) => eb.not(eb('runner_node', 'in', LIVE_NODE_IDS)));
      const now = nowIso();
      await this.store.db
        .updateTable('pipeline_nodes')
        .set({ status: 'cancelled', error: message, ended_at: now })
        .where('pipeline_execution_id', 'in', unfinished)
        .where('status', '=', 'executing')
        .execute();
      await this.store.db
        .updateTable('pipeline_nodes')
        .set({ status: 'skipped', error: `not run: ${message}` })
        .where('pipeline_execution_id', 'in', unfinished)
        .where('status', '=', 'pending')
        .execute();
      const r = await this.store.db
        .updateTable('pipeline_executions')
        .set({ status: 'failed', error: message, ended_at: now })
        .where('id', 'in', unfinished)
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    });
  }
}
