import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';

let t: TestServer;
let alice: TestUser;
let bob: TestUser;
let qParam: number; // public query of alice with parameter n
let qOther: number; // public query of alice with parameter m
let v1: number; // of qParam
let v2: number; // of qParam
let v3: number; // of qOther
let bobPrivateViz: number;

const at = (col: number, row: number, size_x: number, size_y: number) => ({
  col,
  row,
  size_x,
  size_y,
});

async function query(u: TestUser, param: string, isPrivate = false): Promise<number> {
  const r = await t.call('POST', '/api/v1/query', {
    key: u.key,
    body: {
      name: `q ${param}`,
      query_sql: `SELECT {{${param}}} AS v`,
      parameters: [{ key: param, type: 'number', value: '1' }],
      is_private: isPrivate,
    },
  });
  return r.json.query_id;
}
async function viz(u: TestUser, queryId: number, name = 'viz'): Promise<number> {
  const r = await t.call('POST', `/api/v1/query/${queryId}/visualizations`, {
    key: u.key,
    body: { name, type: 'table' },
  });
  return r.json.id;
}
/** `key` null = no key at all (undefined would take the default). */
const create = (body: unknown, key: string | null = alice.key) =>
  t.call('POST', '/api/v1/dashboards', { key: key ?? undefined, body });
const patch = (id: number, body: unknown, key: string | null = alice.key) =>
  t.call('PATCH', `/api/v1/dashboards/${id}`, { key: key ?? undefined, body });
const get = (id: number, key: string | null = alice.key) =>
  t.call('GET', `/api/v1/dashboards/${id}`, { key: key ?? undefined });

beforeAll(async () => {
  t = await createTestServer();
  alice = await t.createUser('dash_alice');
  bob = await t.createUser('dash_bob');
  qParam = await query(alice, 'n');
  qOther = await query(alice, 'm');
  v1 = await viz(alice, qParam, 'one');
  v2 = await viz(alice, qParam, 'two');
  v3 = await viz(alice, qOther, 'three');
  bobPrivateViz = await viz(bob, await query(bob, 'x', true));
});
afterAll(() => t.close());

