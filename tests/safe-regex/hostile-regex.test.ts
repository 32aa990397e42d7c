import { describe, expect, it } from 'vitest';
import { memoryFileSource } from '../../shared/domain/file-source.js';
import { formatProblem } from '../../shared/domain/problems.js';
import { MatcherSchema } from '../../shared/domain/matcher.js';
import { parseContext } from '../../shared/domain/parse-context.js';
import { lintWorkspace } from '../../shared/engine/lint/lint-workspace.js';
import { evaluateMatcher } from '../../shared/engine/selection/evaluate-matcher.js';
import { loadWorkspace } from '../../shared/engine/workspace/load-workspace.js';
import { contextTreeFiles, lintInstructions, parseHarnessContext, runHarness } from '../../shared/harness/index.js';
import { patternMatcher } from '../../shared/harness/text/path-patterns.js';
import { gitignoreMatcher } from '../../shared/harness/run/gitignore.js';
import { compileGlob } from '../../shared/safe-regex/linear-glob.js';
import { compileLinearRegex } from '../../shared/safe-regex/linear-regex.js';
import { loadStackProfile } from '../../shared/stack/load-profile.js';
import { idConditionHolds } from '../../shared/stack/provider.js';
import { miniWorkspace } from '../fixtures/temp-workspace.js';
import { builtinHarnesses } from '../harness/conformance-cases.js';

/**
 * Issue 18, item 4: every regular expression from a file runs in linear time. One test per
 * hostile family; the texts are long enough that a backtracking engine would not finish
 * (the issue measured 4–7 s for the 26-character id, and no end for 35 characters).
 */

const MODEL = 'claude-sonnet-4-5-20250929';
const LONG = `${'a'.repeat(50_000)}!`;
const accepts = (source: string, text: string): boolean => {
  const compiled = compileLinearRegex(source);
  if (!compiled.ok) throw new Error(compiled.reason);
  return compiled.regex.test(text);
};
const refusal = (source: string): string | undefined => {
  const compiled = compileLinearRegex(source);
  return compiled.ok ? undefined : compiled.reason;
};

describe('hostile regular expressions', () => {
  it('nested quantifiers run in linear time', () => {
    expect(accepts('^([\\w.:-]+)+Z$', MODEL)).toBe(false);
    expect(accepts('^([\\w.:-]+)+Z$', `${MODEL}-and-a-35-character-tail-x`)).toBe(false);
    expect(accepts('(a+)+b', LONG)).toBe(false);
    expect(accepts('(a*)*b', LONG)).toBe(false);
    expect(accepts('^([\\w.:-]+)+Z$', `${MODEL}Z`)).toBe(true);
  });

  it('overlapping alternation runs in linear time', () => {
    expect(accepts('^(a|a)*b$', LONG)).toBe(false);
    expect(accepts('^(a|aa)+$', LONG)).toBe(false);
    expect(accepts('^(\\w|\\d|[a-z0-9])+$', LONG)).toBe(false);
    expect(accepts('^(a|aa)+$', 'aaaa')).toBe(true);
  });

  it('backreferences and lookaround are refused, with the reason', () => {
    expect(refusal('(a+)\\1')).toBe(
      'invalid escape sequence: `\\1` (patterns run on a linear-time engine: no lookaround, no backreferences, repetition counts up to 1000)',
    );
    expect(refusal('(?=a)b')).toBe(
      'invalid or unsupported Perl syntax: `(?=` (patterns run on a linear-time engine: no lookaround, no backreferences, repetition counts up to 1000)',
    );
    expect(refusal('(?<x>a)\\k<x>')).toMatch(/^invalid escape sequence: `\\k`/);
  });

  it('huge counted repetition is refused; a count up to 1000 runs', () => {
    expect(refusal('a{100000}')).toMatch(/^invalid repeat count: `\{100000\}`/);
    expect(refusal('((a{1000}){1000}){1000}')).toMatch(/^invalid repeat count/);
    expect(refusal('(a{500}){500}')).toMatch(/^invalid repeat count/);
    expect(accepts('^a{1000}$', 'a'.repeat(1000))).toBe(true);
    expect(refusal('a'.repeat(1001))).toBe('the pattern is 1001 characters long; at most 1000 are accepted');
  });
});

