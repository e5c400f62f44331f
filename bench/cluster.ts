/**
 * npm run bench (cluster part): Strata nodes on one PostgreSQL and one DATA_DIR (docs/deploy.md),
 * each node a process of its own (`node server/main.ts`, as `npm start` runs it), with a
 * throwaway PostgreSQL from the machine's binaries. With one node, then with two (the same
 * ENGINE_SLOTS each):
 *   - executions per second: a client in a process of its own runs a fixed number of small
 *     executions (`select 1` and an aggregate over an uploaded table), CONCURRENCY in flight,
 *     each submitted with POST /sql/execute and long-polled until it completes, spread round
 *     robin over the nodes' URLs and over USERS contexts (a context runs at most half a node's
 *     slots across the whole cluster, so one context alone could not fill two nodes);
 *   - GET /api/health latency on each node while that load runs (a probe process per node).
 * Figures only, no goal. Skipped, with a line saying so, when PostgreSQL is not installed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startNode, type NodeProcess } from '../server/test/cluster-nodes.js';
import { postgresBinDir } from '../server/test/postgres-bin.js';
import { createDatabase, startPostgres, type PostgresServer } from '../server/test/postgres.js';

const COUNT = Number(process.env.BENCH_CLUSTER_EXECUTIONS ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CLUSTER_CONCURRENCY ?? 16);
const ENGINE_SLOTS = 4;
const USERS = 4;
const TABLE_ROWS = 20_000;
const CLIENTS = path.join(import.meta.dirname, 'clients');

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const pct = (xs: number[], p: number) => sorted(xs)[Math.max(0, Math.ceil(xs.length * p) - 1)]!;
/** Client processes, killed with the nodes should the bench fail. */
const spawned = new Set<ChildProcess>();

/** A client script in a process of its own; `go` starts a gated one, `end` closes its input. */
function client<T>(script: string, args: string[]) {
  const child = spawn(process.execPath, [path.join(CLIENTS, script), ...args], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  spawned.add(child);
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const done = new Promise<T>((resolve, reject) =>
    child.on('close', (code) => {
      spawned.delete(child);
      if (code === 0) resolve(JSON.parse(out.trim().split('\n').pop()!) as T);
      else reject(new Error(`${script} exited with ${code}`));
    }),
  );
  return { child, done, go: () => child.stdin.write('go\n'), end: () => child.stdin.end() };
}

/** Signs a user up through the API and makes a read_write key with its session. */
async function signUp(base: string, handle: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ handle, password: `bench-${handle}-${process.pid}-unguessable` }),
  });
  if (res.status !== 200) throw new Error(`signup answered ${res.status}: ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');
  const key = await fetch(`${base}/api/v1/keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ scope: 'read_write', name: 'bench' }),
  });
  if (key.status !== 200) throw new Error(`keys answered ${key.status}: ${await key.text()}`);
  return ((await key.json()) as { key: string }).key;
}

/** Uploads a small CSV table of the key's context, `dune.<handle>.dataset_events`. */
async function uploadEvents(base: string, key: string): Promise<void> {
  const lines = ['id,k,v'];
  for (let i = 0; i < TABLE_ROWS; i++) lines.push(`${i},${(i * 7919) % 100},${(i % 1000) / 10}`);
  const res = await fetch(`${base}/api/v1/uploads/csv`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-service-api-key': key },
    body: JSON.stringify({ table_name: 'events', data: lines.join('\n') }),
  });
  if (res.status !== 200) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
}

type Phase = { execPerSec: number; health: string[]; split: string };

