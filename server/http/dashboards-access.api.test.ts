import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFinished } from '../test/executions-helpers.js';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';
import { saveQuery } from '../test/queries-helpers.js';

let t: TestServer;
let alice: TestUser;
let bob: TestUser;
let pubQ: number; // public query of alice: SELECT {{n}} AS n
let privQ: number; // private query of alice
let idleQ: number; // public query of alice, never run
let pubViz: number;
let privViz: number;
let idleViz: number;
let strayViz: number; // a visualization of pubQ that is on no dashboard
let shown: { dashboard_id: number; slug: string }; // public, shows all three
let hidden: { dashboard_id: number; slug: string }; // private
let archived: { dashboard_id: number; slug: string };

const PRIVATE_SQL = "SELECT 'secret' AS word";

const query = (name: string, sql: string, isPrivate: boolean, params = false) =>
  saveQuery(t, alice.key, { name, sql, isPrivate, params });
async function run(u: TestUser, queryId: number, parameters: object = {}) {
  const e = await t.call('POST', `/api/v1/query/${queryId}/execute`, {
    key: u.key,
    body: { query_parameters: parameters },
  });
  expect(e.status).toBe(200);
  await waitFinished(t, u.key, e.json.execution_id);
}
async function viz(queryId: number) {
  const r = await t.call('POST', `/api/v1/query/${queryId}/visualizations`, {
    key: alice.key,
    body: { name: `viz of ${queryId}`, type: 'table', options: { columns: [] } },
  });
  return r.json.id as number;
}
async function dashboard(body: object) {
  const r = await t.call('POST', '/api/v1/dashboards', { key: alice.key, body });
  expect(r.status).toBe(200);
  return r.json as { dashboard_id: number; slug: string };
}

/** The three kinds of viewer; `key` undefined = anonymous. */
const VIEWERS = () =>
  [
    ['anonymous', undefined],
    ['another context', bob.key],
    ['the owner', alice.readKey],
  ] as const;

const call = (url: string, key?: string) => t.call('GET', `/api/v1${url}`, { key });

beforeAll(async () => {
  t = await createTestServer();
  alice = await t.createUser('Pub_Alice');
  bob = await t.createUser('pub_bob');
  pubQ = await query('public', 'SELECT {{n}} AS n', false, true);
  privQ = await query('Confidential revenue', PRIVATE_SQL, true);
  idleQ = await query('idle', 'SELECT 1 AS one', false);
  await run(alice, pubQ, { n: 5 });
  await run(alice, pubQ, { n: 6 });
  await run(alice, privQ);
  [pubViz, privViz, idleViz, strayViz] = [
    await viz(pubQ),
    await viz(privQ),
    await viz(idleQ),
    await viz(pubQ),
  ];
  shown = await dashboard({ name: 'Shown', visualization_ids: [pubViz, privViz, idleViz, pubViz] });
  hidden = await dashboard({ name: 'Hidden', is_private: true, visualization_ids: [pubViz] });
  archived = await dashboard({ name: 'Archived', visualization_ids: [pubViz] });
  await t.call('POST', `/api/v1/dashboards/${archived.dashboard_id}/archive`, { key: alice.key });
});
afterAll(() => t.close());

