import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const apiPort = process.env.API_PORT ?? '8080';

export default defineConfig({
  // The router plugin reads tsr.config.json (routes in src/routes, tree in src/routeTree.gen.ts).
  plugins: [tanstackRouter({ target: 'react' }), react()],
  server: {
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    rolldownOptions: {
      output: {
        // Library code that most pages share (React, the router, React Query, Mantine's core)
        // goes in one chunk instead of dozens of small ones: each page then downloads fewer,
        // better-compressed files (scripts/check-bundle.mjs measures it). Code used by a few
        // pages only, such as Monaco, ECharts and the grid layout, stays in its own chunks.
        codeSplitting: {
          groups: [{ name: 'shared', test: /node_modules/, minShareCount: 10 }],
        },
      },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'src/**/*.test.ts'],
          exclude: ['server/**/*.api.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'component',
          include: ['src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['server/**/*.api.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
