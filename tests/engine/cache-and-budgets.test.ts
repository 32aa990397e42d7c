import { describe, expect, it } from 'vitest';
import { memoryFileSource } from '../../shared/domain/file-source.js';
import { budgetUsage } from '../../shared/engine/budgets/token-budgets.js';
import { buildWorkspaceVariant } from '../../shared/engine/build/build-from-workspace.js';
import { formatFinding } from '../../shared/engine/lint/lint-finding.js';
import { lintWorkspace } from '../../shared/engine/lint/lint-workspace.js';
import { loadWorkspace } from '../../shared/engine/workspace/load-workspace.js';
import { cacheReport } from '../../shared/engine/volatility/cache-report.js';
import { miniWorkspace } from '../fixtures/temp-workspace.js';

const OPTIONS = { now: '2026-01-15', processCwd: '/tmp' };
/** One token per word: easy to count by hand. */
const words = (text: string): number => text.split(/\s+/).filter(Boolean).length;

function load(extra: Record<string, string | undefined> = {}) {
  const files = { ...miniWorkspace(), ...extra };
  for (const [k, v] of Object.entries(files)) if (v === undefined) delete files[k];
  return loadWorkspace(memoryFileSource(files as Record<string, string>));
}
const mini = miniWorkspace();
const withBudgets = (budgets: string) => ({ 'variants/generic/variant.yaml': `${mini['variants/generic/variant.yaml']!}${budgets}` });

describe('token budgets', () => {
  it('measure the prompt and each budgeted section against its limit', () => {
    const ws = load(withBudgets('budgets:\n  total: 20\n  sections:\n    TOOLBOX: 5\n    SYSTEM_INFO_SECTION: 100\n    NOT_USED: 3\n'));
    const generic = ws.variants.find((v) => v.id === 'generic')!;
    expect(generic.budgets).toEqual({ total: 20, sections: { TOOLBOX: 5, SYSTEM_INFO_SECTION: 100, NOT_USED: 3 } });
    const out = buildWorkspaceVariant(ws, 'generic', ws.presets.find((p) => p.name === 'base')!.context, OPTIONS);
    if (!out.ok) throw new Error(out.error);
    const usage = budgetUsage(generic.budgets, out.result, words);
    expect(usage.lines).toEqual([
      { id: 'total', used: words(out.result.text), limit: 20, over: true },
      { id: 'TOOLBOX', used: 17, limit: 5, over: true },
      { id: 'SYSTEM_INFO_SECTION', used: 6, limit: 100, over: false },
      { id: 'NOT_USED', used: 0, limit: 3, over: false },
    ]);
    expect(usage.exceeded.map((l) => l.id)).toEqual(['total', 'TOOLBOX']);
  });

  it('lint reports a finding at the budget line for every preset build over it (errors: CI fails)', () => {
    const ws = load(withBudgets('budgets:\n  total: 1000\n  sections:\n    TOOLBOX: 5\n'));
    const out = lintWorkspace(ws, { buildOptions: OPTIONS, countTokens: words })
      .filter((f) => f.code === 'BUDGET_EXCEEDED')
      .map(formatFinding);
    // The same finding under both presets is reported once, with the first preset.
    expect(out).toEqual([
      'variants/generic/variant.yaml:12:14: error BUDGET_EXCEEDED: TOOLBOX has 17 tokens, over its budget of 5 (by 12) [variant generic, preset base]',
    ]);
    // Without a token counter budgets are not checked.
    expect(lintWorkspace(ws, { buildOptions: OPTIONS }).some((f) => f.code === 'BUDGET_EXCEEDED')).toBe(false);
  });

  it('reject a budget that is not a positive whole number, naming the line', () => {
    const ws = load(withBudgets('budgets:\n  total: -3\n'));
    expect(ws.problems.map((p) => `${p.file}:${p.line}: ${p.path}`)).toEqual(['variants/generic/variant.yaml:10: budgets.total']);
  });
});

describe('cache lint', () => {
  const stableFirst = {
    // The working directory moves from the first section to the last line: everything before it is stable.
    'components/AGENT_ROLE_SECTION.md': 'You are a test agent.',
    'components/SYSTEM_INFO_SECTION.md': 'SYSTEM INFORMATION\n\nShell: {{SHELL}}\nHome: {{HOME_DIR}}\nFolder: {{CWD}}',
    'variants/generic/template.md':
      '{{AGENT_ROLE_SECTION}}\n\n====\n\n{{TOOLBOX}}\n\n{{GREETING}}\n\n====\n\n{{SYSTEM_INFO_SECTION}} on {{CURRENT_DATE}}\n',
  };

  it('stays quiet when nothing stable follows the first volatile byte', () => {
    const ws = load(stableFirst);
    const codes = lintWorkspace(ws, { buildOptions: OPTIONS }).filter((f) => f.code.startsWith('CACHE_') && f.variantId === 'generic');
    expect(codes.map(formatFinding)).toEqual([]);
    // The other variant still starts with its volatile role line: its finding names it.
    expect(
      lintWorkspace(load(), { buildOptions: OPTIONS })
        .filter((f) => f.code.startsWith('CACHE_'))
        .map((f) => f.variantId),
    ).toEqual(['generic']);
  });

  it('reports an edit that shortens the stable prefix, at the line that now comes first', () => {
    const before = load(stableFirst);
    const after = load({ ...stableFirst, 'components/AGENT_ROLE_SECTION.md': 'You are a test agent working in {{CWD}}.' });
    const found = lintWorkspace(after, { buildOptions: OPTIONS, before }).filter((f) => f.code === 'CACHE_PREFIX_SHORTENED');
    expect(found.map((f) => `${f.variantId}: ${formatFinding(f)}`)).toEqual([
      'special: components/AGENT_ROLE_SECTION.md:1:33: warning CACHE_PREFIX_SHORTENED: the edit shortens the stable prefix from 43 to 40 characters: the working directory, read by AGENT_ROLE_SECTION (workspace component), now comes earlier [variant special, preset base]',
      'generic: components/AGENT_ROLE_SECTION.md:1:33: warning CACHE_PREFIX_SHORTENED: the edit shortens the stable prefix from 195 to 32 characters: the working directory, read by AGENT_ROLE_SECTION (workspace component), now comes earlier [variant generic, preset base]',
    ]);
    // The same workspace as before: no finding.
    expect(lintWorkspace(before, { buildOptions: OPTIONS, before }).filter((f) => f.code === 'CACHE_PREFIX_SHORTENED')).toEqual([]);
  });

  it('reports stable sections after the first volatile byte, and the provider minimums the prefix reaches', () => {
    const ws = load();
    const out = buildWorkspaceVariant(ws, 'generic', ws.presets[0]!.context, { ...OPTIONS });
    if (!out.ok) throw new Error(out.error);
    const report = cacheReport(out.result.text, out.result.volatile ?? [], words);
    // A plain build has no ranges: the report says nothing is volatile.
    expect(report.firstVolatile).toBeUndefined();
    expect(report.stablePrefix.chars).toBe(out.result.text.length);
    expect(report.providers.find((p) => p.minTokens === 1024)!.reached).toBe(false);
  });
});
