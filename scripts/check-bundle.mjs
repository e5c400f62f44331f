// Bundle budgets (issue 3): what the sign-in page and the query-list page each load before they
// render must stay at most 250 KB gzipped, and must not contain Monaco or ECharts (they load
// only where used). The embed pages (issue 16, their own entry embed.html) load one chart:
// with its renderer (ECharts) at most EMBED_BUDGET_BYTES, and nothing of the editor, the
// pipelines' graph, the router or the app shell. The app's public dashboard page is printed
// beside it for comparison.
// Reads the Vite manifest and source maps of a finished `vite build` (the folder given, default
// dist/); exits 1 when over budget.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const DIST = process.argv[2] ?? 'dist';
const BUDGET_BYTES = 250 * 1024;
const EMBED_BUDGET_BYTES = 420 * 1024;
/** The chart renderer, loaded by every page that draws a chart (lazily, at once). */
const RENDERER = 'src/components/viz/visualization-view.tsx';
/** Each page: its entry, the route files on its path (the router splits each into chunks). */
const PAGES = {
  'sign-in': { entry: 'index.html', routes: ['src/routes/sign-in.tsx'] },
  'query list': {
    entry: 'index.html',
    routes: ['src/routes/_app.tsx', 'src/routes/_app/queries/index.tsx'],
  },
  'public dashboard (for comparison)': {
    entry: 'index.html',
    routes: ['src/routes/$owner/$slug.tsx'],
    modules: [RENDERER],
    report: true,
  },
  embed: { entry: 'embed.html', routes: [], modules: [RENDERER], budget: EMBED_BUDGET_BYTES },
};
const NO_CHARTS = [
  /node_modules\/monaco-editor\//,
  /node_modules\/echarts\//,
  /node_modules\/zrender\//,
];
const EMBED_FORBIDDEN = [
  /node_modules\/monaco-editor\//,
  /node_modules\/@monaco-editor\//,
  /node_modules\/sql-formatter\//,
  /node_modules\/@dagrejs\//,
  /node_modules\/@xyflow\//,
  /node_modules\/@mantine\/dates\//,
  /node_modules\/@tanstack\/react-router\//,
  /node_modules\/@tanstack\/history\//,
  /src\/features\/editor\//,
  /src\/app\/shell/,
];
const forbiddenOf = (page, spec) =>
  spec.report ? [] : page === 'embed' ? EMBED_FORBIDDEN : NO_CHARTS;

const manifest = JSON.parse(fs.readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8'));
const byKey = new Map(Object.entries(manifest));

/** Chunks loaded before a page can render: a chunk and its static imports, recursively. */
function closure(keys) {
  const seen = new Set();
  const walk = (key) => {
    if (seen.has(key)) return;
    const chunk = byKey.get(key);
    if (!chunk) throw new Error(`manifest has no chunk ${key}`);
    seen.add(key);
    for (const dep of chunk.imports ?? []) walk(dep);
  };
  keys.forEach(walk);
  return seen;
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const problems = [];
const gzipped = new Map();

for (const [page, spec] of Object.entries(PAGES)) {
  // The router splits each route file into chunks whose manifest keys start with its path.
  const pageChunks = spec.routes.flatMap((route) => {
    const keys = [...byKey.keys()].filter((k) => k === route || k.startsWith(`${route}?`));
    if (keys.length === 0) throw new Error(`no chunk for ${route}: is the route still there?`);
    return keys;
  });
  const files = new Set();
  for (const key of closure([spec.entry, ...pageChunks, ...(spec.modules ?? [])])) {
    const chunk = byKey.get(key);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
  }
  let total = 0;
  let js = 0;
  for (const file of files) {
    const full = path.join(DIST, file);
    if (!gzipped.has(file))
      gzipped.set(file, zlib.gzipSync(fs.readFileSync(full), { level: 9 }).length);
    total += gzipped.get(file);
    if (!file.endsWith('.js')) continue;
    js += gzipped.get(file);
    if (!fs.existsSync(`${full}.map`)) continue; // generated runtime helpers have no sources
    const map = JSON.parse(fs.readFileSync(`${full}.map`, 'utf8'));
    for (const source of map.sources) {
      if (forbiddenOf(page, spec).some((re) => re.test(source)))
        problems.push(`${page}: ${file} contains ${source}`);
    }
  }
  const budget = spec.budget ?? BUDGET_BYTES;
  console.log(
    `${page} page: ${files.size} files, ${kb(total)} gzipped (JS ${kb(js)})` +
      (spec.report ? '' : ` (budget ${kb(budget)})`),
  );
  if (!spec.report && total > budget)
    problems.push(`${page} page is over budget by ${kb(total - budget)}`);
}
if (problems.length > 0) {
  console.error(`bundle check failed:\n  ${[...new Set(problems)].slice(0, 20).join('\n  ')}`);
  process.exit(1);
}
