import { describe, expect, it } from 'vitest';
import { ALL_VOLATILE_FIELDS } from '../../shared/engine/volatility/volatile-fields.js';
import { miniWorkspace } from '../fixtures/temp-workspace.js';
import { run, tempWorkspaces } from './support/run-cli.js';

const { workspace } = tempWorkspaces();

interface CompareJson {
  context: string;
  columns: {
    label: string;
    variant: string;
    why: string;
    sections: { id: string; chars: number; tokens: number; deltaChars: number; deltaTokens: number }[];
    missing: { id: string; reason: string }[];
    total: { chars: number; tokens: number; deltaChars: number; deltaTokens: number };
    tools: { count: number; textChars: number; nativeJsonChars: { openai: number } };
  }[];
}

describe('variant-studio compare', () => {
  it('gives every column its sections with ids, sizes and deltas against the first (json), model ids routed', async () => {
    const ws = workspace();
    const r = await run(['compare', '--workspace', ws, 'generic', '--model', 'special-1', '--preset', 'base', '--format', 'json']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const json = JSON.parse(r.out) as CompareJson;
    expect(json.columns.map((c) => [c.label, c.variant, c.why])).toEqual([
      ['generic', 'generic', 'chosen by id'],
      ['special-1 → special', 'special', `'special' matched: model id "special-1" contains "special"`],
    ]);
    const [generic, special] = json.columns;
    expect(generic!.sections.map((s) => s.id)).toEqual([
      'AGENT_ROLE_SECTION',
      'TOOLBOX',
      'SYSTEM_INFO_SECTION',
      '{{GREETING}}',
      '{{CURRENT_DATE}}',
      '(template text)',
    ]);
    const role = generic!.sections[0]!;
    expect(role).toEqual({
      id: 'AGENT_ROLE_SECTION',
      chars: 'You are a test agent in /proj.'.length,
      tokens: role.tokens,
      deltaChars: 0,
      deltaTokens: 0,
    });
    expect(role.tokens).toBeGreaterThan(5);
    const specialRole = special!.sections.find((s) => s.id === 'AGENT_ROLE_SECTION')!;
    expect(specialRole.deltaChars).toBe(0);
    expect(special!.missing).toEqual([
      { id: 'TOOLBOX', reason: 'not in the component order' },
      { id: 'SYSTEM_INFO_SECTION', reason: 'not in the component order' },
      { id: '{{GREETING}}', reason: 'not in the template' },
      { id: '{{CURRENT_DATE}}', reason: 'not in the template' },
    ]);
    expect(special!.total.deltaChars).toBe(special!.total.chars - generic!.total.chars);
    expect(generic!.tools.count).toBe(1);
    expect(generic!.tools.textChars).toBe(
      '## say\nDescription: Say something.\nParameters:\n- text: (required) What to say.\nUsage:\n<say>\n<text>Hello</text>\n</say>'.length,
    );
    expect(special!.tools.count).toBe(0);
  });

  it('prints the aligned table with gaps and their reasons (text)', async () => {
    const ws = workspace();
    const r = await run(['compare', '--workspace', ws, 'special', 'generic', '--preset', 'base']);
    expect(r.code).toBe(0);
    const lines = r.out.split('\n');
    expect(lines[0]).toBe('[1] special: chosen by id');
    expect(lines[1]).toBe('[2] generic: chosen by id');
    expect(lines.find((l) => l.startsWith('TOOLBOX'))).toMatch(/^TOOLBOX\s+—\s+\d+ ch \d+ tok \(\+\d+ ch \+\d+ tok\)$/);
    expect(r.out).toContain('[1] has no TOOLBOX: not in the component order');
  });

  it('follows the error rules: one line, exit 2', async () => {
    const ws = workspace();
    expect(await run(['compare', '--workspace', ws, 'generic'])).toEqual({
      code: 2,
      out: '',
      err: 'variant-studio: compare needs at least two columns: variant ids and/or --model <id>\n',
    });
    expect(await run(['compare', '--workspace', ws, 'generic', 'nope'])).toEqual({
      code: 2,
      out: '',
      err: "variant-studio: nope: no variant 'nope' (variants: special, generic)\n",
    });
  });
});

interface CacheJson {
  chars: number;
  stablePrefix: { chars: number; tokens: number };
  firstVolatile: { offset: number; fields: string[]; causes: string[]; location: { file: string; line: number; label: string } };
  ranges: { start: number; end: number; fields: string[]; location: { file: string } }[];
  providers: { provider: string; minTokens: number; reached: boolean }[];
}

describe('variant-studio cache', () => {
  it('reports the stable prefix, the first volatile byte with its cause and line, and every range (json)', async () => {
    const r = await run(['cache', '--variant', 'generic', '--preset', 'basic', '--format', 'json']);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.out) as CacheJson;
    expect(json.stablePrefix.chars).toBe(json.firstVolatile.offset);
    expect(json.firstVolatile.fields).toEqual(['cwd']);
    expect(json.firstVolatile.causes).toEqual(['the working directory']);
    expect(json.firstVolatile.location).toEqual({
      file: 'tools/execute_command.yaml',
      line: 7,
      label: 'tool execute_command, description',
    });
    expect(json.stablePrefix.tokens).toBeGreaterThan(300);
    expect(json.stablePrefix.tokens).toBeLessThan(1024);
    expect(json.providers.every((p) => !p.reached)).toBe(true);
    // Every range lies after the stable prefix and names a field and a file.
    for (const range of json.ranges) {
      expect(range.start).toBeGreaterThanOrEqual(json.stablePrefix.chars);
      expect(range.fields.length).toBeGreaterThan(0);
      expect(range.location.file).toMatch(/^(tools|variants)\//);
    }
    expect(new Set(json.ranges.flatMap((x) => x.fields))).toEqual(
      // Every rules field is read (an absent one could be set in another session), the platform is not.
      new Set(ALL_VOLATILE_FIELDS.filter((f) => !['date', 'machine.platform', 'workspaceRoots'].includes(f))),
    );
  });

  it('prints the same as text, and build --format json carries the same cache fields', async () => {
    const text = await run(['cache', '--variant', 'xs', '--preset', 'basic']);
    expect(text.code).toBe(0);
    expect(text.out).toMatch(/^stable prefix: (\d+) of (\d+) characters, (\d+) tokens \(o200k\)\n/);
    expect(text.out).toContain('the working directory in tool execute_command');
    const build = await run(['build', '--variant', 'xs', '--preset', 'basic', '--format', 'json']);
    const cache = (JSON.parse(build.out) as { cache: CacheJson }).cache;
    const json = JSON.parse((await run(['cache', '--variant', 'xs', '--preset', 'basic', '--format', 'json'])).out) as CacheJson;
    expect(cache).toEqual(json);
    expect(
      text.out.startsWith(`stable prefix: ${json.stablePrefix.chars} of ${json.chars} characters, ${json.stablePrefix.tokens} tokens`),
    ).toBe(true);
  });

  it('follows the error rules: one line, exit 2', async () => {
    expect(await run(['cache', '--preset', 'basic'])).toEqual({ code: 2, out: '', err: 'variant-studio: cache needs --variant <id>\n' });
    expect((await run(['cache', '--variant', 'generic', '--preset', 'nope'])).err).toMatch(
      /^variant-studio: no preset 'nope' \(presets: .*\)\n$/,
    );
  });
});

describe('variant-studio select splits pasted lists', () => {
  it('reads ids separated by commas, spaces and newlines, and flags ids that fell through', async () => {
    const ws = workspace();
    const r = await run(['select', '--workspace', ws, 'special-1 gpt-4o,\nspecial-2', '--model', 'a, b', '--format', 'json']);
    const json = JSON.parse(r.out) as { models: { model: string; variant: string; fellThrough: boolean }[]; fellThrough: string[] };
    expect(json.models.map((m) => [m.model, m.variant, m.fellThrough])).toEqual([
      ['a', 'generic', true],
      ['b', 'generic', true],
      ['special-1', 'special', false],
      ['gpt-4o', 'generic', true],
      ['special-2', 'special', false],
    ]);
    expect(json.fellThrough).toEqual(['a', 'b', 'gpt-4o']);
  });

  it('flags matchers that can never win', async () => {
    const mini = miniWorkspace();
    const ws = workspace({
      'workspace.yaml': 'name: Mini\nselectionOrder: [special, later]\nfallback: generic\n',
      'variants/later/variant.yaml': mini['variants/special/variant.yaml']!.replace('id: special', 'id: later').replace(
        'contains: special',
        'prefix: special-',
      ),
      'variants/later/template.md': mini['variants/special/template.md']!,
    });
    const r = await run(['select', '--workspace', ws, 'special-x']);
    expect(r.out).toContain(
      `  not-tried  later: not tried: 'special' matched first [can never win: every context it matches is matched first by 'special', which is tried earlier]`,
    );
    expect(
      r.out.endsWith("shadowed: later can never win: every context it matches is matched first by 'special', which is tried earlier\n"),
    ).toBe(true);
  });
});

describe('variant-studio check: budgets and prompt caching', () => {
  it('fails on a budget a preset build exceeds, with the position of the budget', async () => {
    const mini = miniWorkspace();
    const ws = workspace({
      'variants/generic/variant.yaml': `${mini['variants/generic/variant.yaml']!}budgets:\n  sections:\n    TOOLBOX: 10\n`,
    });
    const r = await run(['check', '--workspace', ws]);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(
      /variants\/generic\/variant\.yaml:11:14: error BUDGET_EXCEEDED: TOOLBOX has \d+ tokens, over its budget of 10 \(by \d+\) \[variant generic, preset base\]\n {2}fix: shorten TOOLBOX by \d+ tokens, or raise the budget\n/,
    );
    expect(r.out).toContain('warning CACHE_VOLATILE_BEFORE_STABLE');
  });

  it('reports an edit that shortens the stable prefix against --baseline', async () => {
    const before = workspace({ 'components/AGENT_ROLE_SECTION.md': 'You are a test agent.' });
    const after = workspace();
    const r = await run(['check', '--workspace', after, '--baseline', before]);
    expect(r.out).toContain(
      'components/AGENT_ROLE_SECTION.md:1:25: warning CACHE_PREFIX_SHORTENED: the edit shortens the stable prefix from',
    );
    expect((await run(['check', '--workspace', after, '--baseline', '/no/such/folder'])).err).toBe(
      "variant-studio: workspace '/no/such/folder' is not a folder\n",
    );
  });
});