describe('POST /dashboards', () => {
  it('creates with the automatic layout: texts on top, then visualizations in rows', async () => {
    const r = await create({
      name: 'Token Volume',
      visualization_ids: [v1, v2, v3],
      text_widgets: [{ text: '# Title' }, { text: 'line 1\nline 2\nline 3' }],
      tags: ['defi', ' DeFi ', 'dex'],
    });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({
      dashboard_id: expect.any(Number),
      dashboard_url: 'http://localhost/dash_alice/token-volume',
      name: 'Token Volume',
      slug: 'token-volume',
      is_private: false,
      tags: ['defi', 'dex'],
      text_widgets: [
        { widget_id: expect.any(Number), text: '# Title', position: at(0, 0, 12, 2) },
        {
          widget_id: expect.any(Number),
          text: 'line 1\nline 2\nline 3',
          position: at(0, 2, 12, 3),
        },
      ],
      visualization_widgets: [
        { widget_id: expect.any(Number), visualization_id: v1, position: at(0, 5, 6, 8) },
        { widget_id: expect.any(Number), visualization_id: v2, position: at(6, 5, 6, 8) },
        { widget_id: expect.any(Number), visualization_id: v3, position: at(0, 13, 6, 8) },
      ],
      param_widgets: [],
      owner_handle: 'dash_alice',
      columns_per_row: 2,
      max_result_age_seconds: null,
      is_archived: false,
      created_at: expect.any(String),
      updated_at: r.json.created_at,
      version: 1,
    });
    expect((await get(r.json.dashboard_id)).json).toEqual(r.json);
  });

  it.each([
    [1, [at(0, 0, 12, 8), at(0, 8, 12, 8)]],
    [3, [at(0, 0, 4, 8), at(4, 0, 4, 8)]],
  ])('lays out columns_per_row %i', async (columns_per_row, positions) => {
    const r = await create({
      name: `cols ${columns_per_row}`,
      columns_per_row,
      visualization_ids: [v1, v3],
    });
    expect(r.json.columns_per_row).toBe(columns_per_row);
    expect(r.json.visualization_widgets.map((w: { position: unknown }) => w.position)).toEqual(
      positions,
    );
  });

  it('honours explicit text positions and places the rest below them', async () => {
    const r = await create({
      name: 'explicit',
      visualization_ids: [v1],
      text_widgets: [{ text: 'side', position: at(8, 0, 4, 3) }, { text: 'auto' }],
    });
    expect(r.json.text_widgets.map((w: { position: unknown }) => w.position)).toEqual([
      at(8, 0, 4, 3),
      at(0, 3, 12, 2),
    ]);
    expect(r.json.visualization_widgets[0].position).toEqual(at(0, 5, 6, 8));
  });

  it('derives unique slugs per owner and takes an explicit one', async () => {
    const slugs = [];
    for (let i = 0; i < 3; i++) slugs.push((await create({ name: 'Same Name!' })).json.slug);
    expect(slugs).toEqual(['same-name', 'same-name-2', 'same-name-3']);
    expect((await create({ name: 'Same Name' }, bob.key)).json.slug).toBe('same-name');
    expect((await create({ name: '¿¿¿' })).json.slug).toBe('dashboard');
    const explicit = await create({ name: 'whatever', slug: 'My-Own' });
    expect(explicit.status).toBe(200);
    expect(explicit.json.slug).toBe('my-own');
    const taken = await create({ name: 'again', slug: 'same-name' });
    expect(taken.status).toBe(409);
    expect(taken.json.error).toMatch(/same-name/);
  });

  it('answers 400 for bad bodies', async () => {
    const cases: [object, RegExp][] = [
      [{}, /name/],
      [{ name: '  ' }, /name/],
      [{ name: 7 }, /name/],
      [{ name: 'x'.repeat(301) }, /name/],
      [{ name: 'x', is_private: 'yes' }, /is_private/],
      [{ name: 'x', columns_per_row: 4 }, /columns_per_row/],
      [{ name: 'x', slug: 'Bad Slug' }, /slug/],
      [{ name: 'x', slug: 'a--b' }, /slug/],
      [{ name: 'x', slug: 's'.repeat(101) }, /slug/],
      [{ name: 'x', tags: Array(51).fill('t') }, /tags/],
      [{ name: 'x', visualization_ids: ['1'] }, /visualization_ids/],
      [{ name: 'x', visualization_ids: Array(201).fill(v1) }, /visualization_ids/],
      [{ name: 'x', text_widgets: Array(201).fill({ text: 'a' }) }, /text_widgets/],
      [{ name: 'x', text_widgets: [{ text: 'a'.repeat(100_001) }] }, /text/],
      [{ name: 'x', text_widgets: [{ text: 'a', position: at(11, 0, 4, 2) }] }, /col \+ size_x/],
      [{ name: 'x', text_widgets: [{ text: 'a', position: at(0, -1, 4, 2) }] }, /row/],
      [{ name: 'x', text_widgets: [{ text: 'a', position: at(0, 0, 0, 2) }] }, /size_x/],
      [{ name: 'x', text_widgets: [{ text: 'a', position: at(12, 0, 1, 2) }] }, /col/],
      [{ name: 'x', text_widgets: [{ text: 'a', position: { col: 0, row: 0 } }] }, /size_x/],
      [{ name: 'x', text_widgets: [{ text: 'a', position: at(0, 0, 1, 201) }] }, /size_y/],
    ];
    for (const [body, message] of cases) {
      const r = await create(body);
      expect(r.status, JSON.stringify(body).slice(0, 100)).toBe(400);
      expect(r.json.error).toMatch(message);
    }
  });

  it('answers 400 naming a visualization that does not exist or is not readable', async () => {
    const unknown = await create({ name: 'x', visualization_ids: [v1, 999999] });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error).toBe(
      'visualization_ids[1]: visualization 999999 does not exist or is not readable here',
    );
    const privateOfBob = await create({ name: 'x', visualization_ids: [bobPrivateViz] });
    expect(privateOfBob.status).toBe(400);
    expect(privateOfBob.json.error).toMatch(`visualization ${bobPrivateViz}`);
    // Nothing was created.
    const list = await t.call('GET', '/api/v1/dashboards?q=x&limit=1000', { key: alice.key });
    expect(list.json.dashboards.filter((d: { name: string }) => d.name === 'x')).toEqual([]);
    // Bob may put alice's public visualization on his own dashboard.
    expect((await create({ name: 'x', visualization_ids: [v1] }, bob.key)).status).toBe(200);
  });

  it('answers 401 without a valid key and 403 with a read key', async () => {
    expect((await create({ name: 'x' }, null)).status).toBe(401);
    expect((await create({ name: 'x' }, 'not-a-key')).status).toBe(401);
    const read = await create({ name: 'x' }, alice.readKey);
    expect(read.status).toBe(403);
  });

  it('builds dashboard_url from PUBLIC_URL when set', async () => {
    const s = await createTestServer({ publicUrl: 'https://strata.example' });
    try {
      const u = await s.createUser('url_user');
      const r = await s.call('POST', '/api/v1/dashboards', { key: u.key, body: { name: 'Hi' } });
      expect(r.json.dashboard_url).toBe('https://strata.example/url_user/hi');
    } finally {
      await s.close();
    }
  });
});

