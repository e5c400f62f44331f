import type {
  MatviewGetResponse,
  MatviewListElement,
  MatviewRefreshInfo,
  MatviewSchedule,
} from '../../contract/matviews.js';
import type { MatviewRecord, RefreshRecord } from './matviews-repo.js';
import type { MatviewDetails, MatviewSummary } from './matviews-service.js';

/** The wire shapes of views and refreshes (contract/matviews.ts). */

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

/** The list element of a view (the full view adds owners and execution ids). */
export function listElement(s: MatviewSummary): MatviewListElement {
  const { view: v, table } = s;
  const refreshedAt = table?.metadata.refreshed_at;
  return {
    id: String(v.id),
    sql_id: v.fullName,
    query_id: v.queryId,
    is_private: v.isPrivate,
    table_size_bytes: table?.size_bytes ?? 0,
    name: v.name,
    query_name: s.queryName,
    row_count: table?.row_count ?? 0,
    created_at: v.createdAt,
    refreshed_at: typeof refreshedAt === 'string' ? refreshedAt : null,
    last_refresh: s.lastRefresh ? refreshInfo(s.lastRefresh) : null,
    schedule: schedule(v),
  };
}

/** GET /materialized-views/{name}. */
export function fullView(d: MatviewDetails): MatviewGetResponse {
  const { schedule: sched, ...element } = listElement(d);
  const ownerId = d.view.ownerId;
  return {
    ...element,
    owner_team_id: d.ownerIsTeam ? ownerId : null,
    owner_user_id: d.ownerIsTeam ? null : ownerId,
    last_execution_ids: d.lastExecutionIds,
    ...(sched ? { schedule: sched } : {}),
  };
}
