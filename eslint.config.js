import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import pluginQuery from '@tanstack/eslint-plugin-query';
import pluginRouter from '@tanstack/eslint-plugin-router';

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
  ...pluginQuery.configs['flat/recommended'],
  ...pluginRouter.configs['flat/recommended'],
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**'],
              allowTypeImports: true,
              message: 'src/ imports only types from server/',
            },
            {
              group: ['zod', 'zod/*', '@hono/zod-openapi', '**/contract/**'],
              allowTypeImports: true,
              message:
                'the app imports only types from zod and contract/ (search params: lib/search-params)',
            },
          ],
        },
      ],
    },
  },
  {
    // Features never import each other; routes and app/ compose them.
    files: ['src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**'], allowTypeImports: true, message: 'types only from server/' },
            {
              group: ['zod', 'zod/*', '@hono/zod-openapi', '**/contract/**'],
              allowTypeImports: true,
              message:
                'the app imports only types from zod and contract/ (search params: lib/search-params)',
            },
            {
              group: ['**/features/**', '**/app/**', '**/routes/**'],
              message: 'a feature imports only lib/, components/ and itself',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/lib/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**'], allowTypeImports: true, message: 'types only from server/' },
            {
              group: ['zod', 'zod/*', '@hono/zod-openapi', '**/contract/**'],
              allowTypeImports: true,
              message:
                'the app imports only types from zod and contract/ (search params: lib/search-params)',
            },
            {
              group: ['**/features/**', '**/app/**', '**/routes/**'],
              message: 'lib/ and components/ import no feature, app or route',
            },
          ],
        },
      ],
    },
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
);
