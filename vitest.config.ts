import { defineConfig } from 'vitest/config';

// Unit and integration tests (engine, host services, CLI). The UI flows are Playwright specs in e2e/.
export default defineConfig({
  test: {
    include: ['shared/**/*.test.ts', 'electron/**/*.test.ts', 'cli/**/*.test.ts', 'tests/**/*.test.ts', 'renderer/**/*.test.{ts,tsx}'],
    exclude: ['node_modules/**', 'e2e/**', 'dist*/**'],
    environment: 'node',
    testTimeout: 20000,
    pool: 'forks',
    // Vitest's default is one worker per core less one: a single one on a 2-core machine, which
    // leaves a core idle while a test waits on a child process or the disk.
    maxWorkers: 2,
  },
});
