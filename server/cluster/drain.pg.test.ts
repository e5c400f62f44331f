import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { STOPPED } from '../executions/execution-queue.js';
import { STATES } from '../executions/execution-record.js';
import { call, nodeIdOf, startNode, until, type NodeProcess } from '../test/cluster-nodes.js';
import { SLOW_SQL } from '../test/executions-helpers.js';
import { createDatabase } from '../test/postgres.js';

/**
 * A node stopped with SIGTERM (a rolling deploy, `systemctl stop`) drains: it claims no more runs,
 * lets its running ones finish within DRAIN_GRACE_SECONDS, leaves what waits to the other nodes,
 * and cancels what still runs at the end of the grace, uncharged, saying why. Each node has one
 * engine slot, so where a run goes is decided by which node is free; the test waits for states.
 */
const server = inject('postgresUrl');
const PASSWORD = 'a good long password';
/** Seconds of work, even on a fast machine: still running when the drain begins. */
const FINITE_SQL = 'SELECT sum(hash(i)) AS h FROM range(500000000) t(i)';

type Row = {
  state: string;
  runner_node: string | null;
  cost_credits: number;
  error: string | null;
};

describe.skipIf(!server)('draining a node of a cluster', () => {
  let db: { url: string; drop: () => Promise<void> };
  let dataDir: string;
  let admin: pg.Client;
  const nodes: NodeProcess[] = [];

  beforeAll(async () => {
    db = await createDatabase(server, 'strata_drain');
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-drain-'));
    admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
  });

  afterAll(async () => {
    for (const n of nodes) if (n.child.exitCode === null) n.child.kill('SIGKILL');
    await Promise.all(nodes.map((n) => n.exit));
    await admin?.end();
    await db?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async (env: Record<string, string> = {}) => {
    const n = await startNode({
      databaseUrl: db.url,
      dataDir,
      env: { ENGINE_SLOTS: '1', MAX_CONCURRENT_EXECUTIONS: '1', ...env },
    });
    nodes.push(n);
    return n;
  };
  const idOf = async (n: NodeProcess) =>
    (await nodeIdOf((q, p) => admin.query(q, p), n.pid)) ?? `(pid ${n.pid} not registered)`;
  const row = async (id: string) => {
    const r = await admin.query(
      'SELECT state, runner_node, cost_credits, error FROM executions WHERE id = $1',
      [id],
    );
    const found = r.rows[0] as Row;
    return { ...found, cost_credits: Number(found.cost_credits) };
  };
  const reaches = (id: string, state: string) =>
    until(
      `${id} to be ${state}`,
      async () => {
        const r = await row(id);
        return r.state === state ? r : undefined;
      },
      240_000,
    );

  /** A user signed up on `node`, with a key. */
  async function user(node: NodeProcess, handle: string) {
    const up = await call(node, 'POST', '/api/v1/auth/signup', {
      body: { handle, password: PASSWORD },
    });
    expect(up.status).toBe(200);
    const cookie = /strata_session=[^;]*/.exec(up.headers.get('set-cookie') ?? '')![0];
    const k = await call(node, 'POST', '/api/v1/keys', {
      cookie,
      body: { name: 'k', scope: 'read_write' },
    });
    expect(k.status, JSON.stringify(k.json)).toBe(200);
    return k.json.key as string;
  }
  const execute = async (node: NodeProcess, key: string, sql: string) => {
    const r = await call(node, 'POST', '/api/v1/sql/execute', { key, body: { sql } });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    return r.json.execution_id as string;
  };

  it('finishes its running run, claims nothing more, and the other node runs what waited', async () => {
    const b = await start();
    const [ub, u1, u2, u3] = (await Promise.all(
      ['drain_b', 'drain_1', 'drain_2', 'drain_3'].map((h) => user(b, h)),
    )) as [string, string, string, string];
    // B alone in the cluster: the blocker keeps B's one slot busy.
    const blocker = await execute(b, ub, SLOW_SQL);
    expect((await reaches(blocker, STATES.executing)).runner_node).toBe(await idOf(b));

    const a = await start({ DRAIN_GRACE_SECONDS: '300' });
    const aId = await idOf(a);
    const running = await execute(a, u1, FINITE_SQL);
    expect((await reaches(running, STATES.executing)).runner_node).toBe(aId);
    // Both slots busy: these wait in the table.
    const queued = [await execute(a, u2, 'SELECT 2 AS two'), await execute(a, u3, 'SELECT 3')];
    for (const id of queued) expect((await row(id)).state).toBe(STATES.pending);

    a.child.kill('SIGTERM');
    expect(await a.exit).toBe(0);
    // Its run completed, charged as any run; it left without claiming what waited.
    const done = await row(running);
    expect(done).toMatchObject({ state: STATES.completed, runner_node: aId, error: null });
    expect(done.cost_credits).toBeGreaterThan(0);
    for (const id of queued)
      expect(await row(id)).toMatchObject({ state: STATES.pending, runner_node: null });
    // The drain's events, each with the node's own pid, host and port.
    const events = a
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const port = Number(new URL(a.url).port);
    expect(events.find((e) => e.event === 'drain_start')).toMatchObject({
      level: 'info',
      signal: 'SIGTERM',
      running: 1,
      pid: a.pid,
      port,
      hostname: os.hostname(),
    });
    expect(events.find((e) => e.event === 'drain_end')).toMatchObject({
      cancelled: 0,
      handed_back: 2,
      port,
    });

    // B's slot frees: it runs what A left.
    expect((await call(b, 'POST', `/api/v1/execution/${blocker}/cancel`, { key: ub })).status).toBe(
      200,
    );
    const bId = await idOf(b);
    for (const id of queued)
      expect(await reaches(id, STATES.completed)).toMatchObject({ runner_node: bId });
    const answer = await call(b, 'GET', `/api/v1/execution/${queued[0]}/results`, { key: u2 });
    expect((answer.json.result as { rows: unknown[] }).rows).toEqual([{ two: 2 }]);
  }, 300_000);

  it('cancels what still runs at the end of the grace: uncharged, saying why', async () => {
    const b = nodes[0]!;
    const [ub, uc] = (await Promise.all(['grace_b', 'grace_c'].map((h) => user(b, h)))) as [
      string,
      string,
    ];
    const blocker = await execute(b, ub, SLOW_SQL);
    await reaches(blocker, STATES.executing);
    const c = await start({ DRAIN_GRACE_SECONDS: '1' });
    const slow = await execute(c, uc, SLOW_SQL);
    expect((await reaches(slow, STATES.executing)).runner_node).toBe(await idOf(c));

    c.child.kill('SIGTERM');
    expect(await c.exit).toBe(0);
    const ended = await row(slow);
    expect(ended).toMatchObject({ state: STATES.cancelled, cost_credits: 0 });
    expect(JSON.parse(ended.error!)).toEqual(STOPPED);
    // As its user reads it, through another node.
    const status = await call(b, 'GET', `/api/v1/execution/${slow}/status`, { key: uc });
    expect(status.json).toMatchObject({
      state: STATES.cancelled,
      execution_cost_credits: 0,
      error: STOPPED,
    });
    expect(c.output()).toMatch(/"event":"drain_end","cancelled":1,/);
    await call(b, 'POST', `/api/v1/execution/${blocker}/cancel`, { key: ub });
  }, 300_000);
});
