import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';
import { SLOW_SQL, runSql, waitFinished } from '../test/executions-helpers.js';
import { createQuery } from '../test/matviews-helpers.js';

/**
 * `query_<id>` reads a saved query's result as a table (the hosted service's "query views"),
 * with values for its parameters in the quoted form. A fresh result is read as it is; otherwise
 * the query runs first inside the run, charged to the caller. A query the caller may not run
 * reads as not found, with nothing run or recorded.
 */

let t: TestServer;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  t = await createTestServer();
  alice = await t.createUser('alice');
  bob = await t.createUser('bob');
});
afterAll(() => t.close());

const CHAIN_PARAMS = [
  { key: 'chain', type: 'text', value: 'ethereum' },
  { key: 'n', type: 'number', value: '1' },
];

/** Rows of a run that must complete. */
async function rows(key: string, sql: string, extra: Record<string, unknown> = {}) {
  const r = await runSql(t, key, sql, extra);
  expect(r.status.state, JSON.stringify(r.status)).toBe('QUERY_STATE_COMPLETED');
  const page = await t.call('GET', `/api/v1/execution/${r.id}/results`, { key });
  return page.json.result.rows as Record<string, unknown>[];
}

/** The error of a run that must fail. */
async function failure(key: string, sql: string) {
  const r = await runSql(t, key, sql);
  expect(r.status.state).toBe('QUERY_STATE_FAILED');
  const s = await t.call('GET', `/api/v1/execution/${r.id}/results`, { key });
  return String(s.json.error?.message ?? s.json.error);
}

/** The executions of query `id` recorded in any context. */
const runsOf = (id: number) =>
  t.deps.store.db.selectFrom('executions').selectAll().where('query_id', '=', id).execute();

const submit = (key: string, sql: string) =>
  t.call('POST', '/api/v1/sql/execute', { key, body: { sql } });

