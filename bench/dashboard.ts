/**
 * npm run bench (part 2): a 12-widget public dashboard, opened by its /owner/slug link in
 * Chromium with no session, timed until every widget has painted; against a bare page (plain
 * HTML, no app: bench/bare-dashboard.ts) that loads ECharts' own build and draws the same widgets
 * from the same results, opened cold the same way; and against the API call that gives the
 * page its data (the dashboard's bundle), made directly.
 * A widget counts as painted when its chart, counter or table is visible, drawn by the server
 * (the public page's first paint: inline SVG) or by the app.
 * Prints medians of a cold open (a fresh browser context: nothing cached), of the bare page's
 * cold open, their ratio against the goal (at most 2x the bare page, and under 1.5 s), of both
 * by the page's own clock (dashboard-paint.ts: the frame that showed every widget, which
 * Playwright's polling sees only once the page's main thread is free), of the same cold open
 * until the app itself drew every widget, of a warm open (a reload) and of the direct call.
 */
import fs from 'node:fs';
import path from 'node:path';
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from '@playwright/test';
import { createApp } from '../server/app.js';
import { quoteLiteral } from '../server/engine/duck.js';
import { readDashboardView } from '../server/previews/dashboard-view.js';
import { createTestServer } from '../server/test/harness.js';
import { bareHandler, type BareWidget } from './bare-dashboard.js';
import { PAINTED_AT, paintClockScript, widgetsPainted } from './dashboard-paint.js';
import { QUERIES } from './dashboard-queries.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const ROWS = 200_000;
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (n: number) => `${n.toFixed(0)} ms`;
/** The goal of issue 13: a cold open at most this many times the bare page's, and under GOAL_MS. */
const GOAL_RATIO = 2;
const GOAL_MS = 1500;

