import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';
import { postgresBinDir } from './server/test/postgres-bin.js';

const apiPort = process.env.API_PORT ?? '8080';

/**
 * The API tests that run a second time with the metadata store in PostgreSQL (project
 * `postgres`): together they go through every repository (accounts, keys, sessions, queries and
 * versions, executions, visualizations, dashboards, materialized views, pipelines, alerts, the lake and
 * catalog search, usage and storage, rate limits and sign-in throttling, which count in the
 * store there); server/**\/*.pg.test.ts test the store itself (migrations, DATABASE_URL, dataset
 * syncs, the admin CLI, limits shared by two nodes) there.
 */
const POSTGRES_SUITE = [
  'server/**/*.pg.test.ts',
  'server/http/auth.api.test.ts',
  'server/http/keys.api.test.ts',
  'server/http/teams.api.test.ts',
  'server/http/queries.api.test.ts',
  'server/http/executions.api.test.ts',
  'server/http/visualizations.api.test.ts',
  'server/http/dashboards.api.test.ts',
  'server/http/matviews.api.test.ts',
  'server/http/pipelines.api.test.ts',
  'server/http/datasets.api.test.ts',
  'server/http/usage.api.test.ts',
  'server/http/storage.api.test.ts',
  'server/http/rate-limit.api.test.ts',
  'server/http/uploads-insert.api.test.ts',
  'server/http/alerts.api.test.ts',
  'server/http/alerts-input.api.test.ts',
  'server/http/alerts-delivery.api.test.ts',
  'server/http/alerts-schedule.api.test.ts',
  'server/http/alerts-history-condition.api.test.ts',
  'server/http/schedules.api.test.ts',
  'server/http/schedules-runs.api.test.ts',
  'server/http/schedules-dashboard.api.test.ts',
  'server/http/schedules-history.api.test.ts',
  'server/schedules/restart.api.test.ts',
  'server/executions/run-saved.api.test.ts',
  'server/http/results-downloads.api.test.ts',
  'server/http/parameters-varbinary.api.test.ts',
  'server/executions/query-references.api.test.ts',
  'server/pipelines/lineage-references.api.test.ts',
  'server/executions/result-age.api.test.ts',
];

/** The postgres project needs PostgreSQL's binaries (Debian: apt-get install postgresql). */
const postgresBin = process.env.VITEST ? postgresBinDir() : undefined;
if (process.env.VITEST && !postgresBin)
  console.warn(
    'PostgreSQL is not installed (no pg_ctl in /usr/lib/postgresql/*/bin or on PATH): ' +
      'the `postgres` test project is skipped. Install it (apt-get install postgresql) to run it.',
  );

/**
 * In development, the embed pages (/embed/...) are embed.html, as the server answers them in
 * production (server/http/embed-page.ts); Vite's fallback would give index.html.
 */
const embedPages: Plugin = {
  name: 'strata-embed-pages',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      // The page reads its path and search from the browser's location, which stays as it was.
      if (req.url?.startsWith('/embed/')) req.url = '/embed.html';
      next();
    });
  },
};

/** Libraries of the embed pages (src/embed), which the app's pages share with them. */
const EMBED_LIBRARIES =
  /node_modules\/(react|react-dom|scheduler|@mantine\/(core|hooks)|@tanstack\/(query-core|react-query)|clsx|@tabler\/icons-react\/dist\/esm\/[a-zA-Z]+\.mjs)/;

export default defineConfig({
  // The router plugin reads tsr.config.json (routes in src/routes, tree in src/routeTree.gen.ts).
  plugins: [
    tanstackRouter({ target: 'react' }),
    react(),
    embedPages,
    // Each script, stylesheet and SVG also as .br and .gz beside it, which the server sends
    // as they are (server/app.ts): compressing on every request cost its CPU on every page load.
    compression({
      include: /\.(js|css|svg)$/,
      threshold: 1024,
      algorithms: ['brotliCompress', 'gzip'],
      skipIfLargerOrEqual: true,
      logLevel: 'silent',
    }),
  ],
  server: {
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    // Two chunks pass Vite's 500 kB warning on purpose: Monaco (about 3.5 MB) and ECharts (about
    // 0.6 MB), each loaded only by a page that edits SQL or draws a chart. What every page loads
    // is held to its budget by scripts/check-bundle.mjs (250 KB gzipped), so the warning, which
    // every first start printed, says nothing here.
    chunkSizeWarningLimit: 4096,
    rolldownOptions: {
      // The app, and the embed pages' own light entry (no router, editor or app shell).
      input: { index: 'index.html', embed: 'embed.html' },
      output: {
        // Library code that most pages share (React, the router, React Query, Mantine's core)
        // goes in one chunk instead of dozens of small ones: each page then downloads fewer,
        // better-compressed files (scripts/check-bundle.mjs measures it). Code used by a few
        // pages only, such as Monaco, ECharts and the grid layout, stays in its own chunks.
        // What the embed pages use too (React, Mantine, React Query) is a chunk of its own,
        // so an embed does not download the router and the rest of the app's libraries; the
        // app's group takes only its own modules (their dependencies, such as the icons' base
        // component, stay where the embed finds them).
        codeSplitting: {
          groups: [
            { name: 'shared', test: EMBED_LIBRARIES, minShareCount: 10, priority: 2 },
            {
              name: 'shared-app',
              test: /node_modules/,
              minShareCount: 10,
              priority: 1,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  test: {
    // Two test files at a time even on 2 cores (Vitest's default there is one): API tests mostly
    // wait for DuckDB, PostgreSQL and HTTP, so the second file fills the idle core; every wait
    // in them is for a state, with timeouts made for a loaded machine.
    maxWorkers: 2,
    // The unit, API and PostgreSQL files share their worker's modules (`isolate: false`): each
    // file importing the whole server afresh was most of their time (API project: 193 s with
    // isolation, 93 s without). Their state lives in each test's own server and data folder;
    // the component files keep isolation (they mock modules).
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'server/**/*.test.ts',
            'contract/**/*.test.ts',
            'shared/**/*.test.ts',
            'src/**/*.test.ts',
          ],
          exclude: ['server/**/*.api.test.ts', 'server/**/*.pg.test.ts'],
          environment: 'node',
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'component',
          include: ['src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
          // jsdom rendering is CPU-bound: beside another test file on 2 cores it needs patience.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['server/**/*.api.test.ts'],
          environment: 'node',
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(postgresBin
        ? [
            {
              extends: true as const,
              test: {
                name: 'postgres',
                include: POSTGRES_SUITE,
                environment: 'node',
                env: { STRATA_TEST_STORE: 'postgres' },
                isolate: false,
                globalSetup: ['server/test/postgres-setup.ts'],
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
