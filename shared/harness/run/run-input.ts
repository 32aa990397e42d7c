import type { InstructionFs } from '../../stack/instruction-fs.js';
import { normalizePath } from '../../stack/path.js';
import type { HarnessContext, HarnessOs } from '../context.js';
import type { RunBudget } from './budget.js';

/** What every loader gets: the context with its paths normalised, and the filesystem to read. */
export interface RunInput {
  fs: InstructionFs;
  cwd: string;
  home: string;
  os: HarnessOs;
  env: Readonly<Record<string, string>>;
  settings: Readonly<Record<string, unknown>>;
  reads: readonly string[];
  /** YYYY-MM-DD, for agents that write the date next to the instructions. */
  today: string;
  /** What the run may still spend on imports, time and walks. */
  budget: RunBudget;
}

export function runInputOf(context: HarnessContext, fs: InstructionFs, today: string, budget: RunBudget): RunInput {
  return {
    budget,
    fs,
    cwd: normalizePath(context.cwd),
    home: normalizePath(context.home),
    os: context.os,
    env: context.env,
    settings: context.settings,
    reads: context.reads.map(normalizePath),
    today,
  };
}

/** An environment variable that is set and not empty. */
export function envValue(input: RunInput, name: string): string | undefined {
  const v = input.env[name];
  return v === undefined || v === '' ? undefined : v;
}
