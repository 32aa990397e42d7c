import { rmSync } from 'node:fs';
import { afterEach } from 'vitest';
import { runCli } from '../../../cli/main.js';
import { miniWorkspace, writeTempWorkspace } from '../../fixtures/temp-workspace.js';

/** Runs the CLI in-process and collects what it prints. */
export async function run(
  args: string[],
  cwd = process.cwd(),
  env?: NodeJS.ProcessEnv,
): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(args, { stdout: (t) => (out += t), stderr: (t) => (err += t), cwd, env });
  return { code, out, err };
}

/** Temporary mini workspaces (with extra files), removed after each test of the file that calls this. */
export function tempWorkspaces(): { workspace: (extra?: Record<string, string>) => string; dirs: string[] } {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  return {
    dirs,
    workspace(extra = {}) {
      const dir = writeTempWorkspace({ ...miniWorkspace(), ...extra });
      dirs.push(dir);
      return dir;
    },
  };
}
