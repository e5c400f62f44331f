import path from 'node:path';
import type { Config } from '../server/config.js';
import { quoteLiteral } from '../server/engine/duck.js';
import { createTestServer, type TestServer, type TestUser } from '../server/test/harness.js';

/**
 * Publishes `bench.events`, `rows` generated rows (id, k, v, who, ts) as one Parquet file, and
 * returns the glob of its snapshot for a bare DuckDB to read the same data.
 */
export async function publishEvents(t: TestServer, rows: number): Promise<string> {
  const table = await t.deps.lake.publish(
    { schema: 'bench', table: 'events', ownerId: null, kind: 'demo', datasetType: 'dune_table' },
    (dir) =>
      t.deps.duck.withConnection((conn) =>
        conn
          .run(
            `COPY (SELECT range AS id, hash(range) % 100000 AS k, (hash(range, 'v') % 1000000) / 100.0 AS v,
               'user_' || (hash(range, 'u') % 50000) AS who, TIMESTAMP '2026-01-01' + to_seconds(range) AS ts
             FROM range(${rows})) TO ${quoteLiteral(path.join(dir, 'data.parquet'))} (FORMAT parquet)`,
          )
          .then(() => undefined),
      ),
  );
  return path.join(t.deps.lake.snapshotDir(table.snapshot!), '*.parquet');
}

export type EventsBench = {
  t: TestServer;
  server: { url: string };
  user: TestUser;
  /** The glob of `bench.events`' Parquet files. */
  glob: string;
  /** Runs SQL through the API as the user (body fields beside `sql`) and waits: its id. */
  execute: (sql: string, extra?: Record<string, unknown>) => Promise<string>;
};

/** POST /sql/execute, then the status long-polled until the run ends; throws unless it completed. */
async function executeAndWait(
  url: string,
  key: string,
  sql: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const headers = { 'x-service-api-key': key, 'content-type': 'application/json' };
  const res = await fetch(`${url}/api/v1/sql/execute`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ sql, ...extra }),
  });
  const { execution_id: id } = (await res.json()) as { execution_id: string };
  for (;;) {
    const s = (await (
      await fetch(`${url}/api/v1/execution/${id}/status?wait_ms=30000`, { headers })
    ).json()) as { is_execution_finished: boolean; state: string };
    if (s.is_execution_finished) {
      if (s.state !== 'QUERY_STATE_COMPLETED') throw new Error(`bench query ended ${s.state}`);
      return id;
    }
  }
}

/**
 * Runs `body` against a listening test server (its config changed by `overrides`) with
 * `bench.events` of `rows` rows and a user, closes it after, and exits 1 when it fails.
 */
export function benchWithEvents(
  rows: number,
  body: (b: EventsBench) => Promise<void>,
  overrides: Partial<Config> = {},
): void {
  const run = async () => {
    const t = await createTestServer({ maxConcurrentExecutions: 4, ...overrides });
    const server = await t.listen();
    const user = await t.createUser('bench');
    try {
      console.log(`Preparing ${rows.toLocaleString()} rows of Parquet...`);
      const glob = await publishEvents(t, rows);
      const execute = (sql: string, extra?: Record<string, unknown>) =>
        executeAndWait(server.url, user.key, sql, extra);
      await body({ t, server, user, glob, execute });
    } finally {
      await server.close();
      await t.close();
    }
  };
  run().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
