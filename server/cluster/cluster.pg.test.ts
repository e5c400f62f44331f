import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { nodeLostMessage } from '../executions/cluster-queue.js';
import { STATES } from '../executions/execution-record.js';
import { call, startNode, until, type NodeProcess } from '../test/cluster-nodes.js';
import { SLOW_SQL } from '../test/executions-helpers.js';
import { createDatabase } from '../test/postgres.js';

/**
 * Three Strata nodes on loopback ports, one PostgreSQL database and one DATA_DIR, as
 * docs/deploy.md runs them: each node serves the API and runs executions. Every node has one
 * engine slot and a context one execution at a time, so where a run goes is decided by the
 * cluster's claims, not by the node that was asked.
 */
const server = inject('postgresUrl');
const LEASE_SECONDS = 2;
const PASSWORD = 'a good long password';

describe.skipIf(!server)('a cluster of three nodes', () => {
  let db: { url: string; drop: () => Promise<void> };
  let dataDir: string;
  let nodes: NodeProcess[] = [];
  let admin: pg.Client;

  beforeAll(async () => {
    db = await createDatabase(server, 'strata_cluster');
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-cluster-'));
    // Started at once on an empty database: migrations and start-up work run once.
    nodes = await Promise.all(
      [0, 1, 2].map(() =>
        startNode({
          databaseUrl: db.url,
          dataDir,
          env: {
            ENGINE_SLOTS: '1',
            MAX_CONCURRENT_EXECUTIONS: '1',
            NODE_LEASE_SECONDS: String(LEASE_SECONDS),
          },
        }),
      ),
    );
    admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
  }, 120_000);

  afterAll(async () => {
    for (const n of nodes) if (n.child.exitCode === null) n.child.kill('SIGKILL');
    await Promise.all(nodes.map((n) => n.exit));
    await admin?.end();
    await db?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const state = async (id: string) =>
    (await admin.query('SELECT state, runner_node FROM executions WHERE id = $1', [id]))
      .rows[0] as {
      state: string;
      runner_node: string | null;
    };

  /** A user signed up on one node, with a key made on another. */
  async function user(handle: string) {
    const up = await call(nodes[0]!, 'POST', '/api/v1/auth/signup', {
      body: { handle, password: PASSWORD },
    });
    expect(up.status).toBe(200);
    const cookie = /strata_session=[^;]*/.exec(up.headers.get('set-cookie') ?? '')![0];
    const k = await call(nodes[1]!, 'POST', '/api/v1/keys', {
      cookie,
      body: { name: 'k', scope: 'read_write' },
    });
    expect(k.status, JSON.stringify(k.json)).toBe(200);
    return { cookie, key: k.json.key as string };
  }

  const execute = async (node: NodeProcess, key: string, sql: string) => {
    const r = await call(node, 'POST', '/api/v1/sql/execute', { key, body: { sql } });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    return r.json.execution_id as string;
  };

  it('ran the migrations once with three nodes started at once', async () => {
    const { rows } = await admin.query(
      'SELECT name, count(*)::int AS n FROM schema_migrations GROUP BY name',
    );
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.every((r: { n: number }) => r.n === 1)).toBe(true);
    const live = await admin.query('SELECT count(*)::int AS n FROM cluster_nodes');
    expect(live.rows[0].n).toBe(3);
  });

  it('holds sessions and keys on every node', async () => {
    const u = await user('everywhere');
    for (const n of nodes) {
      expect((await call(n, 'GET', '/api/v1/auth/me', { cookie: u.cookie })).status).toBe(200);
      expect((await call(n, 'GET', '/api/v1/queries', { key: u.key })).status).toBe(200);
    }
  });

  it('runs an execution submitted to one node and serves its status, long poll and results from the others', async () => {
    const u = await user('reader');
    const id = await execute(nodes[0]!, u.key, 'SELECT 40 + 2 AS answer');
    const polled = await call(nodes[1]!, 'GET', `/api/v1/execution/${id}/status?wait_ms=30000`, {
      key: u.key,
    });
    expect(polled.json.state).toBe(STATES.completed);
    const results = await call(nodes[2]!, 'GET', `/api/v1/execution/${id}/results`, {
      key: u.key,
    });
    expect(results.status).toBe(200);
    expect((results.json.result as { rows: unknown[] }).rows).toEqual([{ answer: 42 }]);
  });

  it('runs a query a run reads as query_<id> inside that run, on the node that claimed it, with one slot per context', async () => {
    const u = await user('refs');
    const q = await call(nodes[2]!, 'POST', '/api/v1/query', {
      key: u.key,
      body: { name: 'base', query_sql: 'SELECT 20 + 1 AS v' },
    });
    expect(q.status).toBe(200);
    const id = await execute(nodes[0]!, u.key, `SELECT v * 2 AS v FROM query_${q.json.query_id}`);
    const polled = await call(nodes[1]!, 'GET', `/api/v1/execution/${id}/status?wait_ms=30000`, {
      key: u.key,
    });
    expect(polled.json.state, JSON.stringify(polled.json)).toBe(STATES.completed);
    const results = await call(nodes[2]!, 'GET', `/api/v1/execution/${id}/results`, {
      key: u.key,
    });
    expect((results.json.result as { rows: unknown[] }).rows).toEqual([{ v: 42 }]);
    const { rows } = await admin.query(
      'SELECT source, state, runner_node FROM executions WHERE query_id = $1',
      [q.json.query_id],
    );
    expect(rows).toEqual([
      { source: 'reference', state: STATES.completed, runner_node: (await state(id)).runner_node },
    ]);
  });

  it('spreads runs over the nodes with a free slot, keeps a context to its limit across them, and moves its queue when one is cancelled from another node', async () => {
    const a = await user('spread_a');
    const b = await user('spread_b');
    const c = await user('spread_c');
    // Three contexts, three one-slot nodes, all asked through the first node: all three run, each
    // on its own node.
    const slow = await Promise.all([a, b, c].map((u) => execute(nodes[0]!, u.key, SLOW_SQL)));
    const runners = await until('three runs on three nodes', async () => {
      const s = await Promise.all(slow.map(state));
      return s.every((r) => r.state === STATES.executing) ? s.map((r) => r.runner_node) : undefined;
    });
    expect(new Set(runners).size).toBe(3);

    // A's second run waits: A already runs its one allowed execution, on another node. Its
    // place in A's queue is the same from every node.
    const second = await execute(nodes[2]!, a.key, 'SELECT 7 AS seven');
    for (const n of nodes) {
      const s = await call(n, 'GET', `/api/v1/execution/${second}/status`, { key: a.key });
      expect(s.json).toMatchObject({ state: STATES.pending, queue_position: 1 });
    }

    // Cancelled through a node that does not run it: recorded at once, and the run is stopped
    // (its slot frees, so A's waiting run completes).
    const runnerOfA = await admin.query('SELECT name FROM cluster_nodes WHERE id = $1', [
      runners[0],
    ]);
    const pidOfA = Number(/pid (\d+)$/.exec(runnerOfA.rows[0].name as string)![1]);
    const asked = nodes.find((n) => n.pid !== pidOfA)!;
    const cancel = await call(asked, 'POST', `/api/v1/execution/${slow[0]}/cancel`, { key: a.key });
    expect(cancel.status).toBe(200);
    expect((await state(slow[0]!)).state).toBe(STATES.cancelled);
    const done = await call(nodes[1]!, 'GET', `/api/v1/execution/${second}/status?wait_ms=30000`, {
      key: a.key,
    });
    expect(done.json.state).toBe(STATES.completed);

    for (const [id, u] of [
      [slow[1]!, b],
      [slow[2]!, c],
    ] as const)
      expect(
        (await call(nodes[2]!, 'POST', `/api/v1/execution/${id}/cancel`, { key: u.key })).status,
      ).toBe(200);
    await until('nothing executing', async () => {
      const r = await admin.query('SELECT count(*)::int AS n FROM executions WHERE state = $1', [
        STATES.executing,
      ]);
      return r.rows[0].n === 0 ? true : undefined;
    });
  }, 120_000);

  it('fails the runs of a node killed with SIGKILL, from another node, within its lease', async () => {
    const u = await user('survivor');
    const id = await execute(nodes[0]!, u.key, SLOW_SQL);
    const running = await until('the run to start', async () => {
      const s = await state(id);
      return s.state === STATES.executing ? s.runner_node : undefined;
    });
    const row = await admin.query('SELECT name FROM cluster_nodes WHERE id = $1', [running]);
    const pid = Number(/pid (\d+)$/.exec(row.rows[0].name as string)![1]);
    const victim = nodes.find((n) => n.pid === pid);
    expect(victim, row.rows[0].name as string).toBeDefined();
    victim!.child.kill('SIGKILL');
    await victim!.exit;
    const failed = await until(
      'another node to fail the run',
      async () => {
        const s = await call(
          nodes.find((n) => n !== victim)!,
          'GET',
          `/api/v1/execution/${id}/status`,
          {
            key: u.key,
          },
        );
        return s.json.state === STATES.failed ? s.json : undefined;
      },
      LEASE_SECONDS * 1000 * 10,
    );
    expect(failed.error).toMatchObject({ message: nodeLostMessage(LEASE_SECONDS * 1000) });
    // The survivors' logs name the dead node, and one of them the runs it failed.
    const survivors = nodes.filter((n) => n !== victim);
    const taken = new RegExp(`"event":"node_dead","dead_node":"[^"]* pid ${pid}"`);
    await until('the survivors to log the dead node', async () =>
      survivors.every((n) => taken.test(n.output())) ? true : undefined,
    );
    expect(
      survivors.some((n) =>
        new RegExp(`"event":"dead_node_runs_failed","executions":\\[[^\\]]*"${id}"`).test(
          n.output(),
        ),
      ),
    ).toBe(true);
    // The cluster goes on without it.
    const after = await execute(
      nodes.find((n) => n !== victim)!,
      u.key,
      'SELECT 1 AS one',
    );
    const s = await call(
      nodes.find((n) => n !== victim)!,
      'GET',
      `/api/v1/execution/${after}/status?wait_ms=30000`,
      {
        key: u.key,
      },
    );
    expect(s.json.state).toBe(STATES.completed);
  }, 120_000);
});

describe.skipIf(!server)('two nodes started at once with demo data', () => {
  it('generate the demo data, queries and dashboard once, on one node, and both serve them', async () => {
    const db = await createDatabase(server, 'strata_cluster_demo');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-cluster-demo-'));
    const started = await Promise.allSettled(
      [0, 1].map(() =>
        startNode({
          databaseUrl: db.url,
          dataDir,
          env: { DEMO_DATA: 'true', DEMO_SCALE: '0.01' },
          timeoutMs: 180_000,
        }),
      ),
    );
    const nodes = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const admin = new pg.Client({ connectionString: db.url });
    try {
      expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'up'))).toEqual([
        'up',
        'up',
      ]);
      await admin.connect();
      const count = async (q: string) => (await admin.query(q)).rows[0].n as number;
      const demoTeam = "(SELECT id FROM accounts WHERE handle = 'demo')";
      expect(await count(`SELECT count(*)::int AS n FROM accounts WHERE handle = 'demo'`)).toBe(1);
      const queries = await count(
        `SELECT count(*)::int AS n FROM queries WHERE owner_id = ${demoTeam}`,
      );
      const names = await count(
        `SELECT count(DISTINCT name)::int AS n FROM queries WHERE owner_id = ${demoTeam}`,
      );
      expect(queries).toBeGreaterThan(0);
      expect(queries).toBe(names);
      expect(
        await count(`SELECT count(*)::int AS n FROM dashboards WHERE owner_id = ${demoTeam}`),
      ).toBe(1);
      for (const n of nodes) {
        const r = await fetch(`${n.url}/api/v1/datasets/search`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: 'transactions' }),
        });
        expect(r.status).toBeLessThan(500);
      }
    } finally {
      for (const n of nodes) n.child.kill('SIGKILL');
      await Promise.all(nodes.map((n) => n.exit));
      await admin.end().catch(() => {});
      await db.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