async function main() {
  const t = await createTestServer();
  const app = createApp(t.deps, { staticDir: path.resolve('dist') });
  let bareWidgets: BareWidget[] = [];
  const bare = bareHandler(() => bareWidgets);
  const httpServer = serve({
    fetch: (req) => bare(req) ?? app.fetch(req),
    hostname: '127.0.0.1',
    port: 0,
  });
  await new Promise<void>((resolve) => httpServer.once('listening', () => resolve()));
  const base = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
  const user = await t.createUser('benchboard');
  const headers = { 'x-service-api-key': user.key, 'content-type': 'application/json' };
  const call = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${base}/api/v1${url}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  let browser: Browser | null = null;
  try {
    console.log(
      `Preparing ${ROWS.toLocaleString()} trades, 6 queries and a 12-widget dashboard...`,
    );
    await t.deps.lake.publish(
      { schema: 'bench', table: 'trades', ownerId: null, kind: 'demo', datasetType: 'dune_table' },
      (dir) =>
        t.deps.duck.withConnection((conn) =>
          conn
            .run(
              `COPY (SELECT range AS id,
                   TIMESTAMP '2026-01-01' + to_seconds(range * 13) AS ts,
                   ['ETH', 'USDC', 'WBTC', 'DAI', 'LINK', 'UNI'][1 + (hash(range) % 6)::BIGINT] AS token,
                   CASE WHEN hash(range, 's') % 2 = 0 THEN 'buy' ELSE 'sell' END AS side,
                   (hash(range, 'a') % 1000000) / 100.0 AS amount_usd,
                   (hash(range, 'f') % 10000) / 1000.0 AS fee_usd
                 FROM range(${ROWS})) TO ${quoteLiteral(path.join(dir, 'data.parquet'))} (FORMAT parquet)`,
            )
            .then(() => undefined),
        ),
    );
    const vizIds: number[] = [];
    /** For the bare page: each visualization with the index of its query. */
    const vizOf: { query: number; viz: (typeof QUERIES)[number]['vizzes'][number] }[] = [];
    for (const [i, q] of QUERIES.entries()) {
      const { query_id } = await call<{ query_id: number }>('POST', '/query', {
        name: `Bench query ${i + 1}`,
        query_sql: q.sql,
      });
      const { execution_id } = await call<{ execution_id: string }>(
        'POST',
        `/query/${query_id}/execute`,
        {},
      );
      for (;;) {
        const s = await call<{ is_execution_finished: boolean; state: string }>(
          'GET',
          `/execution/${execution_id}/status?wait_ms=10000`,
        );
        if (s.is_execution_finished) {
          if (s.state !== 'QUERY_STATE_COMPLETED') throw new Error(`query ${i + 1}: ${s.state}`);
          break;
        }
      }
      for (const v of q.vizzes) {
        vizOf.push({ query: i, viz: v });
        vizIds.push(
          (await call<{ id: number }>('POST', `/query/${query_id}/visualizations`, v)).id,
        );
      }
    }
    const dashboard = await call<{ slug: string; dashboard_id: number }>('POST', '/dashboards', {
      name: 'Bench dashboard',
      visualization_ids: vizIds,
      columns_per_row: 3,
    });
    const pageUrl = `${base}/benchboard/${dashboard.slug}`;
    // The bare page reads each query's result once, from the visualization results endpoint of
    // its first widget, as many rows as the dashboard's bundle carries.
    const firstViz = new Map<number, number>();
    vizOf.forEach((v, i) => firstViz.set(v.query, firstViz.get(v.query) ?? vizIds[i]!));
    bareWidgets = vizOf.map((v, i) => ({
      widget: `v:${vizIds[i]}`,
      url: `/api/v1/dashboards/${dashboard.dashboard_id}/visualizations/${firstViz.get(v.query)}/results?limit=10000`,
      type: v.viz.type,
      options: { name: v.viz.name, ...v.viz.options },
    }));
    const bareUrl = `${base}/bare/dashboard`;

    // Debian's chromium when installed (as the e2e tests), else Playwright's own browser.
    const executablePath = fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
    browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
    /** Waits until every visualization widget shows its content (dashboard-paint.ts). */
    const painted = (page: import('@playwright/test').Page, by: 'any' | 'app') =>
      page.waitForFunction(
        widgetsPainted,
        { count: vizIds.length, by },
        { timeout: 30_000, polling: 'raf' },
      );
    /** Opens the page: the time until every widget is painted, and until the app painted them. */
    async function paint(reload: boolean, page: import('@playwright/test').Page, url = pageUrl) {
      const start = performance.now();
      const res = reload
        ? await page.reload({ waitUntil: 'commit' })
        : await page.goto(url, { waitUntil: 'commit' });
      await painted(page, 'any');
      const any = performance.now() - start;
      // The same moment by the page's own clock (its init script: paintClockScript).
      const clock = await page.waitForFunction(
        (at) => (window as unknown as Record<string, number | undefined>)[at],
        PAINTED_AT,
      );
      const anyInPage = (await clock.jsonValue()) as number;
      await painted(page, 'app');
      const app = performance.now() - start;
      // Whether the page's HTML carried the server's first paint (it has a time budget).
      const served = !!(await res?.text())?.includes('data-first-paint');
      return { any, anyInPage, app, served };
    }
    /** What each visualization widget shows (to explain a timeout). */
    const describe = (page: import('@playwright/test').Page) =>
      page.evaluate(() =>
        [...document.querySelectorAll('[data-widget^="v:"]')].map(
          (w) => `${w.getAttribute('data-widget')}: ${(w as HTMLElement).innerText.slice(0, 80)}`,
        ),
      );

    // The server draws a dashboard's first paint once per result and caches it; a page waits
    // for it at most 300 ms. Drawn here first, as the first visitor's page would start it.
    const drawStart = performance.now();
    const drawn = await t.deps.firstPaint.html(
      readDashboardView(t.deps, 'benchboard', dashboard.slug, null),
      ['light', 'dark'],
      120_000,
    );
    const drawMs = performance.now() - drawStart;
    const cold: number[] = [];
    const coldApp: number[] = [];
    /** Cold opens whose page came with the server's first paint (it has a time budget). */
    let servedPaints = 0;
    const warm: number[] = [];
    const bareCold: number[] = [];
    /** The same cold opens, by the page's own clock (from navigation start). */
    const coldInPage: number[] = [];
    const bareInPage: number[] = [];
    /** The API requests of each cold open. */
    const requests: number[] = [];
    for (let i = 0; i < RUNS + 1; i++) {
      const clock = { content: paintClockScript({ count: vizIds.length, by: 'any' }) };
      const context = await browser.newContext();
      await context.addInitScript(clock);
      const page = await context.newPage();
      const seen: string[] = [];
      // Requests for the dashboard's data (the session check, /auth/me, is not one).
      page.on('request', (r) => {
        if (r.url().includes('/api/v1/') && !r.url().includes('/api/v1/auth/')) seen.push(r.url());
      });
      if (process.env.BENCH_TRACE && i === 1) {
        await page.addInitScript(() => {
          const w = window as unknown as { longTasks: string[] };
          w.longTasks = [];
          new PerformanceObserver((l) => {
            for (const e of l.getEntries())
              w.longTasks.push(`${e.startTime.toFixed(0)}+${e.duration.toFixed(0)}`);
          }).observe({ type: 'longtask', buffered: true });
        });
        const t0 = performance.now();
        page.on('requestfinished', (r) => {
          const u = new URL(r.url());
          console.log(
            `${(performance.now() - t0).toFixed(0).padStart(6)} ms  ${u.pathname.slice(0, 70)}${u.search.slice(0, 50)}`,
          );
        });
      }
      const c = await paint(false, page).catch(async (err: unknown) => {
        console.error('Widgets when the wait ended:', await describe(page));
        throw err;
      });
      requests.push(seen.length);
      if (process.env.BENCH_TRACE && i === 1) console.log(await navigationTimes(page));
      const w = await paint(true, page);
      await context.close();
      // The bare page, cold, in a fresh context of its own.
      const bareContext = await browser.newContext();
      await bareContext.addInitScript(clock);
      const b = await paint(false, await bareContext.newPage(), bareUrl);
      await bareContext.close();
      if (i > 0) {
        // the first open warms the server's caches and the OS page cache
        cold.push(c.any);
        coldInPage.push(c.anyInPage);
        bareInPage.push(b.anyInPage);
        if (c.served) servedPaints++;
        coldApp.push(c.app);
        warm.push(w.any);
        bareCold.push(b.any);
      }
    }

    // The API call that gives the page its data, made directly and anonymously.
    const bundleUrl = `${base}/api/v1/dashboards/by-slug/benchboard/${dashboard.slug}/bundle`;
    const direct: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      await fetch(bundleUrl).then((r) => r.json());
      direct.push(performance.now() - start);
    }

    const d = median(direct);
    const plain = median(bareCold);
    // The goal is read by each page's own clock: the frame that showed every widget. Playwright's
    // poll sees that frame only once the page's main thread is free, which on Strata's page is
    // after the app's modules have run (one long task once the HTML is parsed), up to ~500 ms
    // after the server's paint was on screen.
    const strata = median(coldInPage);
    const bareInPageMs = median(bareInPage);
    const ratio = strata / bareInPageMs;
    const met = ratio <= GOAL_RATIO && strata < GOAL_MS;
    console.log(
      `\nDashboard of ${vizIds.length} widgets, ${RUNS} runs (API requests for its data per cold open: ${Math.max(...requests)}):`,
    );
    console.log(`  direct API call (bundle):       ${ms(d)}`);
    console.log(
      `  bare page, cold open:           ${ms(bareInPageMs)} by its clock (${ms(plain)} as Playwright's poll saw it)`,
    );
    console.log(
      `  cold open to all painted:       ${ms(strata)}  ${ratio.toFixed(2)}x the bare page (goal ≤ ${GOAL_RATIO}x and < ${GOAL_MS} ms ${met ? 'met' : 'NOT met'}; by the page's clock: from navigation start to the frame that showed every widget)`,
    );
    console.log(
      `  the same, as Playwright's poll saw it: ${ms(median(cold))}  ${(median(cold) / plain).toFixed(2)}x the bare page (it looks when the page's main thread is free)`,
    );
    console.log(
      `  server's first paint:           drawn in ${ms(drawMs)} once per result (${drawn ? `${(drawn.length / 1024).toFixed(0)} KB` : 'not drawn'}); in ${servedPaints} of ${RUNS} cold opens`,
    );
    console.log(
      `  cold open to the app's charts:  ${ms(median(coldApp))}  (${(median(coldApp) / plain).toFixed(2)}x the bare page; the server's first paint is shown until then)`,
    );
    console.log(
      `  warm reload to all painted:     ${ms(median(warm))}  (${(median(warm) / plain).toFixed(2)}x the bare page)`,
    );
  } finally {
    await browser?.close();
    await new Promise<void>((r) => httpServer.close(() => r()));
    await t.close();
  }
}

/** When the page's HTML arrived, was parsed and first painted, from navigation start (BENCH_TRACE). */
const navigationTimes = (page: import('@playwright/test').Page) =>
  page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const paints = performance
      .getEntriesByType('paint')
      .map((p) => `${p.name} ${p.startTime.toFixed(0)}`);
    const css = performance
      .getEntriesByType('resource')
      .filter((r) => r.name.endsWith('.css'))
      .map((e) => {
        const r = e as PerformanceResourceTiming;
        const at = [r.startTime, r.requestStart, r.responseStart, r.responseEnd];
        return `${r.name.split('/').pop()} ${at.map((n) => n.toFixed(0)).join('/')}`;
      });
    const long = (window as unknown as { longTasks?: string[] }).longTasks ?? [];
    return `html ${nav.responseStart.toFixed(0)}-${nav.responseEnd.toFixed(0)} (${nav.transferSize} B), dom interactive ${nav.domInteractive.toFixed(0)}, ${paints.join(', ')}, css ${css.join(', ')}, long tasks ${long.join(' ')}`;
  });

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
