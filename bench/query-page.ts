/**
 * npm run bench (part 4): the query page, opened cold (a fresh browser context: nothing cached)
 * in Chromium, timed from the moment its data arrives (the response to GET /api/v1/query/{id})
 * to the query's SQL being on screen: first as text (the highlighted read-only view, or Monaco if
 * it is ready first), then in Monaco. The goal is the SQL within 1 s of the data. The server runs
 * in its own process (server/main.ts, as `npm start`), the browser in its own; this process only
 * drives them. Prints medians, how many runs met the goal, and the page's chunk sizes.
 *
 * BENCH_RUNS (default 7) sets the number of timed runs; BENCH_DIST (default dist) the built app.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const DIST = path.resolve(process.env.BENCH_DIST ?? 'dist');
const GOAL_MS = 1000;
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** The query's first line; the page counts as showing the SQL once this text is on screen. */
const MARKER = 'SELECT block_time, token_pair, amount_usd';
const SQL = `${MARKER}\nFROM dex.trades\nWHERE block_time > now() - INTERVAL '{{days}}' DAY\nORDER BY amount_usd DESC\nLIMIT 100`;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (n: number) => `${n.toFixed(0).padStart(5)} ms`;
const kb = (n: number) => `${(n / 1024).toFixed(1).padStart(7)} KB`;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** server/main.ts in a child process over a fresh DATA_DIR (no demo data: the page needs none). */
async function startServer(port: number, dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: DIST,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
    },
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error('the server did not start in 120 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { base, stop };
}

type Timing = { data: number; sql: number; monaco: number };

/**
 * Records, in the page, when the SQL first shows in the editor's box and when Monaco shows it.
 * A string, not a function: tsx would add helpers to a function that the page does not have.
 */
const recordSqlShown = (marker: string) => `
  (() => {
    const marker = ${JSON.stringify(marker)};
    const b = (window.__bench = {});
    const text = (el) => ((el && el.textContent) || '').replace(/\u00a0/g, ' ');
    const check = () => {
      const box = document.querySelector('[data-testid="sql-editor"]');
      if (!box) return;
      const now = performance.now();
      if (b.sql === undefined && text(box).includes(marker)) b.sql = now;
      if (b.monaco === undefined && text(box.querySelector('.monaco-editor .view-lines')).includes(marker))
        b.monaco = now;
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
    b.long = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) b.long.push([Math.round(e.startTime), Math.round(e.duration)]);
    }).observe({ type: 'longtask', buffered: true });
  })();
`;

/** The page's chunks from the Vite manifest: what loads before it renders, and Monaco's. */
function chunkSizes() {
  const manifestFile = path.join(DIST, '.vite/manifest.json');
  if (!fs.existsSync(manifestFile)) return null;
  type Chunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>;
  const gz = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(DIST, file))).length;
  const raw = (file: string) => fs.statSync(path.join(DIST, file)).size;
  const closure = (keys: string[], skip = new Set<string>()) => {
    const seen = new Set<string>();
    const walk = (key: string) => {
      if (seen.has(key) || skip.has(key) || !manifest[key]) return;
      seen.add(key);
      manifest[key].imports?.forEach(walk);
    };
    keys.forEach(walk);
    return seen;
  };
  const files = (keys: Set<string>) => [
    ...new Set([...keys].flatMap((k) => [manifest[k]!.file, ...(manifest[k]!.css ?? [])])),
  ];
  // The app's entry (embed.html is another one, of the embed pages).
  const entry = ['index.html'];
  const route = Object.keys(manifest).filter(
    (k) =>
      k.startsWith('src/routes/_app.tsx') || k.startsWith('src/routes/_app/queries/$queryId.tsx'),
  );
  const page = closure([...entry, ...route]);
  const editor = closure(['src/features/editor/monaco-sql-editor.tsx'], page);
  const worker = fs
    .readdirSync(path.join(DIST, 'assets'))
    .filter((f) => /^editor\.worker-.*\.js$/.test(f));
  const onDemand = ['src/features/editor/format-sql.ts']
    .filter((k) => manifest[k])
    .map((k) => manifest[k]!.file);
  const group = (label: string, list: string[]) => ({
    label,
    files: list.length,
    raw: list.reduce((n, f) => n + raw(f), 0),
    gz: list.reduce((n, f) => n + gz(f), 0),
  });
  return [
    group('before the page renders (entry, layout, query route)', files(page)),
    group('the editor (Monaco, its SQL grammar, CSS)', files(editor)),
    group(
      'the editor worker',
      worker.map((f) => `assets/${f}`),
    ),
    group('on first Format (sql-formatter)', onDemand),
  ];
}

