import { describe, expect, it } from 'vitest';
import { parseContext } from '../../shared/domain/parse-context.js';
import type { SystemPromptContext } from '../../shared/domain/context.js';
import { buildVariantPrompt } from '../../shared/engine/build/build-variant-prompt.js';
import { resolveEnvironment } from '../../shared/engine/environment.js';
import { loadWorkspace } from '../../shared/engine/workspace/load-workspace.js';
import { cacheReport, stablePrefixChars } from '../../shared/engine/volatility/cache-report.js';
import { locateOrigin } from '../../shared/engine/volatility/origin-location.js';
import { otherSessionContext } from '../../shared/engine/volatility/second-session.js';
import { ALL_VOLATILE_FIELDS } from '../../shared/engine/volatility/volatile-fields.js';
import type { VolatileRange } from '../../shared/engine/volatility/volatile-range.js';
import { builtinWorkspaceDir } from '../../electron/host/builtin-workspace.js';
import { folderFileSource } from '../../electron/host/folder-source.js';
import { registry, variant } from './build-helpers.js';

const ws = loadWorkspace(folderFileSource(builtinWorkspaceDir()));
const OPTIONS = { now: '2026-01-15', processCwd: '/workspace' };

function tracked(variantId: string, context: SystemPromptContext) {
  const variant = ws.variants.find((v) => v.id === variantId)!;
  return buildVariantPrompt({ variant, context, components: ws.components, tools: ws.tools, options: OPTIONS, trackVolatility: true });
}

/** The stable segments of a text: what lies outside every range (the ranges merged). */
function stableSegments(text: string, ranges: readonly VolatileRange[]): { segments: string[]; openStart: boolean; openEnd: boolean } {
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  const segments: string[] = [];
  let at = 0;
  for (const r of sorted) {
    if (r.start > at) segments.push(text.slice(at, r.start));
    else if (segments.length === 0 && r.start === 0) segments.push('');
    at = Math.max(at, r.end);
  }
  segments.push(text.slice(at));
  // Pattern: seg0 * seg1 * ... * segN (a `*` wherever a range was, zero-length ones included).
  return { segments, openStart: false, openEnd: false };
}

/** Whether `other` is `text` with only the ranges' contents replaced (glob match: stable segments in order). */
function differsOnlyInside(text: string, ranges: readonly VolatileRange[], other: string): boolean {
  if (ranges.length === 0) return text === other;
  const { segments } = stableSegments(text, ranges);
  const first = segments[0]!;
  const last = segments[segments.length - 1]!;
  if (!other.startsWith(first)) return false;
  let at = first.length;
  for (let i = 1; i < segments.length - 1; i++) {
    const found = other.indexOf(segments[i]!, at);
    if (found < 0) return false;
    at = found + segments[i]!.length;
  }
  return segments.length === 1 ? other === first : other.length - last.length >= at && other.endsWith(last);
}

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

