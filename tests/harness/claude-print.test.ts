import { describe, expect, it } from 'vitest';
import { parseHarnessContext, runHarness, type HarnessProfile } from '../../shared/harness/index.js';
import { builtinHarnesses } from './conformance-cases.js';

// Claude Code under `claude -p` (shared/docs/harnesses/claude-code.md, Placement; observed with
// 2.1.328 and 2.1.332): the memory block is the first text block of the first user message,
// there is no date block in that message, and the date ends the later system message.
const claude = builtinHarnesses().find((p) => p.id === 'claude-code') as HarnessProfile & { wrapper: string };
const context = parseHarnessContext({
  cwd: '/p',
  home: '/home/u',
  os: 'linux',
  env: { CLAUDE_CODE_DISABLE_AUTO_MEMORY: '1' },
  files: { '/p/CLAUDE.md': 'Use pnpm.\n' },
});

describe('Claude Code: the claude -p request', () => {
  it('is what the built-in profile reproduces, observed with 2.1.328 and 2.1.332', () => {
    expect(claude.wrapper).toBe('print');
    expect(claude.observedWith).toEqual(['2.1.328', '2.1.332']);
  });

  it('puts the memory block first in the first user message, with no date block, and the date at the end of the later system message', async () => {
    const r = await runHarness(claude, context, { today: '2026-12-01' });
    const user = r.parts.filter((p) => p.placement === 'user');
    expect(user.map((p) => p.label)).toEqual(['memory']);
    expect(user[0]!.text.startsWith('<system-reminder>\nCodebase and user instructions are shown below.')).toBe(true);
    expect(user[0]!.text).not.toContain('2026-12-01');
    expect(r.facts.laterSystemMessageEnd).toBe("\n\nToday's date is 2026-12-01.");
  });

  it('the interactive wrapper (uncertain) keeps a date block of its own after the memory block', async () => {
    const r = await runHarness({ ...claude, wrapper: 'interactive' } as HarnessProfile, context, { today: '2026-12-01' });
    expect(r.parts.filter((p) => p.placement === 'user').map((p) => [p.label, p.files.length])).toEqual([
      ['memory', 1],
      ['date', 0],
    ]);
    expect(r.parts.find((p) => p.label === 'date')?.text).toBe("<system-reminder>\nToday's date is 2026-12-01.\n</system-reminder>");
    expect(r.facts.laterSystemMessageEnd).toBeUndefined();
  });
});
