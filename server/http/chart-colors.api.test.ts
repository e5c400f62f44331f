import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { readDashboardView } from '../previews/dashboard-view.js';
import { waitFinished } from '../test/executions-helpers.js';
import { createTestServer, type TestServer, type TestUser } from '../test/harness.js';
import { fakeDist } from '../test/spa-dist.js';

/**
 * A visualization's colors reach the SVG the server draws for anonymous visitors (a public
 * dashboard's first paint) and the PNG of its link preview: the attacks seen there, refused on
 * save, and harmless in rows saved before the check.
 */

const INDEX =
  '<!doctype html><html lang="en"><head><script type="module" src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>';
const dist = fakeDist(INDEX, { 'index.html': { file: 'assets/index-1.js', isEntry: true } });
let t: TestServer;
let app: ReturnType<typeof createApp>;
let alice: TestUser;
let queryId: number;

const REFRESH =
  'x"/></path></g></svg><meta http-equiv="refresh" content="0;url=https://evil.test/"><svg><g><path a="';
const HANDLER = 'red"/onmouseover="alert(document.domain)';
const IMAGE = 'x"/><image href="/etc/hostname" width="800" height="420"/><path d="';

const pie = (color: unknown) => ({
  globalSeriesType: 'pie',
  columnMapping: { chain: 'x', volume: 'y' },
  valuesOptions: { base: { color } },
});
const column = (color: unknown) => ({
  globalSeriesType: 'column',
  columnMapping: { chain: 'x', volume: 'y' },
  seriesOptions: { volume: { color } },
});

async function viz(name: string, options: object) {
  const r = await t.call('POST', `/api/v1/query/${queryId}/visualizations`, {
    key: alice.key,
    body: { name, type: 'chart', options },
  });
  expect(r.status).toBe(200);
  return r.json.id as number;
}

/** Stores options as a row saved before colors were checked would hold them. */
async function storeRaw(vizId: number, options: object) {
  await t.deps.store.db
    .updateTable('visualizations')
    .set({ options: JSON.stringify(options) })
    .where('id', '=', vizId)
    .execute();
}

beforeAll(async () => {
  t = await createTestServer();
  app = createApp(t.deps, { staticDir: dist.dir });
  alice = await t.createUser('colors_alice');
  const q = await t.call('POST', '/api/v1/query', {
    key: alice.key,
    body: {
      name: 'Volume by chain',
      query_sql: "SELECT * FROM (VALUES ('ethereum', 10), ('base', 30)) t(chain, volume)",
    },
  });
  queryId = q.json.query_id;
  const run = await t.call('POST', `/api/v1/query/${queryId}/execute`, { key: alice.key });
  await waitFinished(t, alice.key, run.json.execution_id);
}, 60_000);
afterAll(async () => {
  await t.close();
  dist.remove();
});

describe('colors of a visualization on save', () => {
  it('refuse a value that is not a CSS color, with where and why (400)', async () => {
    const cases: [object, RegExp][] = [
      [pie(REFRESH), /options\.valuesOptions\.base\.color: "x\\"\/><\/path>.* is not a color/],
      [
        column(HANDLER),
        /options\.seriesOptions\.volume\.color: "red\\"\/onmouseover=.* is not a color/,
      ],
      [
        column(IMAGE),
        /options\.seriesOptions\.volume\.color: .* is not a color: a color is a hex color/,
      ],
      [column(12), /options\.seriesOptions\.volume\.color: number is not a color/],
      [column('hsl(120deg, 100%, 50%)'), /is not a color/],
    ];
    for (const [options, error] of cases) {
      const r = await t.call('POST', `/api/v1/query/${queryId}/visualizations`, {
        key: alice.key,
        body: { name: 'Bad', type: 'chart', options },
      });
      expect(r.status).toBe(400);
      expect(r.json.error).toMatch(/^Invalid request body payload: /);
      expect(r.json.error).toMatch(error);
    }
  });

  it('refuse it on PATCH and PUT too, and leave the visualization as it was', async () => {
    const id = await viz('Kept', column('#1f77b4'));
    for (const method of ['PATCH', 'PUT'] as const) {
      const r = await t.call(method, `/api/v1/visualizations/${id}`, {
        key: alice.key,
        body: { name: 'Changed', type: 'chart', options: pie(REFRESH) },
      });
      expect(r.status).toBe(400);
      expect(r.json.error).toMatch(/valuesOptions\.base\.color/);
    }
    const got = await t.call('GET', `/api/v1/visualizations/${id}`, { key: alice.key });
    expect(got.json).toMatchObject({ name: 'Kept', options: column('#1f77b4'), version: 1 });
  });

  it('take every form of the grammar, and unset colors, as given', async () => {
    for (const color of [
      '#1F77B4',
      '#f008',
      'rgb(10, 20, 30)',
      'rgba(0,0,0,.5)',
      'hsl(120, 50%, 40%)',
      'SteelBlue',
      'transparent',
      null,
      '',
    ])
      for (const options of [pie(color), column(color)]) {
        const id = await viz('Good', options);
        const got = await t.call('GET', `/api/v1/visualizations/${id}`, { key: alice.key });
        expect(got.json.options).toEqual(options);
      }
  });
});

describe('colors saved before the check', () => {
  let slug: string;
  let evilPie: number;
  let evilColumn: number;
  let cleanPie: number;

  beforeAll(async () => {
    evilPie = await viz('Share', pie('#000000'));
    evilColumn = await viz('Bars', column('#000000'));
    cleanPie = await viz('Share', pie(null));
    await storeRaw(evilPie, pie(REFRESH));
    await storeRaw(evilColumn, { ...column(HANDLER), valuesOptions: { base: { color: IMAGE } } });
    const d = await t.call('POST', '/api/v1/dashboards', {
      key: alice.key,
      body: { name: 'Chains', visualization_ids: [evilPie, evilColumn] },
    });
    expect(d.status).toBe(200);
    slug = d.json.slug;
    // The render thread's start takes seconds, past the page's budget: drawn once here.
    await t.deps.firstPaint.html(
      readDashboardView(t.deps, 'colors_alice', slug, null),
      ['light', 'dark'],
      60_000,
    );
  }, 90_000);

  it('are ignored in the first paint: charts drawn, nothing of the colors in the page', async () => {
    const res = await app.request(`/colors_alice/${slug}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const paint = /<div id="root">([^]*?)<script type="application\/json"/.exec(html)?.[1] ?? '';
    // Both charts in both schemes, drawn with the palette's colors.
    expect(paint.match(/<svg width="100%" height="100%"/g)).toHaveLength(4);
    expect(paint).not.toMatch(/<meta|http-equiv|evil\.test|onmouseover|<image|\/etc\/hostname/);
    // Nor anywhere else in the page (the bundle carries the options as JSON, `<` escaped).
    expect(html).not.toMatch(/<meta http-equiv|<image|<\/svg><meta/);
  });

  it('are ignored in the link preview’s PNG: the same image as without them', async () => {
    const image = async (vizId: number) => {
      const r = await app.request(`/og/queries/${queryId}/${vizId}.png`);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('image/png');
      return Buffer.from(await r.arrayBuffer());
    };
    expect((await image(evilPie)).equals(await image(cleanPie))).toBe(true);
    expect((await image(evilColumn)).subarray(1, 4).toString('latin1')).toBe('PNG');
    const board = await app.request(`/og/dashboards/colors_alice/${slug}.png`);
    expect(board.status).toBe(200);
  });
});
