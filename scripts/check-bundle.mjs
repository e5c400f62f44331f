// Bundle budget (issue 3): what the sign-in page and the query-list page each load before they
// render must stay at most 250 KB gzipped, and must not contain Monaco or ECharts (they load
// only where used).
// Reads the Vite manifest and source maps of a finished `vite build`; exits 1 when over budget.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const DIST = process.argv[2] ?? 'dist';
const BUDGET_BYTES = 250 * 1024;
/** Each page: the route files on its path (the router splits each into chunks). */
const PAGES = {
  'sign-in': ['src/routes/sign-in.tsx'],
  'query list': ['src/routes/_app.tsx', 'src/routes/_app/queries/index.tsx'],
};
const FORBIDDEN = [
  /node_modules\/monaco-editor\//,
  /node_modules\/echarts\//,
  /node_modules\/zrender\//,
];

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

const entry = [...byKey].filter(([, c]) => c.isEntry).map(([k]) => k);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const problems = [];
const gzipped = new Map();

for (const [page, routes] of Object.entries(PAGES)) {
  // The router splits each route file into chunks whose manifest keys start with its path.
  const pageChunks = routes.flatMap((route) => {
    const keys = [...byKey.keys()].filter((k) => k === route || k.startsWith(`${route}?`));
    if (keys.length === 0) throw new Error(`no chunk for ${route}: is the route still there?`);
    return keys;
  });
  const files = new Set();
  for (const key of closure([...entry, ...pageChunks])) {
    const chunk = byKey.get(key);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
  }
  let total = 0;
  for (const file of files) {
    const full = path.join(DIST, file);
    if (!gzipped.has(file))
      gzipped.set(file, zlib.gzipSync(fs.readFileSync(full), { level: 9 }).length);
    total += gzipped.get(file);
    if (!file.endsWith('.js')) continue;
    if (!fs.existsSync(`${full}.map`)) continue; // generated runtime helpers have no sources
    const map = JSON.parse(fs.readFileSync(`${full}.map`, 'utf8'));
    for (const source of map.sources) {
      if (FORBIDDEN.some((re) => re.test(source)))
        problems.push(`${page}: ${file} contains ${source}`);
    }
  }
  console.log(
    `${page} page: ${files.size} files, ${kb(total)} gzipped (budget ${kb(BUDGET_BYTES)})`,
  );
  if (total > BUDGET_BYTES)
    problems.push(`${page} page is over budget by ${kb(total - BUDGET_BYTES)}`);
}
if (problems.length > 0) {
  console.error(`bundle check failed:\n  ${[...new Set(problems)].slice(0, 20).join('\n  ')}`);
  process.exit(1);
}
