import fs from 'node:fs';
import { defineConfig, devices, type LaunchOptions } from '@playwright/test';

const CI = !!process.env.CI;
// E2E_PORT and E2E_DIST let two suites run side by side on one machine (each with its own
// server, data folder and built app); CI uses the defaults.
const PORT = Number(process.env.E2E_PORT ?? 8181);
const STATIC_DIR = process.env.E2E_DIST ?? 'dist';
const BASE_URL = `http://127.0.0.1:${PORT}`;

/**
 * Playwright cannot download its own browser on our machines, so it drives Debian's chromium
 * (`apt-get install chromium`, done by .ci/run). A developer without it falls back to the
 * browser Playwright downloaded (`npx playwright install chromium`).
 */
const DEBIAN_CHROMIUM = '/usr/bin/chromium';
const launchOptions: LaunchOptions = fs.existsSync(DEBIAN_CHROMIUM)
  ? {
      executablePath: DEBIAN_CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    }
  : {};

export default defineConfig({
  testDir: 'e2e',
  outputDir: PORT === 8181 ? 'test-results' : `.tmp/test-results-${PORT}`,
  forbidOnly: CI,
  retries: 0,
  workers: CI ? 1 : undefined,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    [
      'html',
      {
        open: 'never',
        outputFolder: PORT === 8181 ? 'playwright-report' : `.tmp/playwright-report-${PORT}`,
      },
    ],
  ],
  use: {
    baseURL: BASE_URL,
    headless: true,
    screenshot: 'only-on-failure',
    // Recording a trace (DOM snapshots and a screencast of every action) cost a quarter of the
    // suite's time, in Chromium's browser and GPU processes, for every test that then passed; CI
    // keeps only its log, so it records none. Locally a failing test keeps its trace.
    trace: CI ? 'off' : 'retain-on-failure',
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions } }],
  webServer: {
    // Deletes DATA_DIR, then runs server/main.ts through tsx; the SPA is served from dist/
    // (npm run test:e2e builds it first). Demo data is generated on this first start.
    command: 'node e2e/support/start-server.mjs',
    url: `${BASE_URL}/api/health`,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      // Link previews name URLs from PUBLIC_URL only, never from the request's Host.
      PUBLIC_URL: BASE_URL,
      DATA_DIR: PORT === 8181 ? '.tmp/e2e-data' : `.tmp/e2e-data-${PORT}`,
      STATIC_DIR,
      DEMO_SCALE: '0.02',
      LOG_LEVEL: 'warn',
      // Alert webhooks reach a receiver on loopback in the e2e process (e2e/alerts.spec.ts).
      ALERT_ALLOW_PRIVATE_WEBHOOKS: 'true',
    },
    reuseExistingServer: !CI,
    timeout: 120_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