describe('reading a dashboard by id and by slug', () => {
  it.each(['anonymous', 'another context', 'the owner'])(
    'a public dashboard is readable by %s',
    async (who) => {
      const key = VIEWERS().find(([w]) => w === who)![1];
      const byId = await call(`/dashboards/${shown.dashboard_id}`, key);
      expect(byId.status).toBe(200);
      expect(byId.json).toMatchObject({ name: 'Shown', owner_handle: 'Pub_Alice', slug: 'shown' });
      const bySlug = await call(`/dashboards/by-slug/Pub_Alice/shown`, key);
      expect(bySlug.json).toEqual(byId.json);
    },
  );

  it('matches the owner handle and slug case-insensitively', async () => {
    const r = await call('/dashboards/by-slug/PUB_ALICE/Shown');
    expect(r.status).toBe(200);
    expect(r.json.dashboard_id).toBe(shown.dashboard_id);
  });

  it('hides private and archived dashboards outside the owner context', async () => {
    for (const d of [hidden, archived]) {
      for (const key of [undefined, bob.key]) {
        const byId = await call(`/dashboards/${d.dashboard_id}`, key);
        expect(byId.status).toBe(404);
        expect(byId.json.error).toBe('Dashboard not found or private');
        expect((await call(`/dashboards/by-slug/pub_alice/${d.slug}`, key)).status).toBe(404);
        expect((await call(`/dashboards/${d.dashboard_id}/visualizations`, key)).status).toBe(404);
        expect(
          (await call(`/dashboards/${d.dashboard_id}/visualizations/${pubViz}/results`, key))
            .status,
        ).toBe(404);
      }
      const own = await call(`/dashboards/${d.dashboard_id}`, alice.readKey);
      expect(own.status).toBe(200);
      expect((await call(`/dashboards/by-slug/pub_alice/${d.slug}`, alice.key)).status).toBe(200);
    }
    expect((await call(`/dashboards/${archived.dashboard_id}`, alice.key)).json.is_archived).toBe(
      true,
    );
    expect((await call(`/dashboards/${hidden.dashboard_id}`, alice.key)).json.is_private).toBe(
      true,
    );
  });

  it('answers 404 for unknown ids, owners and slugs; 400 for a bad id; 401 for a bad key', async () => {
    expect((await call('/dashboards/999999')).status).toBe(404);
    expect((await call('/dashboards/by-slug/nobody_here/shown')).status).toBe(404);
    expect((await call('/dashboards/by-slug/pub_alice/no-such-slug')).status).toBe(404);
    expect((await call('/dashboards/by-slug/pub_bob/shown')).status).toBe(404);
    expect((await call('/dashboards/abc')).status).toBe(400);
    expect((await call(`/dashboards/${shown.dashboard_id}`, 'not-a-key')).status).toBe(401);
  });

  it('follows the owner context of a team', async () => {
    const team = await t.createTeam('pub_team', alice);
    const d = await t.call('POST', '/api/v1/dashboards', {
      key: team.key,
      body: { name: 'Team only', is_private: true },
    });
    expect(d.json.owner_handle).toBe('pub_team');
    expect((await call(`/dashboards/${d.json.dashboard_id}`, team.readKey)).status).toBe(200);
    // Alice's personal context is another context.
    expect((await call(`/dashboards/${d.json.dashboard_id}`, alice.key)).status).toBe(404);
    expect((await call('/dashboards/by-slug/pub_team/team-only', team.key)).status).toBe(200);
  });
});

describe('GET /dashboards/{id}/visualizations', () => {
  it('gives each distinct visualization; a private query only to its owner context', async () => {
    for (const [who, key] of VIEWERS()) {
      const r = await call(`/dashboards/${shown.dashboard_id}/visualizations`, key);
      expect(r.status, who).toBe(200);
      const list = r.json.visualizations;
      expect(list.map((v: { visualization_id: number }) => v.visualization_id)).toEqual([
        pubViz,
        privViz,
        idleViz,
      ]);
      expect(list[0]).toEqual({
        visualization_id: pubViz,
        visualization: {
          id: pubViz,
          query_id: pubQ,
          name: `viz of ${pubQ}`,
          type: 'table',
          description: '',
          options: { columns: [] },
          created_at: expect.any(String),
          updated_at: expect.any(String),
          version: 1,
        },
        query: {
          query_id: pubQ,
          name: 'public',
          owner: 'Pub_Alice',
          parameters: [expect.objectContaining({ key: 'n', type: 'number', value: '1' })],
          max_result_age_seconds: null,
        },
        error: null,
      });
      const priv = list[1];
      expect(priv.visualization.id).toBe(privViz);
      if (who === 'the owner') {
        expect(priv.query).toMatchObject({ query_id: privQ, name: 'Confidential revenue' });
        expect(priv.error).toBeNull();
      } else {
        expect(priv.query).toBeNull();
        expect(priv.error).toBe('This visualization’s query is private.');
        expect(r.text).not.toContain('Confidential'); // not even the query's name
        expect(r.text).not.toContain('secret');
      }
      // The SQL is never part of this answer.
      expect(r.text).not.toContain('SELECT');
    }
  });
});

