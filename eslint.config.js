import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import pluginQuery from '@tanstack/eslint-plugin-query';
import pluginRouter from '@tanstack/eslint-plugin-router';
import checkFile from 'eslint-plugin-check-file';
import importX from 'eslint-plugin-import-x';

/** A kebab-case name, or a TanStack Router file-route segment: `__root`, `_layout`, `$param`, `-private`. */
const ROUTE_SEGMENT =
  '@(__root|_+([a-z0-9])*(-+([a-z0-9]))|$+([a-z])*([a-zA-Z0-9])|?(-)+([a-z])*([a-z0-9])*(-+([a-z0-9])))';

/**
 * Folders of server/ below HTTP: services, repositories, the store, the engine, every folder but
 * http/ itself and test/ (the harness starts the app). Read from the tree, so a new folder is
 * covered the day it is made (server/lint-layers.test.ts checks it).
 */
const DOMAIN_FOLDERS = readdirSync('server', { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name !== 'http' && d.name !== 'test')
  .map((d) => `./server/${d.name}`);

/** Zones of import-x/no-restricted-paths inside server/ (paths from the repository root). */
const SERVER_ZONES = [
  {
    target: './server',
    from: ['./e2e', './bench'],
    message: 'the server imports no browser test or benchmark code',
  },
];

/** Each feature folder may import from src/features only its own files. */
const FEATURE_ZONES = readdirSync('src/features', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => ({
    target: `./src/features/${d.name}`,
    from: './src/features',
    except: [`./${d.name}`],
    message: 'a feature imports only lib/, components/ and itself',
  }));

/**
 * The app's import rule: types only from server/, zod and contract/ (but contract/rules/); with
 * `composed`, no feature, app or route. ESLint keeps one config of a rule per file, so each src/
 * block that adds a pattern states the whole list.
 */
function appImports(composed) {
  const patterns = [
    {
      group: ['**/server/**'],
      allowTypeImports: true,
      message: 'src/ imports only types from server/',
    },
    {
      group: [
        'zod',
        'zod/*',
        '@hono/zod-openapi',
        '**/contract/**',
        '!**/contract/rules',
        '!**/contract/rules/**',
      ],
      allowTypeImports: true,
      message:
        'the app imports only types from zod and contract/, except the plain rules of contract/rules/ (search params: lib/search-params)',
    },
  ];
  if (composed)
    patterns.push({ group: ['**/features/**', '**/app/**', '**/routes/**'], message: composed });
  return { 'no-restricted-imports': ['error', { patterns }] };
}

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'data',
      'scratch',
      'test-results',
      'playwright-report',
      '.tmp',
      'src/routeTree.gen.ts',
    ],
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/ban-ts-comment': [
        'error',
        { 'ts-expect-error': 'allow-with-description' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // Value import cycles (type-only imports are allowed: they vanish at run time).
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver': { typescript: { project: 'tsconfig.json' } },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Files and folders are kebab-case (TanStack Router's route files use its own prefixes).
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    ignores: ['src/routes/**'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '**/': 'KEBAB_CASE' }],
    },
  },
  {
    files: ['src/routes/**/*.{ts,tsx}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*': ROUTE_SEGMENT },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { 'src/routes/**/': ROUTE_SEGMENT }],
    },
  },
  ...pluginQuery.configs['flat/recommended'],
  ...pluginRouter.configs['flat/recommended'],
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, ...appImports() },
  },
  {
    // Features never import each other; routes and app/ compose them. The pattern catches
    // `../../app/x`; the zones catch a sibling reached as `../other/x`.
    files: ['src/features/**/*.{ts,tsx}'],
    rules: {
      ...appImports('a feature imports only lib/, components/ and itself'),
      'import-x/no-restricted-paths': ['error', { zones: FEATURE_ZONES }],
    },
  },
  {
    files: ['src/lib/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}'],
    rules: appImports('lib/ and components/ import no feature, app or route'),
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/src/**'], message: 'the server never imports src/' }] },
      ],
    },
  },
  {
    // A promise nobody awaits fails unseen or races what follows it (a test that signed in
    // before its user was written, on PostgreSQL): with types, for the server and its tests.
    files: ['server/**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  {
    // Layers inside server/. Type-only imports count too. One rule config per file: add zones here.
    files: ['server/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: SERVER_ZONES }] },
  },
  {
    // Production code: domain folders know nothing of HTTP; no test helpers.
    files: ['server/**/*.ts'],
    ignores: ['**/*.test.ts', 'server/test/**', '**/*-test-helpers.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...SERVER_ZONES,
            {
              target: DOMAIN_FOLDERS,
              from: './server/http',
              message:
                'domain code knows no HTTP: throw errors from server/errors.ts, take a Caller',
            },
            {
              target: './server',
              from: './server/test',
              message: 'production code imports no test helper',
            },
            {
              target: './server',
              from: '**/*-test-helpers.ts',
              message: 'production code imports no test helper',
            },
          ],
        },
      ],
    },
  },
  {
    // Browser tests drive the app through the page and the HTTP API only.
    files: ['e2e/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './e2e',
              from: ['./src', './server'],
              message: 'e2e reaches the app only through the browser',
            },
          ],
        },
      ],
    },
  },
  {
    // Code both the app and the server run (shared/viz: visualization options and rows to ECharts
    // options, counters, table columns): neither side's code, and only what the app may load.
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/src/**'],
              message: 'shared/ imports neither the server nor the app',
            },
            {
              group: [
                'zod',
                'zod/*',
                '**/contract/**',
                '!**/contract/rules',
                '!**/contract/rules/**',
              ],
              allowTypeImports: true,
              message:
                'shared/ runs in the app: only types from zod and contract/, but contract/rules/',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '**/src/**'], message: 'contract/ imports nothing internal' },
          ],
        },
      ],
    },
  },
  {
    // The rules are loaded by the app's first pages: plain TypeScript, no zod, nothing heavy.
    files: ['contract/rules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\./[^/]+$)',
              message: 'contract/rules/ imports only its own files (the app loads it at runtime)',
            },
          ],
        },
      ],
    },
  },
);