async function main() {
  if (!fs.existsSync(path.join(DIST, 'index.html')))
    throw new Error(`no built app in ${DIST}: run npx vite build first`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-bench-query-page-'));
  const server = await startServer(await freePort(), dataDir);
  let browser: Browser | null = null;
  try {
    const executablePath = fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
    browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
    // A user and a query, made through the API as the browser (so its session cookie is kept).
    const setup = await browser.newContext({ baseURL: server.base });
    const signup = await setup.request.post('/api/v1/auth/signup', {
      data: { handle: 'benchpage', password: 'correct horse battery' },
    });
    if (!signup.ok()) throw new Error(`sign-up: ${signup.status()} ${await signup.text()}`);
    const created = await setup.request.post('/api/v1/query', {
      data: {
        name: 'Largest recent trades',
        query_sql: SQL,
        parameters: [{ key: 'days', type: 'number', value: '7' }],
      },
    });
    if (!created.ok()) throw new Error(`create: ${created.status()} ${await created.text()}`);
    const { query_id } = (await created.json()) as { query_id: number };
    const storageState = await setup.storageState();
    await setup.close();

    const timings: Timing[] = [];
    for (let i = 0; i < RUNS + 1; i++) {
      const context = await browser.newContext({ baseURL: server.base, storageState });
      const page = await context.newPage();
      await page.addInitScript({ content: recordSqlShown(MARKER) });
      await page.goto(`/queries/${query_id}`, { waitUntil: 'commit' });
      await page
        .waitForFunction(
          () =>
            (window as unknown as { __bench: { monaco?: number } }).__bench.monaco !== undefined,
          null,
          { timeout: 60_000 },
        )
        .catch(async (err: unknown) => {
          console.error(`The page when the wait ended (${page.url()}):`);
          console.error((await page.locator('body').innerText()).slice(0, 600));
          throw err;
        });
      const t = await page.evaluate((id) => {
        const b = (window as unknown as { __bench: { sql: number; monaco: number } }).__bench;
        const data = performance
          .getEntriesByType('resource')
          .find((e) => new URL(e.name).pathname === `/api/v1/query/${id}`) as
          PerformanceResourceTiming | undefined;
        return { data: data?.responseEnd ?? NaN, sql: b.sql, monaco: b.monaco };
      }, query_id);
      if (process.env.BENCH_TRACE && i === 1) {
        const trace = await page.evaluate(() =>
          performance.getEntriesByType('resource').map((e) => {
            const r = e as PerformanceResourceTiming;
            return `${r.startTime.toFixed(0).padStart(6)} → ${r.responseEnd.toFixed(0).padStart(6)} ms  ${new URL(r.name).pathname}`;
          }),
        );
        console.log(trace.join('\n'));
        console.log(
          await page.evaluate(() =>
            JSON.stringify((window as unknown as { __bench: object }).__bench),
          ),
        );
      }
      await context.close();
      // The first open warms the server and the OS page cache.
      if (i > 0) timings.push(t);
    }

    const afterData = (pick: (t: Timing) => number) => timings.map((t) => pick(t) - t.data);
    const sqlAfter = afterData((t) => t.sql);
    const monacoAfter = afterData((t) => t.monaco);
    const met = sqlAfter.filter((x) => x <= GOAL_MS).length;
    console.log(`\nQuery page, cold open, ${RUNS} runs (medians; times from navigation start):`);
    console.log(`  query data arrived:                 ${ms(median(timings.map((t) => t.data)))}`);
    console.log(`  SQL on screen:                      ${ms(median(timings.map((t) => t.sql)))}`);
    console.log(
      `  SQL in Monaco (editable):           ${ms(median(timings.map((t) => t.monaco)))}`,
    );
    console.log(
      `  SQL on screen after the data:       ${ms(median(sqlAfter))}  (goal ≤ ${GOAL_MS} ms in every run: ${met}/${RUNS}, ${met === RUNS ? 'met' : 'NOT met'})`,
    );
    console.log(
      `  Monaco after the data:              ${ms(median(monacoAfter))}  (${(median(monacoAfter) / Math.max(1, median(sqlAfter))).toFixed(1)}x the time to show the SQL)`,
    );
    const sizes = chunkSizes();
    if (sizes) {
      console.log(`\nQuery page chunks (${path.relative(process.cwd(), DIST) || '.'}):`);
      for (const g of sizes)
        console.log(
          `  ${g.label.padEnd(56)} ${String(g.files).padStart(3)} files ${kb(g.raw)} ${kb(g.gz)} gzipped`,
        );
    }
  } finally {
    await browser?.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
