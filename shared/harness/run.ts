import { isNotGranted } from '../stack/confined-fs.js';
import type { InstructionFs, InstructionReadOptions } from '../stack/instruction-fs.js';
import { virtualInstructionFs } from '../stack/virtual-fs.js';
import { harnessTree, type HarnessContext } from './context.js';
import { runClaudeCode } from './loaders/claude-code.js';
import { clineClassicFields, runClineClassic, type ClineRuleFields } from './loaders/cline-classic.js';
import { runClineSdk } from './loaders/cline-sdk.js';
import { runCodex } from './loaders/codex.js';
import { runCopilot } from './loaders/copilot.js';
import { runGemini } from './loaders/gemini.js';
import { runOpencode } from './loaders/opencode.js';
import type { ClineClassicProfile } from './profile/cline-classic.js';
import type { HarnessProfile } from './profile/schema.js';
import type { HarnessResult } from './result.js';
import { RunBudget, type RunLimits } from './run/budget.js';
import { RunRecorder } from './run/recorder.js';
import { runInputOf } from './run/run-input.js';

/**
 * The harness engine: what an agent, as a profile describes it, would load from a context's
 * instruction files and where it would put them. Pure: the filesystem comes in (the context's
 * virtual tree by default, or the real disk from the host), and so does today's date.
 */

export interface HarnessRunOptions {
  /** Filesystem to read; default the context's virtual tree. */
  fs?: InstructionFs | undefined;
  /** With `fs` from contextFs (built once for several harnesses): what the tree could not place, reported as warnings. */
  treeProblems?: readonly string[] | undefined;
  /** YYYY-MM-DD for agents that write the date next to the instructions, when the context's settings name none. */
  today?: string | undefined;
  /** A clock in milliseconds (the host's); with it, a run also stops at the time budget. */
  clock?: (() => number) | undefined;
  /** The engine's budgets, where they differ from DEFAULT_RUN_LIMITS (tests, the CLI). */
  limits?: Partial<RunLimits> | undefined;
}

const DEFAULT_TODAY = '2026-01-01';

/** The filesystem of a context's virtual tree, and what in the tree could not be placed. */
export function contextFs(context: HarnessContext): { fs: InstructionFs; problems: readonly string[] } {
  const fs = virtualInstructionFs(harnessTree(context));
  return { fs, problems: fs.problems };
}

export async function runHarness(
  profile: HarnessProfile,
  context: HarnessContext,
  options: HarnessRunOptions = {},
): Promise<HarnessResult> {
  const rec = new RunRecorder();
  let fs = options.fs;
  let problems = options.treeProblems ?? [];
  if (fs === undefined) {
    const virtual = contextFs(context);
    problems = virtual.problems;
    fs = virtual.fs;
  }
  for (const p of problems) rec.warn('virtual-tree-problem', `file tree: ${p}`);
  const refused = new Map<string, string>();
  const budget = new RunBudget(rec, options.limits, options.clock);
  const input = runInputOf(context, noticeRefusals(fs, refused), options.today ?? DEFAULT_TODAY, budget);
  switch (profile.loader) {
    case 'codex':
      await runCodex(profile, input, rec);
      break;
    case 'gemini':
      await runGemini(profile, input, rec);
      break;
    case 'claude-code':
      await runClaudeCode(profile, input, rec);
      break;
    case 'cline-classic':
      await runClineClassic(profile, input, rec);
      break;
    case 'cline-sdk':
      await runClineSdk(profile, input, rec);
      break;
    case 'opencode':
      await runOpencode(profile, input, rec);
      break;
    case 'copilot':
      await runCopilot(profile, input, rec);
      break;
  }
  markRefusals(rec, refused);
  rec.truncated = budget.truncated;
  return rec.result(profile);
}

/**
 * A filesystem that remembers what a confined filesystem (the real disk in the app) refused:
 * the loaders treat a refusal as they treat any error (a walk goes on, a file is left out),
 * and the report then says why.
 */
function noticeRefusals(fs: InstructionFs, refused: Map<string, string>): InstructionFs {
  const watch =
    <A extends unknown[], R>(f: (...a: A) => Promise<R>) =>
    async (...a: A): Promise<R> => {
      try {
        return await f(...a);
      } catch (error) {
        if (isNotGranted(error) && typeof a[0] === 'string') refused.set(a[0], error instanceof Error ? error.message : 'not granted');
        throw error;
      }
    };
  return {
    stat: watch((p: string) => fs.stat(p)),
    readFile: watch((p: string, options?: InstructionReadOptions) => fs.readFile(p, options)),
    readdir: watch((p: string) => fs.readdir(p)),
    realpath: watch((p: string) => fs.realpath(p)),
    ...(fs.lstat ? { lstat: watch((p: string) => (fs.lstat as NonNullable<InstructionFs['lstat']>)(p)) } : {}),
  };
}

function markRefusals(rec: RunRecorder, refused: ReadonlyMap<string, string>): void {
  if (refused.size === 0) return;
  for (const f of rec.files) {
    const why = refused.get(f.path);
    if (why === undefined || f.status === 'loaded' || f.status === 'truncated' || f.status === 'not-looked-for') continue;
    f.status = 'not-granted';
    f.reason = why;
    f.placement = undefined;
  }
  const folders = [...refused.keys()];
  rec.facts.notGranted = `${folders.length} path${folders.length === 1 ? ' was' : 's were'} not read: outside what was granted`;
}

/** The rule-text fields of a Cline-style context, as the classic loader finds them. */
export async function clineRuleFieldsOf(
  profile: ClineClassicProfile,
  context: HarnessContext,
  options: HarnessRunOptions = {},
): Promise<{ fields: ClineRuleFields; result: HarnessResult }> {
  const rec = new RunRecorder();
  const fs = options.fs ?? contextFs(context).fs;
  const budget = new RunBudget(rec, options.limits, options.clock);
  const fields = await clineClassicFields(profile, runInputOf(context, fs, options.today ?? DEFAULT_TODAY, budget), rec);
  rec.truncated = budget.truncated;
  return { fields, result: rec.result(profile) };
}
