import { describe, expect, it } from 'vitest';
import { memoryFileSource } from '../../shared/domain/file-source.js';
import { parseContext } from '../../shared/domain/parse-context.js';
import { alignColumns } from '../../shared/engine/compare/align-sections.js';
import { buildCompareColumns, compareTable } from '../../shared/engine/compare/compare-builds.js';
import { stackColumnSections, variantColumnSections } from '../../shared/engine/compare/column-sections.js';
import { sectionSizes } from '../../shared/engine/compare/section-sizes.js';
import { snapshotMatrix } from '../../shared/engine/compare/snapshot-matrix.js';
import { parseModelIds } from '../../shared/engine/routing/model-ids.js';
import { routingTable, shadowedMatchers } from '../../shared/engine/routing/routing-table.js';
import { MODEL_CATALOG } from '../../shared/engine/routing/model-catalog.js';
import { snapshotFileText } from '../../shared/engine/snapshots/snapshot-files.js';
import { loadWorkspace } from '../../shared/engine/workspace/load-workspace.js';
import { miniWorkspace } from '../fixtures/temp-workspace.js';
import { variant } from './build-helpers.js';

const OPTIONS = { now: '2026-01-15', processCwd: '/tmp' };
const mini = miniWorkspace();
const load = (extra: Record<string, string> = {}) => loadWorkspace(memoryFileSource({ ...mini, ...extra }));

describe('model id lists', () => {
  it('split on commas, spaces, tabs and newlines in any mix, each id once', () => {
    expect(parseModelIds('claude-sonnet-4 gpt-5 o3')).toEqual(['claude-sonnet-4', 'gpt-5', 'o3']);
    expect(parseModelIds(' claude-sonnet-4,gpt-5 ,\n\to3\r\n\nqwen2.5-coder:7b, gpt-5 ')).toEqual([
      'claude-sonnet-4',
      'gpt-5',
      'o3',
      'qwen2.5-coder:7b',
    ]);
    expect(parseModelIds(' , \n')).toEqual([]);
  });

  it('have every catalog provider with ids that are unique within it', () => {
    expect(MODEL_CATALOG.map((p) => p.provider)).toEqual([
      'Anthropic',
      'OpenAI',
      'Google',
      'xAI',
      'Mistral',
      'DeepSeek',
      'Qwen',
      'GLM (Zhipu)',
      'Nous Research',
      'Local (Ollama)',
    ]);
    for (const p of MODEL_CATALOG) expect(new Set(p.models).size).toBe(p.models.length);
  });
});

describe('routing table', () => {
  it('gives each id its variant, the deciding clause and every verdict; flags fall-through', () => {
    const ws = load();
    const table = routingTable(ws.variants, parseContext({}), ['special-7', 'gpt-5'], ws.config.fallback);
    expect(table.rows.map((r) => [r.modelId, r.providerId, r.variantId, r.via, r.decidedBy])).toEqual([
      ['special-7', 'anthropic', 'special', 'matcher', 'model id "special-7" contains "special"'],
      ['gpt-5', 'openai', 'generic', 'fallback', "no matcher said yes, so the fallback 'generic' serves"],
    ]);
    expect(table.rows[1]!.steps.map((s) => [s.variantId, s.verdict])).toEqual([
      ['special', 'no-match'],
      ['generic', 'no-matcher'],
    ]);
    expect(table.fellThrough).toEqual(['gpt-5']);
    expect(table.shadowed).toEqual([]);
  });

  it("names each id's provider from the tables of gateways and provider prefixes, with the rule that decided", () => {
    const ws = load();
    // The context is OpenAI's: an id the tables know does not inherit it.
    const context = parseContext({ providerInfo: { providerId: 'openai', model: { id: 'gpt-5' } } });
    const ids = [
      'openrouter/anthropic/claude-opus-4.1',
      'anthropic/claude-opus-4.1',
      'claude-opus-4-1-20250805',
      'gemini-2.5-pro',
      'qwen3:8b',
      'my-finetune',
    ];
    const table = routingTable(ws.variants, context, ids, ws.config.fallback);
    expect(table.rows.map((r) => [r.modelId, r.providerId, r.providerRule])).toEqual([
      ['openrouter/anthropic/claude-opus-4.1', 'openrouter', 'gateway prefix openrouter/ (OpenRouter)'],
      ['anthropic/claude-opus-4.1', 'openrouter', 'a vendor/model id: OpenRouter (a vendor/model id)'],
      ['claude-opus-4-1-20250805', 'anthropic', 'model name prefix claude-'],
      ['gemini-2.5-pro', 'gemini', 'listed under Google in the model list'],
      ['qwen3:8b', 'ollama', "Ollama's name:tag form"],
      ['my-finetune', 'openai', "no table knows the id: the context's provider"],
    ]);
    // A provider given with the ids wins.
    expect(routingTable(ws.variants, context, ['claude-x'], 'generic', { providerId: 'bedrock' }).rows[0]).toMatchObject({
      providerId: 'bedrock',
      providerRule: 'given with the model id',
    });
  });

  it('detects matchers that can never win: implied by an earlier one, or never matching', () => {
    const a = variant({ id: 'a', matcher: { modelId: { contains: 'claude', ignoreCase: true } } });
    const b = variant({ id: 'b', matcher: { modelId: { prefix: 'claude-3', ignoreCase: true } } });
    const c = variant({ id: 'c', matcher: { always: false } });
    const d = variant({ id: 'd', matcher: { modelId: { prefix: 'gpt', ignoreCase: true } } });
    expect(shadowedMatchers([a, b, c, d])).toEqual([
      { variantId: 'b', shadowedBy: 'a', reason: "every context it matches is matched first by 'a', which is tried earlier" },
      { variantId: 'c', reason: 'its matcher never matches (always: false)' },
    ]);
    // In the other order, the narrower one comes first and both can win.
    expect(shadowedMatchers([b, a])).toEqual([]);
  });
});

