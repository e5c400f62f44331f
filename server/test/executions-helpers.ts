import path from 'node:path';
import { quoteLiteral } from '../engine/duck.js';
import type { TestServer } from './harness.js';

/** Polls an execution's status until it is finished; returns the last status body. */
export async function waitFinished(t: TestServer, key: string, id: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await t.deps.executions.settled(id);
    const r = await t.call('GET', `/api/v1/execution/${id}/status`, { key });
    if (r.status !== 200 || r.json.is_execution_finished || Date.now() > deadline) return r.json;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Runs ad-hoc SQL to its end; returns the execution id and final status. */
export async function runSql(
  t: TestServer,
  key: string,
  sql: string,
  extra: Record<string, unknown> = {},
) {
  const r = await t.call('POST', '/api/v1/sql/execute', { key, body: { sql, ...extra } });
  if (r.status !== 200) throw new Error(`execute failed: ${r.status} ${r.text}`);
  const status = await waitFinished(t, key, r.json.execution_id);
  return { id: r.json.execution_id as string, status };
}

/** Publishes a lake table from a SELECT, as uploads will (`dune.<schema>.<table>`). */
export async function publishTable(
  t: TestServer,
  opts: {
    schema: string;
    table: string;
    ownerId: number | null;
    isPrivate: boolean;
    select: string;
    catalog?: string;
  },
) {
  return t.deps.lake.publish(
    {
      catalog: opts.catalog ?? 'dune',
      schema: opts.schema,
      table: opts.table,
      ownerId: opts.ownerId,
      kind: 'upload',
      datasetType: 'uploaded_table',
      isPrivate: opts.isPrivate,
    },
    (dir) =>
      t.deps.duck.withConnection(async (conn) => {
        await conn.run(
          `COPY (${opts.select}) TO ${quoteLiteral(path.join(dir, 'data.parquet'))} (FORMAT parquet)`,
        );
      }),
  );
}

/** A query that runs for many seconds unless interrupted. */
export const SLOW_SQL = 'SELECT sum(hash(i)) AS h FROM range(20000000000) t(i)';