describe('GET /dashboards/{id}/visualizations/{vid}/results', () => {
  const results = (vid: number, qs = '', key?: string, d = shown.dashboard_id) =>
    call(`/dashboards/${d}/visualizations/${vid}/results${qs}`, key);

  it('answers what the latest-result endpoint answers, and the values of its run', async () => {
    for (const [qs, n] of [
      ['', '6'],
      ['?params.n=5', '5'],
      ['?limit=1&columns=n', '6'],
    ]) {
      const direct = await call(`/query/${pubQ}/results${qs}`, alice.key);
      const viaDashboard = await results(pubViz, qs, alice.key);
      expect(viaDashboard.status).toBe(200);
      const { query_parameters, ...rest } = viaDashboard.json;
      expect(rest).toEqual(direct.json);
      expect(query_parameters).toEqual({ n });
    }
    expect((await results(pubViz, '', alice.key)).json.result.rows).toEqual([{ n: 6 }]);
    expect((await results(pubViz, '?params.n=5')).json.result.rows).toEqual([{ n: 5 }]);
  });

  it('serves a public query’s rows to everyone, a private query’s only to its owner', async () => {
    for (const [who, key] of VIEWERS()) {
      const pub = await results(pubViz, '', key);
      expect(pub.status, who).toBe(200);
      expect(pub.json.result.rows).toEqual([{ n: 6 }]);
      const priv = await results(privViz, '', key);
      if (who === 'the owner') {
        expect(priv.status).toBe(200);
        expect(priv.json.result.rows).toEqual([{ word: 'secret' }]);
      } else {
        expect(priv.status, who).toBe(404);
        expect(priv.json.error).toBe('This visualization’s query is private.');
        expect(priv.text).not.toContain('secret');
      }
    }
  });

  it('answers 404 for a visualization not on the dashboard or unknown, and without a result yet', async () => {
    const stray = await results(strayViz);
    expect(stray.status).toBe(404);
    expect(stray.json.error).toBe('This visualization is not on this dashboard');
    expect((await results(999999)).status).toBe(404);
    const idle = await results(idleViz);
    const direct = await call(`/query/${idleQ}/results`, alice.key);
    expect(idle.status).toBe(404);
    expect(idle.json).toEqual(direct.json);
    expect((await results(pubViz, '?params.n=7')).status).toBe(404);
    expect((await results(pubViz, '?params.zzz=1')).status).toBe(404);
    expect((await results(pubViz, '', undefined, 999999)).status).toBe(404);
  });

  it('never serves another context’s run to anonymous callers', async () => {
    // Bob runs alice's public query with n=9: he sees his run, nobody else does.
    await run(bob, pubQ, { n: 9 });
    expect((await results(pubViz, '?params.n=9', bob.key)).json.result.rows).toEqual([{ n: 9 }]);
    expect((await results(pubViz, '?params.n=9')).status).toBe(404);
    expect((await results(pubViz, '?params.n=9', alice.key)).status).toBe(404);
  });

  it('answers 400 for bad paging and 401 for a bad key', async () => {
    expect((await results(pubViz, '?limit=0')).status).toBe(400);
    expect((await results(pubViz, '?sample_count=5&limit=2')).status).toBe(400);
    expect((await results(pubViz, '', 'bad-key')).status).toBe(401);
    expect((await call(`/dashboards/${shown.dashboard_id}/visualizations/x/results`)).status).toBe(
      400,
    );
  });
});

describe('anonymous callers cannot write or list', () => {
  it('answers 401 on every write and on the list', async () => {
    const id = shown.dashboard_id;
    const anon = [
      t.call('POST', '/api/v1/dashboards', { body: { name: 'x' } }),
      t.call('PATCH', `/api/v1/dashboards/${id}`, { body: { name: 'x' } }),
      t.call('POST', `/api/v1/dashboards/${id}/archive`),
      t.call('POST', `/api/v1/dashboards/${id}/unarchive`),
      t.call('GET', '/api/v1/dashboards'),
      t.call('POST', `/api/v1/query/${pubQ}/visualizations`, {
        body: { name: 'x', type: 'table' },
      }),
      t.call('GET', `/api/v1/query/${pubQ}/visualizations`),
      t.call('GET', `/api/v1/visualizations/${pubViz}`),
      t.call('PATCH', `/api/v1/visualizations/${pubViz}`, { body: { name: 'x' } }),
      t.call('DELETE', `/api/v1/visualizations/${pubViz}`),
    ];
    for (const r of await Promise.all(anon)) expect(r.status).toBe(401);
    expect((await call(`/dashboards/${id}`)).json.name).toBe('Shown');
  });
});
