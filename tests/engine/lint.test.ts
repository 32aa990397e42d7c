import { describe, expect, it } from 'vitest';
import { memoryFileSource } from '../../shared/domain/file-source.js';
import { formatFinding } from '../../shared/engine/lint/lint-finding.js';
import { lintWorkspace } from '../../shared/engine/lint/lint-workspace.js';
import { matcherImplies } from '../../shared/engine/lint/matcher-implication.js';
import { MatcherSchema, type MatcherInput } from '../../shared/domain/matcher.js';
import { loadWorkspace } from '../../shared/engine/workspace/load-workspace.js';
import { miniWorkspace } from '../fixtures/temp-workspace.js';

const OPTIONS = { now: '2026-01-15', processCwd: '/tmp' };

function lint(extra: Record<string, string>, strict = false): string[] {
  const ws = loadWorkspace(memoryFileSource({ ...miniWorkspace(), ...extra }));
  return lintWorkspace(ws, { strict, buildOptions: OPTIONS }).map(formatFinding);
}

const variantYaml = (lines: string[]) => `${lines.join('\n')}\n`;

describe('lint', () => {
  it('the mini workspace has only the findings it was built with', () => {
    expect(lint({})).toEqual([
      'components/AGENT_ROLE_SECTION.md:1:25: warning CACHE_VOLATILE_BEFORE_STABLE: the working directory, read by AGENT_ROLE_SECTION (workspace component), ends the cacheable prefix, but sections that never change between sessions come after it (the prefix ends at character 24; after it come TOOLBOX, {{GREETING}} (129 characters) in variants/generic/template.md) [variant generic, preset base]',
      'variants/special/template.md:1:32: warning UNKNOWN_PLACEHOLDER: {{NOT_A_KEY}} is neither a component of this variant, a standard placeholder nor a variant placeholder [variant special]',
      'variants/special/template.md:1:32: warning UNRESOLVED_IN_OUTPUT: {{NOT_A_KEY}} stays unresolved in the final prompt [variant special, preset base]',
    ]);
  });

  it("Cline's validator errors", () => {
    const out = lint({
      'variants/bad/variant.yaml': variantYaml([
        'id: bad',
        'family: x',
        'version: 0',
        'description: ""',
        'componentOrder: []',
        'tools: [say, say]',
      ]),
      'variants/bad/template.md': 'no sections here',
    });
    expect(out.filter((l) => l.startsWith('variants/bad/'))).toEqual([
      'variants/bad/template.md:1:1: error TEMPLATE_MISSING_AGENT_ROLE: the template does not use {{AGENT_ROLE_SECTION}} [variant bad]',
      'variants/bad/template.md:1:1: error TEMPLATE_MISSING_SYSTEM_INFO: the template does not use {{SYSTEM_INFO_SECTION}} [variant bad]',
      'variants/bad/variant.yaml:3:10: error INVALID_VERSION: version must be 1 or more (is 0) [variant bad]',
      'variants/bad/variant.yaml:4:14: error MISSING_DESCRIPTION: the variant has no description [variant bad]',
      'variants/bad/variant.yaml:5:1: error MISSING_COMPONENT_ORDER: componentOrder is empty [variant bad]',
      "variants/bad/variant.yaml:6:14: error DUPLICATE_TOOL: tool 'say' appears twice in tools [variant bad]",
    ]);
  });

  it("Cline's validator warnings: unknown keys, unused components and overrides; duplicates; unknown components", () => {
    const out = lint({
      'variants/w/variant.yaml': variantYaml([
        'id: w',
        'family: x',
        'version: 1',
        'description: warnings galore for the linter',
        'labels: { a: 1 }',
        'componentOrder: [AGENT_ROLE_SECTION, AGENT_ROLE_SECTION, NOWHERE]',
        'componentOverrides:',
        '  RULES_SECTION: { template: "x" }',
        '  OBJECTIVE_SECTION: { enabled: false }',
        'toolOverrides:',
        '  ghost: { enabled: true }',
      ]),
      'variants/w/template.md': '{{AGENT_ROLE_SECTION}} {{SYSTEM_INFO_SECTION}} {{WHAT}}',
    });
    expect(out.filter((l) => l.startsWith('variants/w/'))).toEqual([
      'variants/w/template.md:1:48: warning UNKNOWN_PLACEHOLDER: {{WHAT}} is neither a component of this variant, a standard placeholder nor a variant placeholder [variant w]',
      'variants/w/template.md:1:48: warning UNRESOLVED_IN_OUTPUT: {{WHAT}} stays unresolved in the final prompt [variant w, preset base]',
      "variants/w/variant.yaml:6:38: error DUPLICATE_COMPONENT: component 'AGENT_ROLE_SECTION' appears twice in componentOrder [variant w]",
      "variants/w/variant.yaml:6:58: warning COMPONENT_NOT_IN_TEMPLATE: component 'NOWHERE' is built but the template never uses {{NOWHERE}} [variant w]",
      `variants/w/variant.yaml:6:58: warning UNKNOWN_COMPONENT: no component 'NOWHERE' is registered; the build will warn "Component 'NOWHERE' not found" [variant w]`,
      "variants/w/variant.yaml:8:3: warning UNUSED_COMPONENT_OVERRIDE: override for component 'RULES_SECTION', which is not in componentOrder [variant w]",
      "variants/w/variant.yaml:11:3: warning UNUSED_TOOL_OVERRIDE: override for tool 'ghost', which is not in tools [variant w]",
    ]);
  });

  it('strict mode adds the structural recommendations', () => {
    const out = lint(
      {
        'variants/s/variant.yaml': variantYaml([
          'id: s',
          'family: x',
          'version: 1',
          'description: short',
          'componentOrder: [TOOL_USE_SECTION, AGENT_ROLE_SECTION]',
        ]),
        'variants/s/template.md': '{{TOOL_USE_SECTION}}{{AGENT_ROLE_SECTION}}{{SYSTEM_INFO_SECTION}}',
      },
      true,
    );
    expect(out.filter((l) => l.startsWith('variants/s/') && l.includes('STRICT'))).toEqual([
      'variants/s/variant.yaml:1:1: warning STRICT_NO_LABELS: the variant has no labels [variant s]',
      'variants/s/variant.yaml:4:14: warning STRICT_SHORT_DESCRIPTION: the description is shorter than 20 characters [variant s]',
      'variants/s/variant.yaml:5:1: warning STRICT_MISSING_RULES: componentOrder has no RULES_SECTION [variant s]',
      'variants/s/variant.yaml:5:1: warning STRICT_MISSING_SYSTEM_INFO: componentOrder has no SYSTEM_INFO_SECTION [variant s]',
      'variants/s/variant.yaml:5:18: warning STRICT_TOOL_USE_BEFORE_AGENT_ROLE: TOOL_USE_SECTION comes before AGENT_ROLE_SECTION [variant s]',
      'variants/s/variant.yaml:5:36: warning STRICT_AGENT_ROLE_NOT_FIRST: AGENT_ROLE_SECTION should come first [variant s]',
    ]);
  });

  it('matchers: invalid regexes are errors, shadowed matchers warnings', () => {
    const mk = (id: string, matcher: string) => ({
      [`variants/${id}/variant.yaml`]: variantYaml([
        `id: ${id}`,
        'family: x',
        'version: 1',
        'description: a variant for matcher tests',
        `matcher: ${matcher}`,
        'componentOrder: [AGENT_ROLE_SECTION]',
      ]),
      [`variants/${id}/template.md`]: '{{AGENT_ROLE_SECTION}}{{SYSTEM_INFO_SECTION}}',
    });
    const out = lint({
      ...mk('broad', '{ modelId: { contains: gpt } }'),
      ...mk('narrow', '{ modelId: { prefix: gpt-5 } }'),
      ...mk('broken', '{ modelId: { regex: "[" } }'),
      'workspace.yaml': 'selectionOrder: [broad, narrow, broken]\n',
    });
    expect(out.filter((l) => l.includes('MATCHER'))).toEqual([
      'variants/broken/variant.yaml:5:1: error MATCHER_INVALID: the matcher cannot run (invalid regex /[/: Invalid regular expression: /[/i: Unterminated character class); selection skips this variant [variant broken]',
      "variants/narrow/variant.yaml:5:1: warning MATCHER_SHADOWED: the matcher can never win: every context it matches is matched first by 'broad', which is tried earlier [variant narrow]",
    ]);
  });

  it('build-based checks: keys inherited from Object.prototype, components that are empty or throw', () => {
    const out = lint({
      'variants/generic/template.md': '{{AGENT_ROLE_SECTION}} {{constructor}} {{SYSTEM_INFO_SECTION}} {{TOOLBOX}}',
      'components/TOOLBOX.md': '{{#if context.supportsBrowserUse}}browser tools{{/if}}',
    });
    expect(out.filter((l) => l.startsWith('variants/generic/'))).toEqual([
      'variants/generic/template.md:1:24: warning INHERITED_KEY: {{constructor}} resolves to a built-in object member and is written as "undefined" [variant generic, preset base]',
      'variants/generic/template.md:1:24: warning UNKNOWN_PLACEHOLDER: {{constructor}} is neither a component of this variant, a standard placeholder nor a variant placeholder [variant generic]',
      // TOOLBOX renders nothing without a browser, so its key stays in the text (it is not a standard section).
      'variants/generic/template.md:1:64: warning UNRESOLVED_IN_OUTPUT: {{TOOLBOX}} stays unresolved in the final prompt [variant generic, preset base]',
      "variants/generic/variant.yaml:6:38: info COMPONENT_EMPTY_FOR_CONTEXT: component 'TOOLBOX' produces nothing (renders nothing for this context) [variant generic, preset base]",
    ]);
  });
});

