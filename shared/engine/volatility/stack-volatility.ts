import type { StackBuildResult } from '../../stack/build.js';
import type { VolatileRange } from './volatile-range.js';

/** Environment placeholders whose value changes between sessions, and the field each stands for. */
const VOLATILE_SLOTS: Record<string, string> = {
  cwd: 'cwd',
  worktreeRoot: 'worktreeRoot',
  isGitRepo: 'isGitRepo',
  platform: 'machine.platform',
  date: 'date',
  isoDate: 'date',
  homeDir: 'machine.homeDir',
  configDir: 'machine.homeDir',
};

/**
 * The volatile ranges of an OpenCode-style stack: the environment block's session values
 * (working directory, worktree, git, platform, date, home), every instruction block (the
 * files found differ from folder to folder), the place instruction blocks go when there are
 * none, and the user's system text.
 */
export function stackVolatileRanges(result: Pick<StackBuildResult, 'system' | 'sections' | 'environment'>): VolatileRange[] {
  const ranges: VolatileRange[] = [];
  const text = result.system;
  const env = result.sections.find((s) => s.layer === 'environment');
  if (env) {
    for (const slot of result.environment.slots ?? []) {
      const field = VOLATILE_SLOTS[slot.name];
      if (field)
        ranges.push({
          start: env.start + slot.start,
          end: env.start + slot.end,
          fields: [field],
          origin: { kind: 'stack', layer: 'environment', label: `environment {{${slot.name}}}`, file: result.environment.file },
        });
    }
  }
  const instructions = result.sections.filter((s) => s.layer === 'instructions');
  // Where instruction blocks go: after the environment (or the prompt); a "\n" joins each part.
  const head = env ?? result.sections.find((s) => s.layer === 'provider-prompt' || s.layer === 'agent-prompt');
  const at = head ? head.end : 0;
  if (instructions.length === 0)
    ranges.push({
      start: at,
      end: Math.min(at + 1, text.length),
      fields: ['instructionFiles'],
      origin: { kind: 'stack', layer: 'instructions', label: 'instruction files' },
    });
  for (const s of instructions)
    ranges.push({
      start: Math.max(0, s.start - 1),
      end: s.end,
      fields: ['instructionFiles'],
      origin: { kind: 'stack', layer: 'instructions', label: s.label, file: s.source.path },
    });
  const user = result.sections.find((s) => s.layer === 'user-system');
  if (user)
    ranges.push({
      start: Math.max(0, user.start - 1),
      end: user.end,
      fields: ['userSystem'],
      origin: { kind: 'stack', layer: 'user-system', label: "the user's system text" },
    });
  return ranges.sort((a, b) => a.start - b.start || a.end - b.end);
}