describe('query_<id>', () => {
  it('runs a query with no result first, inside the run, recorded as its own run charged to the caller', async () => {
    const q = await createQuery(t, alice.key, "SELECT 1 AS a, 'x' AS b UNION ALL SELECT 2, 'y'");
    expect(
      await rows(alice.key, `SELECT CAST(sum(a) AS INT) AS s, max(b) AS b FROM query_${q}`),
    ).toEqual([{ s: 3, b: 'y' }]);
    const runs = await runsOf(q);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({
      source: 'reference',
      context_id: alice.account.id,
      state: 'QUERY_STATE_COMPLETED',
    });
    expect(Number(runs[0]!.cost_credits)).toBeGreaterThan(0);
  });

  it('reads a fresh result as it is: no second run', async () => {
    const q = await createQuery(t, alice.key, 'SELECT 41 AS v');
    const own = await t.call('POST', `/api/v1/query/${q}/execute`, { key: alice.key });
    await waitFinished(t, alice.key, own.json.execution_id);
    expect(await rows(alice.key, `SELECT v + 1 AS v FROM query_${q}`)).toEqual([{ v: 42 }]);
    expect(
      await rows(alice.key, `SELECT a.v FROM QUERY_${q} a JOIN query_${q} b USING (v)`),
    ).toEqual([{ v: 41 }]);
    expect(await runsOf(q)).toHaveLength(1);
  });

  it('a public query of another context with a fresh result costs the reader no run', async () => {
    const q = await createQuery(t, alice.key, 'SELECT 7 AS v', { is_private: false });
    const own = await t.call('POST', `/api/v1/query/${q}/execute`, { key: alice.key });
    await waitFinished(t, alice.key, own.json.execution_id);
    expect(await rows(bob.key, `SELECT v FROM query_${q}`)).toEqual([{ v: 7 }]);
    const runs = await runsOf(q);
    expect(runs.map((r) => r.context_id)).toEqual([alice.account.id]);
  });

  it('a rename keeps the result; new SQL is not read from the old result', async () => {
    const q = await createQuery(t, alice.key, 'SELECT 1 AS v');
    expect(await rows(alice.key, `SELECT v FROM query_${q}`)).toEqual([{ v: 1 }]);
    const patch = (body: Record<string, unknown>) =>
      t.call('PATCH', `/api/v1/query/${q}`, { key: alice.key, body });
    expect((await patch({ name: 'renamed' })).status).toBe(200);
    expect(await rows(alice.key, `SELECT v FROM query_${q}`)).toEqual([{ v: 1 }]);
    expect(await runsOf(q)).toHaveLength(1);
    expect((await patch({ query_sql: 'SELECT 2 AS v' })).status).toBe(200);
    expect(await rows(alice.key, `SELECT v FROM query_${q}`)).toEqual([{ v: 2 }]);
    expect(await runsOf(q)).toHaveLength(2);
  });

  it('passes values to the parameters in the hosted forms, typed, never as SQL', async () => {
    const q = await createQuery(t, alice.key, "SELECT '{{chain}}' AS chain, {{n}} * 2 AS twice", {
      parameters: CHAIN_PARAMS,
    });
    expect(await rows(alice.key, `SELECT * FROM "query_${q}(chain='base', n='21')"`)).toEqual([
      { chain: 'base', twice: 42 },
    ]);
    expect(await rows(alice.key, `SELECT * FROM "query_${q}(chain='\\'op\\'')"`)).toEqual([
      { chain: 'op', twice: 2 },
    ]);
    expect(await rows(alice.key, `SELECT * FROM query_${q}`)).toEqual([
      { chain: 'ethereum', twice: 2 },
    ]);
    // Two value sets in one run are two tables.
    expect(
      await rows(
        alice.key,
        `SELECT a.twice + b.twice AS s FROM "query_${q}(n='1')" a, "query_${q}(n='5')" b`,
      ),
    ).toEqual([{ s: 12 }]);
    const bad = await submit(alice.key, `SELECT * FROM "query_${q}(n='1; DROP TABLE x')"`);
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatch(new RegExp(`^query_${q}: parameter "n": .* is not a number`));
    const unknown = await submit(alice.key, `SELECT * FROM "query_${q}(chian='base')"`);
    expect(unknown.status).toBe(400);
    expect(unknown.json.error).toMatch(/unknown parameters \(chian\)/);
    const malformed = await submit(alice.key, `SELECT * FROM "query_${q}(chain=base)"`);
    expect(malformed.status).toBe(400);
    expect(malformed.json.error).toMatch(/name='value'/);
  });

  it('a parameter value never names a query', async () => {
    const target = await createQuery(t, alice.key, 'SELECT 1 AS v');
    const q = await createQuery(t, alice.key, 'SELECT * FROM query_{{n}}', {
      parameters: [{ key: 'n', type: 'number', value: String(target) }],
    });
    const r = await t.call('POST', `/api/v1/query/${q}/execute`, { key: alice.key });
    expect(r.status).toBe(400);
    expect(r.json.error).toMatch(/a parameter value cannot name a query/);
    const text = await createQuery(t, alice.key, "SELECT '{{t}}' AS t", {
      parameters: [{ key: 't', type: 'text', value: `query_${target}` }],
    });
    const run = await t.call('POST', `/api/v1/query/${text}/execute`, { key: alice.key });
    const done = await waitFinished(t, alice.key, run.json.execution_id);
    expect(done.state).toBe('QUERY_STATE_COMPLETED');
    expect(await runsOf(target)).toHaveLength(0);
  });

  it('nests, and refuses cycles and depth past the limit before anything runs', async () => {
    const base = await createQuery(t, alice.key, 'SELECT 5 AS v');
    const mid = await createQuery(t, alice.key, `SELECT v * 2 AS v FROM query_${base}`);
    expect(await rows(alice.key, `SELECT v + 1 AS v FROM query_${mid}`)).toEqual([{ v: 11 }]);
    expect((await runsOf(base)).map((r) => r.source)).toEqual(['reference']);

    const a = await createQuery(t, alice.key, 'SELECT 1 AS v');
    const b = await createQuery(t, alice.key, `SELECT * FROM query_${a}`);
    await t.call('PATCH', `/api/v1/query/${a}`, {
      key: alice.key,
      body: { query_sql: `SELECT * FROM query_${b}` },
    });
    const cycle = await submit(alice.key, `SELECT * FROM query_${a}`);
    expect(cycle.status).toBe(400);
    expect(cycle.json.error).toBe(
      `query_${a} → query_${b} → query_${a}: a query cannot read itself, directly or through other queries`,
    );
    const self = await t.call('POST', `/api/v1/query/${a}/execute`, { key: alice.key });
    expect(self.status).toBe(400);
    expect(self.json.error).toMatch(/cannot read itself/);

    let id = await createQuery(t, alice.key, 'SELECT 1 AS v');
    for (let i = 0; i < 5; i++) id = await createQuery(t, alice.key, `SELECT * FROM query_${id}`);
    const deep = await submit(alice.key, `SELECT * FROM query_${id}`);
    expect(deep.status).toBe(400);
    expect(deep.json.error).toMatch(/at most 5 levels deep/);
    expect(await runsOf(a)).toHaveLength(0);
    expect(await runsOf(id)).toHaveLength(0);
  });

  it('a referenced run that fails fails the run, naming the query and its error', async () => {
    const q = await createQuery(t, alice.key, 'SELECT 1 / 0 AS v');
    expect(await failure(alice.key, `SELECT * FROM query_${q}`)).toBe(
      `query_${q} failed: Division by zero`,
    );
  });

  it('cancelling the run cancels the referenced run inside it', async () => {
    const q = await createQuery(t, alice.key, SLOW_SQL);
    const r = await submit(alice.key, `SELECT * FROM query_${q}`);
    expect(r.status).toBe(200);
    for (;;) {
      const runs = await runsOf(q);
      if (runs.some((x) => x.state === 'QUERY_STATE_EXECUTING' && x.started_at)) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const c = await t.call('POST', `/api/v1/execution/${r.json.execution_id}/cancel`, {
      key: alice.key,
    });
    expect(c.status).toBe(200);
    await waitFinished(t, alice.key, r.json.execution_id);
    await expect.poll(async () => (await runsOf(q))[0]!.state).toBe('QUERY_STATE_CANCELLED');
  });

  it('reads 256-bit numbers and other text-stored types back as numbers', async () => {
    const q = await createQuery(
      t,
      alice.key,
      "SELECT CAST('115792089237316195423570985008687907853269984665640564039457584007913129639935' AS uint256) AS big, CAST(170141183460469231731687303715884105727 AS HUGEINT) AS h",
    );
    expect(await rows(alice.key, `SELECT big - 1 > 0 AS pos, h - 1 AS h FROM query_${q}`)).toEqual([
      { pos: true, h: '170141183460469231731687303715884105726' },
    ]);
  });
});

describe('query_<id> access, as an attacker would try it', () => {
  let hidden: number;
  let archived: number;
  beforeAll(async () => {
    hidden = await createQuery(t, alice.key, 'SELECT 1 AS secret', { is_private: true });
    archived = await createQuery(t, bob.key, 'SELECT 1 AS v', { is_private: false });
    await t.call('POST', `/api/v1/query/${archived}/archive`, { key: bob.key });
  });

  it('another context private query, an archived one and an unknown id read the same: not found', async () => {
    for (const id of [hidden, archived, 99_999_999]) {
      const r = await submit(bob.key, `SELECT * FROM query_${id}`);
      expect(r.status, r.text).toBe(404);
      expect(r.json).toEqual({ error: `query_${id}: Query not found` });
    }
    const named = await submit(bob.key, `SELECT secret FROM "query_${hidden}(x='1')"`);
    expect(named.json).toEqual({ error: `query_${hidden}: Query not found` });
    expect(await runsOf(hidden)).toHaveLength(0);
  });

  it('a read-scope key reads a public query through a reference', async () => {
    const q = await createQuery(t, alice.key, 'SELECT 3 AS v', { is_private: false });
    expect(await rows(bob.readKey, `SELECT v FROM query_${q}`)).toEqual([{ v: 3 }]);
  });

  it('a team private query from a member personal context, and the reverse, are not found', async () => {
    const team = await t.createTeam('refcrew', alice);
    const teamQuery = await createQuery(t, team.key, 'SELECT 1 AS v', { is_private: true });
    const personal = await createQuery(t, alice.key, 'SELECT 1 AS v', { is_private: true });
    const fromPersonal = await submit(alice.key, `SELECT * FROM query_${teamQuery}`);
    expect(fromPersonal.status).toBe(404);
    const fromTeam = await submit(team.key, `SELECT * FROM query_${personal}`);
    expect(fromTeam.status).toBe(404);
    expect(await rows(team.key, `SELECT v FROM query_${teamQuery}`)).toEqual([{ v: 1 }]);
    const publicTeam = await createQuery(t, team.key, 'SELECT 2 AS v', { is_private: false });
    expect(await rows(alice.key, `SELECT v FROM query_${publicTeam}`)).toEqual([{ v: 2 }]);
  });

  it('a query made private after it was read is refused when the run starts', async () => {
    const q = await createQuery(t, alice.key, 'SELECT 1 AS v', { is_private: false });
    await t.call('PATCH', `/api/v1/query/${q}`, { key: alice.key, body: { is_private: true } });
    const r = await submit(bob.key, `SELECT * FROM query_${q}`);
    expect(r.status).toBe(404);
  });
});

describe('query_<id> with an id that is not a number', () => {
  it('fails saying how a saved query is read, in both dialects', async () => {
    for (const dialect of ['dunesql', 'duckdb']) {
      const r = await t.call('POST', '/api/v1/sql/execute', {
        key: alice.key,
        body: { sql: 'SELECT * FROM query_abc', dialect },
      });
      expect(r.status).toBe(200);
      const done = await waitFinished(t, alice.key, r.json.execution_id);
      expect(done.state).toBe('QUERY_STATE_FAILED');
      expect(done.error.message).toMatch(
        /query_abc'? does not exist[.!] A saved query's result is read as query_<id>, its id a number/,
      );
    }
    const quoted = await t.call('POST', '/api/v1/sql/execute', {
      key: alice.key,
      body: { sql: `SELECT * FROM "query_x1(n='1')"` },
    });
    const done = await waitFinished(t, alice.key, quoted.json.execution_id);
    expect(done.error.message).toMatch(/its id a number/);
  });
});
