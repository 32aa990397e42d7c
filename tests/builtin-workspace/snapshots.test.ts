import { expect, it } from 'vitest';
import { runCli } from '../../cli/main.js';

/**
 * Prompt regression test of the built-in workspace: every variant x preset must render
 * exactly as stored in variants/snapshots/. After an intended change, review the diff this
 * prints and run `npx variant-studio snapshot --update`.
 */
it('every built-in variant x preset renders as its stored snapshot', async () => {
  let out = '';
  const code = await runCli(['snapshot'], { stdout: (t) => (out += t), stderr: (t) => (out += t), cwd: process.cwd() });
  expect(out).toBe('56 snapshot(s) match\n');
  expect(code).toBe(0);
});