/** One measured run of COUNT executions over `nodes`, with a health probe on each. */
async function measure(
  nodes: NodeProcess[],
  keys: string[],
  sqls: string[],
  db: pg.Client,
): Promise<Phase> {
  const load = client<{ ms: number; completed: number }>('executions.mjs', [
    JSON.stringify({
      urls: nodes.map((n) => n.url),
      keys,
      sqls,
      count: COUNT,
      concurrency: CONCURRENCY,
    }),
  ]);
  const probes = nodes.map((n) => client<number[]>('health-probe.mjs', [`${n.url}/api/health`]));
  await new Promise((r) => setTimeout(r, 1000)); // the client processes start
  const since = (await db.query<{ now: string }>('SELECT now()::text AS now')).rows[0]!.now;
  load.go();
  const { ms, completed } = await load.done;
  for (const p of probes) p.end();
  const times = await Promise.all(probes.map((p) => p.done));
  // Which node ran what (a run may be claimed by any node, whichever one it was submitted to),
  // and how long runs waited for a slot and ran, on average. Nodes in the order they started.
  const split = await db.query<{ n: string; wait: number; run: number }>(
    `SELECT count(*) AS n, avg(e.pending_time_ms)::int AS wait, avg(e.execution_time_ms)::int AS run
     FROM executions e JOIN cluster_nodes c ON c.id = e.runner_node
     WHERE e.ended_at::timestamptz >= $1::timestamptz GROUP BY c.id, c.started_at ORDER BY c.started_at`,
    [since],
  );
  return {
    execPerSec: completed / (ms / 1000),
    health: times.map(
      (t) =>
        `p50 ${pct(t, 0.5).toFixed(1)} ms, p99 ${pct(t, 0.99).toFixed(1)} ms, max ${Math.max(...t).toFixed(1)} ms over ${t.length} requests`,
    ),
    split: split.rows
      .map((r, i) => `node ${i + 1} ran ${r.n}, waited ${r.wait} ms and ran ${r.run} ms on average`)
      .join('; '),
  };
}

async function main() {
  const bin = postgresBinDir();
  if (!bin) {
    console.log(
      '\nCluster: skipped: PostgreSQL is not installed (apt-get install postgresql for its binaries).',
    );
    return;
  }
  const nodes: NodeProcess[] = [];
  let server: PostgresServer | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-bench-cluster-'));
  let cleaned = false;
  const cleanUp = () => {
    if (cleaned) return;
    cleaned = true;
    for (const c of [...nodes.map((n) => n.child), ...spawned])
      if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    try {
      server?.stop();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      cleanUp();
      process.exit(130);
    });
  try {
    console.log(
      `\nCluster: ${COUNT} small executions, ${CONCURRENCY} in flight over ${USERS} users, ENGINE_SLOTS=${ENGINE_SLOTS} per node; ${os.cpus().length} cores, load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} at the start`,
    );
    server = await startPostgres(bin);
    const { url } = await createDatabase(server.url, 'strata_bench');
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    const env = { ENGINE_SLOTS: String(ENGINE_SLOTS), NODE_LEASE_SECONDS: '15' };
    const start = () => startNode({ databaseUrl: url, dataDir, env }).then((n) => nodes.push(n));
    try {
      await start();
      const first = nodes[0]!;
      const keys: string[] = [];
      for (let i = 0; i < USERS; i++) keys.push(await signUp(first.url, `clusterbench${i}`));
      // One uploaded table, public, read by every user: Parquet in the shared lake.
      await uploadEvents(first.url, keys[0]!);
      const sqls = [
        'SELECT 1 AS one',
        'SELECT k, count(*) AS n, sum(v) AS total FROM dune.clusterbench0.dataset_events GROUP BY k ORDER BY k',
      ];
      const warm = (n: NodeProcess[]) =>
        client('executions.mjs', [
          JSON.stringify({ urls: n.map((x) => x.url), keys, sqls, count: 40, concurrency: 8 }),
        ]);

      const w1 = warm(nodes);
      w1.go();
      await w1.done;
      const one = await measure(nodes, keys, sqls, db);

      await start();
      const w2 = warm(nodes);
      w2.go();
      await w2.done;
      const two = await measure(nodes, keys, sqls, db);

      const show = (label: string, p: Phase) => {
        console.log(`   ${label}: ${p.execPerSec.toFixed(1)} executions/s`);
        console.log(`      ${p.split}`);
        p.health.forEach((h, i) => console.log(`      GET /api/health on node ${i + 1}: ${h}`));
      };
      show('one node ', one);
      show('two nodes', two);
      console.log(
        `   two nodes / one node: ${(two.execPerSec / one.execPerSec).toFixed(2)}x (both nodes on this machine's ${os.cpus().length} cores: overhead, not scale-out); load ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')} at the end`,
      );
    } finally {
      await db.end().catch(() => {});
      // Nodes stop as an operator stops them; one that does not within 10 s is killed.
      await Promise.all(
        nodes.map((n) => {
          n.child.kill('SIGTERM');
          return Promise.race([n.exit, new Promise((r) => setTimeout(r, 10_000))]);
        }),
      );
    }
  } finally {
    cleanUp();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