describe('volatile ranges are tracked by the engine', () => {
  it('find the working directory inside a tool description as the first volatile byte of generic and xs', () => {
    const basic = ws.presets.find((p) => p.name === 'basic')!.context;
    const generic = tracked('generic', basic);
    const report = cacheReport(generic.text, generic.volatile!);
    expect(report.firstVolatile!.fields).toEqual(['cwd']);
    expect(report.firstVolatile!.origin).toEqual({
      kind: 'tool',
      toolId: 'execute_command',
      family: 'generic',
      part: ['description'],
      textOffset: 609,
    });
    expect(
      locateOrigin(
        ws,
        ws.variants.find((v) => v.id === 'generic')!,
        report.firstVolatile!.origin,
      ),
    ).toEqual({
      file: 'tools/execute_command.yaml',
      line: 7,
      label: 'tool execute_command, description',
    });
    expect(report.firstVolatile!.excerpt.startsWith(' (/home/user/project)')).toBe(true);
    expect(generic.text.slice(0, report.stablePrefix.chars)).toContain('## execute_command\nDescription: ');
    expect(report.stablePrefix.chars).toBeGreaterThan(2000);
    expect(report.stablePrefix.chars).toBeLessThan(2300);
    const xs = tracked('xs', basic);
    expect(stablePrefixChars(xs.volatile!, xs.text.length)).toBe(xs.text.indexOf('/home/user/project'));
  });

  it('leave the text as a plain build makes it', () => {
    const basic = ws.presets.find((p) => p.name === 'basic')!.context;
    for (const variant of ws.variants) {
      const plain = buildVariantPrompt({ variant, context: basic, components: ws.components, tools: ws.tools, options: OPTIONS });
      expect(tracked(variant.id, basic).text).toBe(plain.text);
      expect(plain.volatile).toBeUndefined();
    }
  });

  const basicContext = ws.presets.find((p) => p.name === 'basic')!.context;
  // The date only reaches built-in prompts through the web tools' texts.
  const contexts: [string, SystemPromptContext][] = [
    ...['basic', 'multi-root', 'no-mcp'].map((name): [string, SystemPromptContext] => [
      name,
      ws.presets.find((p) => p.name === name)!.context,
    ]),
    ['basic + web tools', { ...basicContext, clineWebToolsEnabled: true }],
  ];
  /** Fields no built-in prompt reads (the custom-variant test below covers them). */
  const unreadByBuiltins = new Set(['machine.platform']);
  for (const field of ALL_VOLATILE_FIELDS) {
    it(`changing only ${field} changes text only inside ranges marked with ${field}, never before the stable prefix`, () => {
      let changed = 0;
      for (const [presetName, context] of contexts) {
        const env = resolveEnvironment(context, OPTIONS);
        const other = otherSessionContext(context, env, [field]);
        for (const variant of ws.variants) {
          const a = tracked(variant.id, context);
          const b = tracked(variant.id, other);
          if (a.text === b.text) continue;
          changed++;
          const label = `${variant.id} x ${presetName}`;
          const onlyField = (r: VolatileRange) => r.fields.includes(field);
          expect(differsOnlyInside(a.text, a.volatile!.filter(onlyField), b.text), `${label}: A's ${field} ranges cover the change`).toBe(
            true,
          );
          expect(differsOnlyInside(b.text, b.volatile!.filter(onlyField), a.text), `${label}: B's ${field} ranges cover the change`).toBe(
            true,
          );
          const prefix = commonPrefix(a.text, b.text);
          expect(prefix, label).toBeGreaterThanOrEqual(stablePrefixChars(a.volatile!, a.text.length));
          expect(prefix, label).toBeGreaterThanOrEqual(stablePrefixChars(b.volatile!, b.text.length));
        }
      }
      // Every field changes some built-in prompt (else this test would prove nothing for it).
      if (!unreadByBuiltins.has(field)) expect(changed).toBeGreaterThan(0);
      else expect(changed).toBe(0);
    });
  }

  it('mark runtime placeholders, code components and workspace component variables', () => {
    const context = parseContext({ cwd: '/proj', runtimePlaceholders: { TEAM: 'core' }, machine: { platform: 'linux' } });
    const components = registry();
    components.register('CODE_SECTION', (_v, c) => `Folder: ${c.cwd}`);
    components.registerTemplate('STABLE_SECTION', 'Always the same words.');
    components.registerTemplate('DATED_SECTION', 'Today is {{CURRENT_DATE}} on {{PLATFORM}}; team {{TEAM}}.');
    const result = buildVariantPrompt({
      variant: variant({
        baseTemplate: '{{STABLE_SECTION}}\n\n{{DATED_SECTION}}\n\n{{CODE_SECTION}}\n\nTeam: {{TEAM}}',
        componentOrder: ['STABLE_SECTION', 'DATED_SECTION', 'CODE_SECTION'],
        placeholders: { TEAM: 'placeholder team' },
      }),
      context,
      components,
      tools: new Map(),
      options: OPTIONS,
      trackVolatility: true,
    });
    expect(result.text).toBe(
      'Always the same words.\n\nToday is 2026-01-15 on linux; team placeholder team.\n\nFolder: /proj\n\nTeam: core',
    );
    const marked = result.volatile!.map((r) => [result.text.slice(r.start, r.end), r.fields]);
    // A whole line that may change takes the line breaks around it (cleanup may join them).
    expect(marked).toEqual([
      ['2026-01-15', ['date']],
      ['linux', ['machine.platform']],
      ['\n\nFolder: /proj\n\n', ['cwd']],
      ['core', ['runtimePlaceholders.TEAM']],
    ]);
    expect(result.volatile![1]!.origin).toEqual({ kind: 'component', componentId: 'DATED_SECTION', file: undefined, offset: 29 });
  });
});