describe('matcher implication (shadowing)', () => {
  const m = (x: MatcherInput) => MatcherSchema.parse(x);
  it.each([
    [{ modelId: { prefix: 'gpt-5' } }, { modelId: { contains: 'gpt' } }, true],
    [{ modelId: { contains: 'gpt' } }, { modelId: { prefix: 'gpt-5' } }, false],
    [{ modelId: { equals: 'gpt-5-mini' } }, { modelId: { regex: '^gpt-5' } }, true],
    [{ modelId: { suffix: '-mini' } }, { modelId: { suffix: 'mini' } }, true],
    [{ any: [{ modelId: { prefix: 'a' } }, { modelId: { prefix: 'ab' } }] }, { modelId: { prefix: 'a' } }, true],
    [{ all: [{ modelId: { prefix: 'a' } }, { flag: 'planMode' }] }, { flag: 'planMode' }, true],
    [{ modelId: { prefix: 'a' } }, { all: [{ modelId: { prefix: 'a' } }, { flag: 'planMode' }] }, false],
    [{ providerId: { equals: 'x' } }, { modelId: { contains: 'x' } }, false],
    [{ modelId: { contains: 'x' } }, { always: true }, true],
  ] as [MatcherInput, MatcherInput, boolean][])('%j implies %j: %s', (later, earlier, expected) => {
    expect(matcherImplies(m(later), m(earlier))).toBe(expected);
  });
});

