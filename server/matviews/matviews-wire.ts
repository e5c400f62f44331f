import type {
  MatviewGetResponse,
  MatviewListElement,
  MatviewRefreshInfo,
  MatviewSchedule,
} from '../../contract/matviews.js';
import type { Accounts } from '../auth/accounts.js';
import type { MatviewRecord, RefreshRecord } from './matviews-repo.js';
import type { MatviewsService } from './matviews-service.js';

/** How many execution ids GET /materialized-views/{name} lists. */
export const LAST_EXECUTIONS = 10;

export function refreshInfo(r: RefreshRecord): MatviewRefreshInfo {
  return {
    execution_id: r.executionId,
    state: r.state,
    trigger: r.trigger,
    performance: r.performance,
    submitted_at: r.submittedAt,
    ended_at: r.endedAt,
    error: r.error?.message ?? null,
    row_count: r.rowCount,
  };
}

function schedule(v: MatviewRecord): MatviewSchedule | null {
  if (!v.cronExpression) return null;
  return {
    cron_expression: v.cronExpression,
    expires_at: v.expiresAt,
    next_execution_time: v.nextExecutionTime,
    performance: v.performance,
  };
}

/** The fields of the list element (the full view adds owners and execution ids). */
export async function listElement(
  matviews: MatviewsService,
  v: MatviewRecord,
): Promise<MatviewListElement> {
  const table = await matviews.table(v);
  const last = matviews.repo.refreshes(v.id, 1, 0).refreshes[0];
  const refreshedAt = table?.metadata.refreshed_at;
  return {
    id: String(v.id),
    sql_id: v.fullName,
    query_id: v.queryId,
    is_private: v.isPrivate,
    table_size_bytes: table?.size_bytes ?? 0,
    name: v.name,
    query_name: matviews.queryName(v),
    row_count: table?.row_count ?? 0,
    created_at: v.createdAt,
    refreshed_at: typeof refreshedAt === 'string' ? refreshedAt : null,
    last_refresh: last ? refreshInfo(last) : null,
    schedule: schedule(v),
  };
}

export async function fullView(
  matviews: MatviewsService,
  accounts: Accounts,
  v: MatviewRecord,
): Promise<MatviewGetResponse> {
  const { schedule: sched, ...element } = await listElement(matviews, v);
  const owner = await accounts.byId(v.ownerId);
  const team = owner?.type === 'team';
  return {
    ...element,
    owner_team_id: team ? v.ownerId : null,
    owner_user_id: team ? null : v.ownerId,
    last_execution_ids: matviews.repo
      .refreshes(v.id, LAST_EXECUTIONS, 0)
      .refreshes.map((r) => r.executionId),
    ...(sched ? { schedule: sched } : {}),
  };
}
