import { expect } from 'vitest';
import type { TestServer } from './harness.js';
import { runSql, waitFinished } from './executions-helpers.js';

export const MV = '/api/v1/materialized-views';

/** Saves a query; returns its id. */
export async function createQuery(
  t: TestServer,
  key: string,
  sql: string,
  extra: Record<string, unknown> = {},
): Promise<number> {
  const r = await t.call('POST', '/api/v1/query', {
    key,
    body: { name: 'source', query_sql: sql, ...extra },
  });
  expect(r.status, r.text).toBe(200);
  return r.json.query_id as number;
}

/** POST /materialized-views; expects 200 and waits for the refresh it started. */
export async function upsertView(t: TestServer, key: string, body: Record<string, unknown>) {
  const r = await t.call('POST', MV, { key, body });
  expect(r.status, r.text).toBe(200);
  const status = await waitFinished(t, key, r.json.execution_id);
  return { name: r.json.name as string, executionId: r.json.execution_id as string, status };
}

/** Refreshes and waits; returns the final execution status body. */
export async function refreshView(t: TestServer, key: string, name: string, body?: unknown) {
  const r = await t.call('POST', `${MV}/${name}/refresh`, { key, body });
  expect(r.status, r.text).toBe(200);
  return {
    executionId: r.json.execution_id as string,
    status: await waitFinished(t, key, r.json.execution_id),
  };
}

/** Rows of a SELECT run as `key`, or the execution's error message. */
export async function select(t: TestServer, key: string, sql: string) {
  const { id, status } = await runSql(t, key, sql);
  if (status.state !== 'QUERY_STATE_COMPLETED')
    return { error: String(status.error?.message ?? status.state), rows: undefined };
  const r = await t.call('GET', `/api/v1/execution/${id}/results`, { key });
  return { error: undefined, rows: r.json.result.rows as Record<string, unknown>[] };
}