describe('comparison', () => {
  it('aligns columns with different component sets by id, with a gap and its reason where a column has none', () => {
    const ws = load({
      'variants/generic/variant.yaml': mini['variants/generic/variant.yaml']!.replace(
        'componentOrder: [AGENT_ROLE_SECTION, TOOLBOX, SYSTEM_INFO_SECTION]',
        'componentOrder: [AGENT_ROLE_SECTION, TOOLBOX, SYSTEM_INFO_SECTION]\ncomponentOverrides: { TOOLBOX: { enabled: false } }',
      ),
    });
    const base = ws.presets.find((p) => p.name === 'base')!;
    const columns = buildCompareColumns(
      ws,
      [
        { kind: 'variant', variantId: 'special' },
        { kind: 'variant', variantId: 'generic' },
        { kind: 'model', modelId: 'special-9', preset: 'browser' },
        { kind: 'variant', variantId: 'ghost' },
      ],
      { name: 'base', context: base.context, preset: (n) => ws.presets.find((p) => p.name === n)?.context },
      OPTIONS,
    );
    expect(columns.map((c) => [c.label, c.variantId, c.preset, c.error ?? null])).toEqual([
      ['special', 'special', 'base', null],
      ['generic', 'generic', 'base', null],
      ['special-9 → special @ browser', 'special', 'browser', null],
      ['ghost', null, 'base', "no variant 'ghost' (variants: special, generic)"],
    ]);
    const table = compareTable(columns, (t) => t.length);
    expect(table.rows.map((r) => r.key)).toEqual([
      'AGENT_ROLE_SECTION',
      'SYSTEM_INFO_SECTION',
      '{{GREETING}}',
      '{{CURRENT_DATE}}',
      '(template text)',
    ]);
    const gap = (key: string, col: number) => {
      const cell = table.rows.find((r) => r.key === key)!.cells[col]!;
      return cell.present ? cell.text : `(gap: ${cell.reason})`;
    };
    expect(gap('SYSTEM_INFO_SECTION', 0)).toBe('(gap: not in the component order)');
    expect(gap('{{GREETING}}', 0)).toBe('(gap: not in the template)');
    expect(gap('AGENT_ROLE_SECTION', 2)).toBe('You are a test agent in /proj. You can browse.');
    // An unresolved key stays in the template's own text.
    expect(gap('(template text)', 0)).toBe('SPECIAL  {{NOT_A_KEY}}');
    expect(gap('AGENT_ROLE_SECTION', 3)).toBe("(gap: no variant 'ghost' (variants: special, generic))");
    // TOOLBOX is disabled in generic and no other column has it: no row, the disabled state is in the gap reason when asked.
    expect(table.rows.some((r) => r.key === 'TOOLBOX')).toBe(false);
    const role = table.sizes.find((r) => r.key === 'AGENT_ROLE_SECTION')!;
    expect(role.cells.map((c) => [c.chars, c.deltaChars, c.present])).toEqual([
      [30, 0, true],
      [30, 0, true],
      [46, 16, true],
      [0, -30, false],
    ]);
    expect(table.totals.cells[1]!.deltaChars).toBe(columns[1]!.result!.text.length - columns[0]!.result!.text.length);
  });

  it('shows a placeholder the template uses twice once, with its uses, and sizes it by everything it puts in the prompt', () => {
    const ws = load({
      'variants/special/template.md': '{{AGENT_ROLE_SECTION}}\nTeam: {{TEAM_NAME}}.\nAgain: {{TEAM_NAME}}.\n',
      'variants/special/variant.yaml': mini['variants/special/variant.yaml']!.replace(
        'componentOrder:',
        'placeholders:\n  TEAM_NAME: Acme Payments team\ncomponentOrder:',
      ),
    });
    const columns = buildCompareColumns(
      ws,
      [{ kind: 'variant', variantId: 'special' }],
      { name: 'base', context: ws.presets[0]!.context, preset: () => undefined },
      OPTIONS,
    );
    const table = compareTable(columns, (t) => t.length);
    const team = table.rows.find((r) => r.key === '{{TEAM_NAME}}')!.cells[0]!;
    expect(team).toMatchObject({ present: true, text: 'Acme Payments team', chars: 36, uses: 2 });
    const sizes = table.sizes.find((r) => r.key === '{{TEAM_NAME}}')!.cells[0]!;
    expect([sizes.chars, sizes.tokens]).toEqual([36, 36]);
    // The sections' sizes add up to the prompt's.
    const result = columns[0]!.result!;
    expect(sectionSizes(variantColumnSections(result)).reduce((n, s) => n + s.chars, 0)).toBe(result.text.length);
  });

  it('keeps each column own order when later columns bring new rows', () => {
    const col = (keys: string[]) => ({ rows: keys.map((key) => ({ key, text: key, occurrences: [key] })), absentReason: () => 'absent' });
    expect(alignColumns([col(['A', 'C', 'E']), col(['A', 'B', 'C', 'D', 'E', 'F'])]).map((r) => r.key)).toEqual([
      'A',
      'B',
      'C',
      'D',
      'E',
      'F',
    ]);
    expect(alignColumns([col(['B', 'A']), col(['X', 'A', 'Y'])]).map((r) => r.key)).toEqual(['X', 'B', 'A', 'Y']);
    // Orders that disagree: a key already placed never pulls new keys back before it.
    expect(alignColumns([col(['A', 'B']), col(['B', 'A', 'C'])]).map((r) => r.key)).toEqual(['A', 'B', 'C']);
  });

  it('cuts stack builds into prompt, environment, each instruction file and user system text', () => {
    const system = 'PROMPT\nENV\nI1\nI2\nUSER';
    const sections = [
      { layer: 'provider-prompt' as const, label: 'p', source: {}, start: 0, end: 6 },
      { layer: 'environment' as const, label: 'environment', source: {}, start: 7, end: 10 },
      { layer: 'instructions' as const, label: '/a/AGENTS.md', source: {}, start: 11, end: 13 },
      { layer: 'instructions' as const, label: '/AGENTS.md', source: {}, start: 14, end: 16 },
      { layer: 'user-system' as const, label: 'user system text', source: {}, start: 17, end: 21 },
    ];
    const cols = stackColumnSections({ system, sections });
    expect(cols.rows.map((r) => [r.key, r.text, r.occurrences])).toEqual([
      ['prompt', 'PROMPT', ['PROMPT']],
      ['environment', 'ENV', ['ENV']],
      ['instructions: /a/AGENTS.md', 'I1', ['I1']],
      ['instructions: /AGENTS.md', 'I2', ['I2']],
      ['user-system', 'USER', ['USER']],
    ]);
    expect(cols.absentReason('instructions: /b/AGENTS.md')).toBe('this instruction file is not found or is empty here');
  });
});

