import { describe, expect, it } from 'vitest';
import { memoryFileSource } from '../../shared/domain/file-source.js';
import { buildWorkspaceVariant } from '../../shared/engine/build/build-from-workspace.js';
import { lintWorkspace, lintWorkspaceSteps, type LintPause } from '../../shared/engine/lint/lint-workspace.js';
import { loadWorkspace } from '../../shared/engine/workspace/load-workspace.js';
import { miniWorkspace } from '../host/support/fixtures.js';

/**
 * The check in steps says before it counts a build's tokens which text it counts, so the host
 * can count it first in slices (electron/host/channels/check-channels.ts): only for a variant
 * with budgets, or a prompt whose bytes could be over its model's window.
 */
describe('the check in steps', () => {
  it("names each build's text before counting it, and only when it counts it", () => {
    const files = miniWorkspace();
    files['variants/generic/variant.yaml'] += 'budgets:\n  total: 5\n';
    const ws = loadWorkspace(memoryFileSource(files));
    const buildOptions = { now: '2026-02-03', processCwd: '/proj' };
    const texts = ws.presets.map((p) => {
      const out = buildWorkspaceVariant(ws, 'generic', p.context, buildOptions);
      if (!out.ok) throw new Error(out.error);
      return out.result.text;
    });
    const counted: string[] = [];
    const said: string[] = [];
    const countTokens = (text: string): number => {
      // A build's whole text is counted right after the step that named it.
      if (texts.includes(text)) expect(said.at(-1)).toBe(text);
      counted.push(text);
      return Math.ceil(text.length / 4);
    };
    const steps = lintWorkspaceSteps(ws, { buildOptions, countTokens });
    let step: IteratorResult<LintPause, unknown>;
    for (step = steps.next(); !step.done; step = steps.next()) if (step.value) said.push(step.value.counts);
    // generic has budgets: its build under each preset is named; special's small prompts are not counted at all.
    expect(said).toEqual(texts);
    expect(new Set(counted)).toEqual(new Set(texts));
    // The steps give what the check in one go gives.
    expect(step.value).toEqual(lintWorkspace(ws, { buildOptions, countTokens }));
  });
});