describe('PATCH /dashboards/{id}', () => {
  it('renames without touching the slug; changes the slug only when given', async () => {
    const d = (await create({ name: 'Before' })).json;
    await create({ name: 'Taken' });
    const renamed = await patch(d.dashboard_id, { name: 'After', tags: ['a'], is_private: true });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toMatchObject({
      name: 'After',
      slug: 'before',
      tags: ['a'],
      is_private: true,
    });
    const reslug = await patch(d.dashboard_id, { slug: 'after' });
    expect(reslug.json.slug).toBe('after');
    expect(reslug.json.dashboard_url).toBe('http://localhost/dash_alice/after');
    expect((await patch(d.dashboard_id, { slug: 'after' })).status).toBe(200);
    const taken = await patch(d.dashboard_id, { slug: 'taken' });
    expect(taken.status).toBe(409);
    expect((await get(d.dashboard_id)).json.slug).toBe('after');
  });

  it('round-trips positions exactly', async () => {
    const d = (
      await create({
        name: 'Round trip',
        visualization_ids: [v1, v2],
        text_widgets: [{ text: 't' }],
      })
    ).json;
    const body = {
      text_widgets: [
        { widget_id: d.text_widgets[0].widget_id, text: 't', position: at(3, 17, 5, 3) },
      ],
      visualization_widgets: [
        {
          widget_id: d.visualization_widgets[1].widget_id,
          visualization_id: v2,
          position: at(0, 0, 12, 7),
        },
        {
          widget_id: d.visualization_widgets[0].widget_id,
          visualization_id: v1,
          position: at(9, 7, 3, 10),
        },
      ],
    };
    const r = await patch(d.dashboard_id, body);
    expect(r.status).toBe(200);
    const expected = {
      text_widgets: body.text_widgets,
      visualization_widgets: body.visualization_widgets,
    };
    expect(r.json).toMatchObject(expected);
    expect((await get(d.dashboard_id)).json).toMatchObject(expected);
  });

  it('replaces only the widget kinds given; new widgets without position go below the lowest', async () => {
    const d = (
      await create({
        name: 'Replace',
        visualization_ids: [v1],
        text_widgets: [{ text: 'keep me' }],
      })
    ).json;
    const r = await patch(d.dashboard_id, {
      visualization_widgets: [
        { visualization_id: v2 },
        { visualization_id: v3, position: at(0, 30, 12, 4) },
        { visualization_id: v1 },
      ],
    });
    expect(r.status).toBe(200);
    expect(r.json.text_widgets).toEqual(d.text_widgets);
    expect(r.json.visualization_widgets).toEqual([
      { widget_id: expect.any(Number), visualization_id: v2, position: at(0, 34, 6, 8) },
      { widget_id: expect.any(Number), visualization_id: v3, position: at(0, 30, 12, 4) },
      { widget_id: expect.any(Number), visualization_id: v1, position: at(6, 34, 6, 8) },
    ]);
    // Not kept: new ids, never an old one.
    const oldIds = new Set([...d.visualization_widgets, ...d.text_widgets].map((w) => w.widget_id));
    for (const w of r.json.visualization_widgets) expect(oldIds.has(w.widget_id)).toBe(false);
    // An empty array removes every widget of that kind.
    const empty = await patch(d.dashboard_id, { text_widgets: [] });
    expect(empty.json.text_widgets).toEqual([]);
    expect(empty.json.visualization_widgets).toEqual(r.json.visualization_widgets);
  });

  it('keeps a widget’s id (and its position when none is given) with widget_id', async () => {
    const d = (await create({ name: 'Keep', visualization_ids: [v1, v2] })).json;
    const [a, b] = d.visualization_widgets;
    const r = await patch(d.dashboard_id, {
      visualization_widgets: [
        { widget_id: b.widget_id, visualization_id: v2 },
        { widget_id: a.widget_id, visualization_id: v3 },
        { visualization_id: v1 },
      ],
    });
    expect(r.json.visualization_widgets).toEqual([
      { widget_id: b.widget_id, visualization_id: v2, position: b.position },
      { widget_id: a.widget_id, visualization_id: v3, position: a.position },
      { widget_id: expect.any(Number), visualization_id: v1, position: at(0, 8, 6, 8) },
    ]);
    const unknown = await patch(d.dashboard_id, {
      text_widgets: [{ widget_id: a.widget_id, text: 'x' }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error).toBe(
      `text_widgets[0].widget_id: ${a.widget_id} is not a text widget of this dashboard`,
    );
  });

  it('validates parameter widgets and names what is wrong', async () => {
    const d = (await create({ name: 'Params', visualization_ids: [v1, v3] })).json;
    const [w1, w3] = d.visualization_widgets;
    const param = (p: object) =>
      patch(d.dashboard_id, {
        param_widgets: [
          { key: 'n', query_id: qParam, visualization_widget_id: w1.widget_id, ...p },
        ],
      });
    const ok = await param({});
    expect(ok.status).toBe(200);
    expect(ok.json.param_widgets).toEqual([
      {
        widget_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        key: 'n',
        query_id: qParam,
        visualization_widget_id: w1.widget_id,
        position: at(0, 8, 3, 2), // below the two visualizations side by side
      },
    ]);
    // The same parameter widget sent back keeps its string id and position.
    const again = await patch(d.dashboard_id, { param_widgets: ok.json.param_widgets });
    expect(again.json.param_widgets).toEqual(ok.json.param_widgets);

    const bad: [object, string][] = [
      [
        { visualization_widget_id: 999999 },
        'param_widgets[0].visualization_widget_id: 999999 is not a visualization widget of this dashboard',
      ],
      [
        { visualization_widget_id: w3.widget_id },
        `param_widgets[0].query_id: visualization widget ${w3.widget_id} shows a visualization of query ${qOther}, not of query ${qParam}`,
      ],
      [{ key: 'zzz' }, `param_widgets[0].key: query ${qParam} has no parameter "zzz"`],
    ];
    for (const [p, message] of bad) {
      const r = await param(p);
      expect(r.status).toBe(400);
      expect(r.json.error).toBe(message);
    }
    expect((await param({ key: '' })).status).toBe(400);
    expect((await param({ query_id: 'x' })).status).toBe(400);
    // A parameter widget may not point at a visualization widget removed in the same change.
    const removed = await patch(d.dashboard_id, {
      visualization_widgets: [{ visualization_id: v1 }],
      param_widgets: [{ key: 'n', query_id: qParam, visualization_widget_id: w1.widget_id }],
    });
    expect(removed.status).toBe(400);
    // Nothing changed by the refused requests.
    expect((await get(d.dashboard_id)).json.param_widgets).toEqual(ok.json.param_widgets);
  });

  it('drops parameter widgets left without their visualization widget', async () => {
    const d = (await create({ name: 'Drop', visualization_ids: [v1, v2] })).json;
    const [w1, w2] = d.visualization_widgets;
    const withParams = await patch(d.dashboard_id, {
      param_widgets: [
        { key: 'n', query_id: qParam, visualization_widget_id: w1.widget_id },
        { key: 'n', query_id: qParam, visualization_widget_id: w2.widget_id },
      ],
    });
    const r = await patch(d.dashboard_id, {
      visualization_widgets: [{ widget_id: w2.widget_id, visualization_id: v2 }],
    });
    expect(r.status).toBe(200);
    expect(r.json.param_widgets).toEqual([withParams.json.param_widgets[1]]);
  });

  it('answers 400, 401, 403, 404 as it should', async () => {
    const d = (await create({ name: 'Guarded', is_private: false })).json;
    const priv = (await create({ name: 'Hidden', is_private: true })).json;
    expect((await patch(d.dashboard_id, {})).status).toBe(400);
    expect((await patch(d.dashboard_id, { name: '' })).status).toBe(400);
    expect((await patch(d.dashboard_id, { columns_per_row: 0 })).status).toBe(400);
    expect((await patch(d.dashboard_id, { slug: 'NOT OK' })).status).toBe(400);
    expect(
      (
        await patch(d.dashboard_id, {
          visualization_widgets: [{ visualization_id: bobPrivateViz }],
        })
      ).status,
    ).toBe(400);
    expect(
      (await patch(d.dashboard_id, { text_widgets: [{ text: 'x', position: at(6, 0, 7, 2) }] }))
        .status,
    ).toBe(400);
    expect((await patch(d.dashboard_id, { name: 'x' }, null)).status).toBe(401);
    expect((await patch(d.dashboard_id, { name: 'x' }, 'bad')).status).toBe(401);
    expect((await patch(d.dashboard_id, { name: 'x' }, alice.readKey)).status).toBe(403);
    const other = await patch(d.dashboard_id, { name: 'x' }, bob.key);
    expect(other.status).toBe(403);
    expect(other.json.error).toMatch(/owner/);
    expect((await patch(priv.dashboard_id, { name: 'x' }, bob.key)).status).toBe(404);
    expect((await patch(987654, { name: 'x' })).status).toBe(404);
    expect((await patch('nope' as unknown as number, { name: 'x' })).status).toBe(400);
    expect((await get(d.dashboard_id)).json.name).toBe('Guarded');
  });
});

describe('archive and unarchive', () => {
  it('archives (then edits need unarchiving) and unarchives; owner only', async () => {
    const d = (await create({ name: 'To archive' })).json;
    const act = (action: string, key: string | null = alice.key, id = d.dashboard_id) =>
      t.call('POST', `/api/v1/dashboards/${id}/${action}`, { key: key ?? undefined });
    expect((await act('archive', null)).status).toBe(401);
    expect((await act('archive', alice.readKey)).status).toBe(403);
    expect((await act('archive', bob.key)).status).toBe(403);
    expect((await act('archive', alice.key, 999999)).status).toBe(404);
    const r = await act('archive');
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ dashboard_id: d.dashboard_id, ok: true });
    expect((await act('archive')).json).toEqual({ dashboard_id: d.dashboard_id, ok: true });
    expect((await get(d.dashboard_id)).json.is_archived).toBe(true);
    const edit = await patch(d.dashboard_id, { name: 'x' });
    expect(edit.status).toBe(403);
    expect(edit.json.error).toMatch(/archived/);
    // Archived: other contexts no longer find it.
    expect((await act('unarchive', bob.key)).status).toBe(404);
    const back = await act('unarchive');
    expect(back.json).toEqual({ dashboard_id: d.dashboard_id, ok: true });
    expect((await get(d.dashboard_id)).json.is_archived).toBe(false);
    expect((await patch(d.dashboard_id, { name: 'x' })).status).toBe(200);
  });
});