describe('reachability from the routing list', () => {
  const reach = (extra: Record<string, string>, modelIds: string[]) =>
    lintWorkspace(loadWorkspace(memoryFileSource({ ...miniWorkspace(), ...extra })), { modelIds }).filter(
      (f) => f.code === 'UNREACHABLE_VARIANT',
    );
  const variant = (id: string, matcher: string) =>
    variantYaml([`id: ${id}`, 'family: x', 'version: 1', 'description: d', `matcher: ${matcher}`, 'componentOrder: [AGENT_ROLE_SECTION]']);

  it('a variant every id passes by, and one an earlier variant takes every id from', () => {
    const out = reach(
      {
        'workspace.yaml': 'name: Mini\nselectionOrder: [special, narrow, nowhere]\nfallback: generic\n',
        'variants/narrow/variant.yaml': variant('narrow', '{ modelId: { prefix: spec } }'),
        'variants/narrow/template.md': '{{AGENT_ROLE_SECTION}}',
        'variants/nowhere/variant.yaml': variant('nowhere', '{ modelId: { prefix: zzz } }'),
        'variants/nowhere/template.md': '{{AGENT_ROLE_SECTION}}',
      },
      ['special-9', 'gpt-5'],
    );
    expect(out.map((f) => [f.variantId, f.message, f.fix])).toEqual([
      [
        'narrow',
        "no model id of the routing list (2 ids) reaches this variant under any preset: its matcher says yes to special-9 (preset base), but 'special' is tried first and takes it",
        "move 'narrow' before 'special' in selectionOrder (workspace.yaml), or narrow the matcher of 'special'",
      ],
      [
        'nowhere',
        'no model id of the routing list (2 ids) reaches this variant under any preset: its matcher says yes to none of them under any preset',
        'widen the matcher, or add the model ids it is for to the routing list',
      ],
    ]);
    // The fallback is reached by the ids that fall through; with an id for each, nothing is reported.
    expect(reach({}, ['special-1', 'gpt-5'])).toEqual([]);
    expect(reach({}, ['special-1']).map((f) => f.variantId)).toEqual(['generic']);
  });
});