describe('snapshot matrix', () => {
  it('compares every variant x preset with the stored files (the CLI format) and with the last save', () => {
    const ws = load();
    const first = snapshotMatrix({ workspace: ws, options: OPTIONS, stored: () => undefined });
    expect(first.variants).toEqual(['special', 'generic']);
    expect(first.presets).toEqual(['base', 'browser']);
    expect(first.cells.map((c) => `${c.variantId}/${c.preset}:${c.snapshot}:${c.saved}`)).toEqual([
      'special/base:missing:same',
      'special/browser:missing:same',
      'generic/base:missing:same',
      'generic/browser:missing:same',
    ]);
    const files = new Map(first.cells.map((c, i) => [`${c.variantId}/${c.preset}.md`, snapshotFileText(first.texts[i]!)]));
    files.set('generic/browser.md', 'an old prompt\n');
    const edited = load({
      'variants/generic/template.md': mini['variants/generic/template.md']!.replace('{{GREETING}} on', '{{GREETING}} again on'),
    });
    const second = snapshotMatrix({ workspace: edited, saved: ws, options: OPTIONS, stored: (rel) => files.get(rel) });
    expect(second.cells.map((c) => `${c.variantId}/${c.preset}:${c.snapshot}:${c.saved}`)).toEqual([
      'special/base:same:same',
      'special/browser:same:same',
      'generic/base:differs:differs',
      'generic/browser:differs:differs',
    ]);
    expect(second.cells[2]!.chars).toBe(second.texts[2]!.length);
    expect(second.texts[2]).toContain('hello again on 2026-02-03');
  });
});
