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
      'components/AGENT_ROLE_SECTION.md:1:25: warning CACHE_VOLATILE_BEFORE_STABLE: the working directory, read by AGENT_ROLE_SECTION (workspace component), ends the cacheable prefix at character 24, but TOOLBOX, {{GREETING}} (129 characters) come after it and never change between sessions: put them first to cache more [preset base]',
      'variants/special/template.md:1:32: warning UNKNOWN_PLACEHOLDER: {{NOT_A_KEY}} is neither a component of this variant, a standard placeholder nor a variant placeholder',
      'variants/special/template.md:1:32: warning UNRESOLVED_IN_OUTPUT: {{NOT_A_KEY}} stays unresolved in the final prompt [preset base]',
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
      'variants/bad/template.md:1:1: error TEMPLATE_MISSING_AGENT_ROLE: the template does not use {{AGENT_ROLE_SECTION}}',
      'variants/bad/template.md:1:1: error TEMPLATE_MISSING_SYSTEM_INFO: the template does not use {{SYSTEM_INFO_SECTION}}',
      'variants/bad/variant.yaml:3:10: error INVALID_VERSION: version must be 1 or more (is 0)',
      'variants/bad/variant.yaml:4:14: error MISSING_DESCRIPTION: the variant has no description',
      'variants/bad/variant.yaml:5:1: error MISSING_COMPONENT_ORDER: componentOrder is empty',
      "variants/bad/variant.yaml:6:14: error DUPLICATE_TOOL: tool 'say' appears twice in tools",
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
      'variants/w/template.md:1:48: warning UNKNOWN_PLACEHOLDER: {{WHAT}} is neither a component of this variant, a standard placeholder nor a variant placeholder',
      'variants/w/template.md:1:48: warning UNRESOLVED_IN_OUTPUT: {{WHAT}} stays unresolved in the final prompt [preset base]',
      "variants/w/variant.yaml:6:38: error DUPLICATE_COMPONENT: component 'AGENT_ROLE_SECTION' appears twice in componentOrder",
      "variants/w/variant.yaml:6:58: warning COMPONENT_NOT_IN_TEMPLATE: component 'NOWHERE' is built but the template never uses {{NOWHERE}}",
      `variants/w/variant.yaml:6:58: warning UNKNOWN_COMPONENT: no component 'NOWHERE' is registered; the build will warn "Component 'NOWHERE' not found"`,
      "variants/w/variant.yaml:8:3: warning UNUSED_COMPONENT_OVERRIDE: override for component 'RULES_SECTION', which is not in componentOrder",
      "variants/w/variant.yaml:11:3: warning UNUSED_TOOL_OVERRIDE: override for tool 'ghost', which is not in tools",
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
      'variants/s/variant.yaml:1:1: warning STRICT_NO_LABELS: the variant has no labels',
      'variants/s/variant.yaml:4:14: warning STRICT_SHORT_DESCRIPTION: the description is shorter than 20 characters',
      'variants/s/variant.yaml:5:1: warning STRICT_MISSING_RULES: componentOrder has no RULES_SECTION',
      'variants/s/variant.yaml:5:1: warning STRICT_MISSING_SYSTEM_INFO: componentOrder has no SYSTEM_INFO_SECTION',
      'variants/s/variant.yaml:5:18: warning STRICT_TOOL_USE_BEFORE_AGENT_ROLE: TOOL_USE_SECTION comes before AGENT_ROLE_SECTION',
      'variants/s/variant.yaml:5:36: warning STRICT_AGENT_ROLE_NOT_FIRST: AGENT_ROLE_SECTION should come first',
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
      'variants/broken/variant.yaml:5:1: error MATCHER_INVALID: the matcher cannot run (the regex /[/ is not accepted: missing closing ]: `[`); selection skips this variant',
      "variants/narrow/variant.yaml:5:1: warning MATCHER_SHADOWED: the matcher can never win: every context it matches is matched first by 'broad', which is tried earlier",
    ]);
  });

  it('build-based checks: keys inherited from Object.prototype, components that are empty or throw', () => {
    const out = lint({
      'variants/generic/template.md': '{{AGENT_ROLE_SECTION}} {{constructor}} {{SYSTEM_INFO_SECTION}} {{TOOLBOX}}',
      'components/TOOLBOX.md': '{{#if context.supportsBrowserUse}}browser tools{{/if}}',
    });
    expect(out.filter((l) => l.startsWith('variants/generic/'))).toEqual([
      'variants/generic/template.md:1:24: warning INHERITED_KEY: {{constructor}} resolves to a built-in object member and is written as "undefined" [preset base]',
      'variants/generic/template.md:1:24: warning UNKNOWN_PLACEHOLDER: {{constructor}} is neither a component of this variant, a standard placeholder nor a variant placeholder',
      // TOOLBOX renders nothing without a browser, so its key stays in the text (it is not a standard section).
      'variants/generic/template.md:1:64: warning UNRESOLVED_IN_OUTPUT: {{TOOLBOX}} stays unresolved in the final prompt [preset base]',
      "variants/generic/variant.yaml:6:38: info COMPONENT_EMPTY_FOR_CONTEXT: component 'TOOLBOX' produces nothing (renders nothing for this context) [preset base]",
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