describe('hostile patterns where the files use them', () => {
  it('a variant matcher: selection evaluates the nested quantifier on the model id at once', () => {
    const matcher = MatcherSchema.parse({ modelId: { regex: '^([\\w.:-]+)+Z$' } });
    for (const id of [MODEL, `${MODEL}-and-a-35-character-tail-x`]) {
      const context = parseContext({ providerInfo: { providerId: 'anthropic', model: { id }, mode: 'act' } });
      expect(evaluateMatcher(matcher, context).matched).toBe(false);
    }
  });

  it('lint reports a matcher regex it cannot accept, naming the file and the pattern', () => {
    const files = {
      ...miniWorkspace(),
      'variants/special/variant.yaml': miniWorkspace()['variants/special/variant.yaml']!.replace(
        'matcher: { modelId: { contains: special } }',
        'matcher: { any: [ { always: true }, { modelId: { regex: "(a+)\\\\1" } } ] }',
      ),
    };
    const ws = loadWorkspace(memoryFileSource(files));
    const findings = lintWorkspace(ws).filter((f) => f.code === 'MATCHER_INVALID');
    expect(findings.map((f) => `${f.file}: ${f.message}`)).toEqual([
      'variants/special/variant.yaml: the matcher cannot run (the regex /(a+)\\1/ is not accepted: invalid escape sequence: `\\1` (patterns run on a linear-time engine: no lookaround, no backreferences, repetition counts up to 1000)); selection skips this variant',
    ]);
  });

  it('a stack provider rule: the nested quantifier runs at once; a backreference is a problem of profile.yaml', () => {
    expect(idConditionHolds({ regex: '^([\\w.:-]+)+Z$', ignoreCase: true }, MODEL)).toBe(false);
    const profile = [
      'id: p',
      'name: P',
      'defaultAgent: build',
      'providerPrompts: { default: { text: hi } }',
      'providerRules:',
      '  - { id: back, prompt: default, modelId: [{ regex: "(a)\\\\1" }] }',
      '  - { id: all, prompt: default }',
      'agents: { build: { description: builds } }',
      'environment: { text: env }',
      'instructionFiles: [{ name: AGENTS.md }]',
      '',
    ].join('\n');
    const loaded = loadStackProfile(memoryFileSource({ 'profiles/p/profile.yaml': profile }), 'profiles/p');
    expect(loaded.problems.filter((p) => p.severity === 'error').map(formatProblem)).toEqual([
      'profiles/p/profile.yaml:6:53: error: the regex /(a)\\1/ is not accepted: invalid escape sequence: `\\1` (patterns run on a linear-time engine: no lookaround, no backreferences, repetition counts up to 1000) (at providerRules.0.modelId.0.regex)',
    ]);
  });

  it('globs with many stars match long names at once (rule paths, .gitignore), with picomatch’s verdicts', () => {
    const stars = '*a*a*a*a*a*a*a*a*a*a*b';
    const name = 'a'.repeat(5000);
    expect(patternMatcher(stars, 'cline')(name)).toBe(false);
    expect(patternMatcher(stars, 'claude')(name)).toBe(false);
    expect(patternMatcher(`**/${stars}`, 'cline')(`x/y/${name}`)).toBe(false);
    expect(gitignoreMatcher(stars)(name, false)).toBe(false);
    expect(patternMatcher(stars, 'cline')(`${name}b`)).toBe(true);
    expect(gitignoreMatcher(`${stars}\n`)(`dir/${name}b`, false)).toBe(true);
    const g = compileGlob('+(a|aa)+(a|aa)b', { dot: true });
    expect(g.ok && g.test('a'.repeat(5000))).toBe(false);
  });

  it('lint reports a rule paths pattern linear matching refuses, instead of “matches nothing”', async () => {
    const long = `src/${'a'.repeat(1000)}*.ts`;
    const context = parseHarnessContext({
      files: { '/repo/.git/': '', '/repo/.claude/rules/long.md': `---\npaths: ["${long}"]\n---\nRule\n`, '/repo/src/a.ts': '' },
      cwd: '/repo',
      home: '/home/u',
      env: { CLAUDE_CODE_DISABLE_AUTO_MEMORY: '1' },
    });
    const claude = builtinHarnesses().filter((p) => p.loader === 'claude-code');
    const results = await Promise.all(claude.map((p) => runHarness(p, context)));
    const findings = lintInstructions(results, contextTreeFiles(context)).filter((f) => f.code.startsWith('paths-'));
    expect(findings.map((f) => [f.code, f.message])).toEqual([
      [
        'paths-not-accepted',
        `Claude Code 2.1.328 (observed with 2.1.328, 2.1.332): the paths pattern '${long}' of /repo/.claude/rules/long.md is not accepted (the pattern is 1008 characters long; at most 1000 are accepted): the preview treats it as matching nothing`,
      ],
    ]);
  });
});
