import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './e2e/app-server.js';

/**
 * UI flows in real Chromium against the app in browser mode. Each test starts its own
 * server on a temp copy of variants/ (see e2e/fixtures.ts), so tests do not share state.
 * Needs `npm run build` first (dist/ and dist-lib/).
 */
const executablePath = chromiumPath();

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Two spec files at a time, in CI too: the specs wait for states, not for time, and passed
  // with two workers on a machine loaded ~10x over its two cores.
  workers: 2,
  retries: 0,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    browserName: 'chromium',
    viewport: { width: 1600, height: 1000 },
    launchOptions: { ...(executablePath ? { executablePath } : {}), args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
  },
});
