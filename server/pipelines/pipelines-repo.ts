import type { NodeStatus, PipelineStatus } from '../../contract/pipelines.js';
import type { ParameterValue } from '../../contract/parameters.js';
import { type Db, nowIso, parseJson } from '../store/db.js';

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

export type NewNode = Pick<
  NodeRecord,
  'node_id' | 'kind' | 'query_id' | 'matview_name' | 'dependencies' | 'performance' | 'parameters'
>;

type NodeRow = Omit<NodeRecord, 'dependencies' | 'parameters'> & {
  dependencies: string;
  parameters: string;
};

const fromNodeRow = (r: NodeRow): NodeRecord => ({
  ...r,
  dependencies: parseJson(r.dependencies, []),
  parameters: parseJson(r.parameters, {}),
});

const UNFINISHED = "('pending', 'executing')";

/** Pipeline executions and their nodes in SQLite; a node's changes are single UPDATEs. */
export class PipelinesRepo {
  constructor(private readonly db: Db) {}

  insert(
    p: Pick<PipelineRecord, 'id' | 'context_id' | 'user_id' | 'api_key_id'>,
    nodes: NewNode[],
  ): PipelineRecord {
    const insertNode = this.db.prepare(
      `INSERT INTO pipeline_nodes (pipeline_execution_id, node_id, position, kind, query_id, matview_name,
         dependencies, performance, parameters, status)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending')`,
    );
    this.db.transaction(() => {
      this.db
        .prepare(
          `INSERT INTO pipeline_executions (id, context_id, user_id, api_key_id, status, submitted_at)
           VALUES (?, ?, ?, ?, 'pending', ?)`,
        )
        .run(p.id, p.context_id, p.user_id, p.api_key_id, nowIso());
      nodes.forEach((n, i) =>
        insertNode.run(
          p.id,
          n.node_id,
          i,
          n.kind,
          n.query_id,
          n.matview_name,
          JSON.stringify(n.dependencies),
          n.performance,
          JSON.stringify(n.parameters),
        ),
      );
    })();
    return this.get(p.id)!;
  }

  get(id: string): PipelineRecord | undefined {
    return this.db.prepare('SELECT * FROM pipeline_executions WHERE id = ?').get(id) as
      PipelineRecord | undefined;
  }

  nodes(id: string): NodeRecord[] {
    const rows = this.db
      .prepare('SELECT * FROM pipeline_nodes WHERE pipeline_execution_id = ? ORDER BY position')
      .all(id) as NodeRow[];
    return rows.map(fromNodeRow);
  }

  /** The context's pipeline executions, newest first. */
  list(contextId: number, limit: number, offset: number): PipelineRecord[] {
    return this.db
      .prepare(
        `SELECT * FROM pipeline_executions WHERE context_id = ?
         ORDER BY submitted_at DESC, id DESC LIMIT ? OFFSET ?`,
      )
      .all(contextId, limit, offset) as PipelineRecord[];
  }

  markStarted(id: string): void {
    this.db
      .prepare(
        `UPDATE pipeline_executions SET status = 'executing', started_at = ? WHERE id = ? AND status = 'pending'`,
      )
      .run(nowIso(), id);
  }

  /** Ends an unfinished pipeline; false if it had already ended. */
  finish(id: string, status: 'completed' | 'failed' | 'cancelled', error: string | null): boolean {
    const info = this.db
      .prepare(
        `UPDATE pipeline_executions SET status = ?, error = ?, ended_at = ? WHERE id = ? AND status IN ${UNFINISHED}`,
      )
      .run(status, error, nowIso(), id);
    return info.changes > 0;
  }

  nodeSubmitted(id: string, nodeId: number, executionId: string): void {
    this.db
      .prepare(
        `UPDATE pipeline_nodes SET status = 'executing', execution_id = ?, started_at = ?
         WHERE pipeline_execution_id = ? AND node_id = ? AND status = 'pending'`,
      )
      .run(executionId, nowIso(), id, nodeId);
  }

  /** Ends an unfinished node (with `ended_at` only if it had started). */
  nodeEnded(id: string, nodeId: number, status: NodeStatus, error: string | null): void {
    this.db
      .prepare(
        `UPDATE pipeline_nodes SET status = ?, error = ?,
           ended_at = CASE WHEN started_at IS NULL THEN NULL ELSE ? END
         WHERE pipeline_execution_id = ? AND node_id = ? AND status IN ${UNFINISHED}`,
      )
      .run(status, error, nowIso(), id, nodeId);
  }

  /**
   * On start-up: pipelines a previous process left unfinished have failed; their submitted nodes
   * are cancelled and the others skipped. Returns how many pipelines were ended.
   */
  failInterrupted(message: string): number {
    return this.db.transaction(() => {
      const ids = this.db
        .prepare(`SELECT id FROM pipeline_executions WHERE status IN ${UNFINISHED}`)
        .pluck()
        .all() as string[];
      const now = nowIso();
      for (const id of ids) {
        this.db
          .prepare(
            `UPDATE pipeline_nodes SET status = 'cancelled', error = ?, ended_at = ?
             WHERE pipeline_execution_id = ? AND status = 'executing'`,
          )
          .run(message, now, id);
        this.db
          .prepare(
            `UPDATE pipeline_nodes SET status = 'skipped', error = ?
             WHERE pipeline_execution_id = ? AND status = 'pending'`,
          )
          .run(`not run: ${message}`, id);
        this.db
          .prepare(
            `UPDATE pipeline_executions SET status = 'failed', error = ?, ended_at = ? WHERE id = ?`,
          )
          .run(message, now, id);
      }
      return ids.length;
    })();
  }
}
