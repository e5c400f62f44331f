import type { ExecutionRecord } from '../executions/execution-record.js';
import type { TestServer } from '../test/harness.js';

/** Helpers for the pipeline API tests. */

export async function createQuery(
  t: TestServer,
  key: string,
  sql: string,
  extra: Record<string, unknown> = {},
): Promise<number> {
  const r = await t.call('POST', '/api/v1/query', {
    key,
    body: { name: `q ${sql.slice(0, 40)}`, query_sql: sql, ...extra },
  });
  if (r.status !== 200) throw new Error(`create query failed: ${r.status} ${r.text}`);
  return r.json.query_id as number;
}

/** A query node; `deps` are the ids it waits for. */
export const qnode = (id: number, queryId: number, deps: number[] = [], extra = {}) => ({
  id,
  dependencies: deps,
  query_execution: { query_id: queryId, ...extra },
});

/** A view refresh node. */
export const vnode = (id: number, name: string, deps: number[] = []) => ({
  id,
  dependencies: deps,
  materialized_view_refresh: { name },
});

/** POST /pipelines/execute with `{pipeline: {nodes}}`. */
export function executePipeline(t: TestServer, key: string, nodes: unknown[]) {
  return t.call('POST', '/api/v1/pipelines/execute', { key, body: { pipeline: { nodes } } });
}

/** Waits for a pipeline to end; returns its status body. */
export async function waitPipeline(t: TestServer, key: string, id: string) {
  await t.deps.pipelines.settled(id);
  const r = await t.call('GET', `/api/v1/pipelines/executions/${id}/status`, { key });
  if (r.status !== 200) throw new Error(`status failed: ${r.status} ${r.text}`);
  return r.json;
}

/** Runs a pipeline to its end; throws unless it was accepted. */
export async function runPipeline(t: TestServer, key: string, nodes: unknown[]) {
  const r = await executePipeline(t, key, nodes);
  if (r.status !== 200) throw new Error(`execute failed: ${r.status} ${r.text}`);
  return waitPipeline(t, key, r.json.pipeline_execution_id as string);
}

export async function countRows(t: TestServer, table: 'executions' | 'pipeline_executions') {
  const { n } = await t.deps.store.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** The execution record of each node, by node id. */
export async function nodeExecutions(t: TestServer, status: { node_executions: NodeExec[] }) {
  const out = new Map<number, ExecutionRecord>();
  for (const n of status.node_executions) {
    const s = n.query_execution_status ?? n.materialized_view_refresh_status;
    const e = s?.execution_id ? await t.deps.executions.get(s.execution_id) : undefined;
    if (e) out.set(n.id, e);
  }
  return out;
}

type NodeExec = {
  id: number;
  query_execution_status?: { execution_id?: string };
  materialized_view_refresh_status?: { execution_id?: string };
};

/** Node status (and error) by node id. */
export function nodeStates(status: { node_executions: NodeExec[] }) {
  return Object.fromEntries(
    status.node_executions.map((n) => {
      const s = (n.query_execution_status ?? n.materialized_view_refresh_status) as {
        status: string;
        error?: string;
      };
      return [n.id, s.error ? `${s.status}: ${s.error}` : s.status];
    }),
  );
}
