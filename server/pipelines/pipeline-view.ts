import type {
  NodeStatus,
  PipelineExecutionStatus,
  PipelineNodeExecution,
} from '../../contract/pipelines.js';
import type { ExecutionState } from '../../contract/rules/enums.js';
import type { NodeRecord, PipelineRecord } from './pipelines-repo.js';

const PENDING: ExecutionState = 'QUERY_STATE_PENDING';

export type ViewLookups = {
  queryName: (queryId: number) => string | undefined;
  executionState: (executionId: string) => string | undefined;
};

/**
 * A node's status as the caller sees it: a submitted node whose execution still waits for an
 * engine slot is `pending` (waiting), not `executing`.
 */
function liveStatus(n: NodeRecord, lookups: ViewLookups): NodeStatus {
  if (n.status === 'executing' && n.execution_id) {
    if (lookups.executionState(n.execution_id) === PENDING) return 'pending';
  }
  return n.status;
}

function nodeView(n: NodeRecord, lookups: ViewLookups): PipelineNodeExecution {
  const common = {
    ...(n.execution_id ? { execution_id: n.execution_id } : {}),
    status: liveStatus(n, lookups),
    ...(n.error ? { error: n.error } : {}),
  };
  if (n.kind === 'materialized_view_refresh') {
    return {
      id: n.node_id,
      dependencies: n.dependencies,
      materialized_view_refresh_status: { name: n.matview_name ?? '', ...common },
    };
  }
  const name = lookups.queryName(n.query_id ?? 0);
  return {
    id: n.node_id,
    dependencies: n.dependencies,
    query_execution_status: {
      query_id: n.query_id ?? 0,
      ...common,
      ...(name !== undefined ? { query_name: name } : {}),
    },
  };
}

/** GET /pipelines/executions/{id}/status: the pipeline and each node with its execution id. */
export function statusView(
  p: PipelineRecord,
  nodes: NodeRecord[],
  lookups: ViewLookups,
): PipelineExecutionStatus {
  return {
    pipeline_execution_id: p.id,
    status: p.status,
    ...(p.error ? { error: p.error } : {}),
    node_executions: nodes.map((n) => nodeView(n, lookups)),
    submitted_at: p.submitted_at,
    ended_at: p.ended_at,
  };
}