describe('GET /dashboards', () => {
  it('lists the caller’s context, newest updated first, with q, tags, archived and paging', async () => {
    const carol = await t.createUser('dash_carol');
    const mk = async (name: string, tags: string[] = []) =>
      (await create({ name, tags }, carol.key)).json.dashboard_id as number;
    const a = await mk('Alpha sales', ['Finance', 'weekly']);
    const b = await mk('Beta ops', ['ops']);
    const c = await mk('Gamma sales', ['finance']);
    await new Promise((r) => setTimeout(r, 5));
    await patch(a, { name: 'Alpha sales v2' }, carol.key);
    const list = (qs = '') => t.call('GET', `/api/v1/dashboards${qs}`, { key: carol.readKey });
    const all = await list();
    expect(all.status).toBe(200);
    expect(all.json.total).toBe(3);
    expect(all.json.dashboards.map((d: { dashboard_id: number }) => d.dashboard_id)).toEqual([
      a,
      c,
      b,
    ]);
    expect(all.json.dashboards[0]).toMatchObject({
      name: 'Alpha sales v2',
      owner_handle: 'dash_carol',
    });
    const ids = async (qs: string) =>
      (await list(qs)).json.dashboards.map((d: { dashboard_id: number }) => d.dashboard_id);
    expect(await ids('?q=SALES')).toEqual([a, c]);
    expect(await ids('?q=beta-ops')).toEqual([b]);
    expect(await ids('?tags=finance')).toEqual([a, c]);
    expect(await ids('?tags=finance,WEEKLY')).toEqual([a]);
    expect(await ids('?limit=1&offset=1')).toEqual([c]);
    expect((await list('?limit=1')).json.total).toBe(3);
    expect((await list('?limit=100000')).status).toBe(200);
    await t.call('POST', `/api/v1/dashboards/${b}/archive`, { key: carol.key });
    expect(await ids('')).toEqual([a, c]);
    // Archiving is a change: b is now the newest updated.
    expect(await ids('?include_archived=true')).toEqual([b, a, c]);
    expect((await list('?limit=-1')).status).toBe(400);
    expect((await list('?include_archived=maybe')).status).toBe(400);
    expect((await t.call('GET', '/api/v1/dashboards')).status).toBe(401);
    expect((await t.call('GET', '/api/v1/dashboards', { key: 'bad' })).status).toBe(401);
  });
});

describe('OpenAPI', () => {
  it('documents every visualization and dashboard route', async () => {
    const paths = Object.keys((await t.call('GET', '/api/v1/openapi.json')).json.paths);
    for (const p of [
      '/api/v1/query/{query_id}/visualizations',
      '/api/v1/visualizations/{id}',
      '/api/v1/dashboards',
      '/api/v1/dashboards/{dashboard_id}',
      '/api/v1/dashboards/{dashboard_id}/archive',
      '/api/v1/dashboards/{dashboard_id}/unarchive',
      '/api/v1/dashboards/by-slug/{owner_handle}/{slug}',
      '/api/v1/dashboards/{dashboard_id}/visualizations',
      '/api/v1/dashboards/{dashboard_id}/visualizations/{visualization_id}/results',
    ])
      expect(paths).toContain(p);
  });
});
