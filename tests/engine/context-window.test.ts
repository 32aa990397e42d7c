import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { memoryFileSource } from '../../shared/domain/file-source.js';
import { parseContext } from '../../shared/domain/parse-context.js';
import { checkContextWindow, mayExceedContextWindow, modelOfContext } from '../../shared/engine/models/context-window.js';
import { BUILTIN_MODEL_LIMITS, ModelLimitsFileSchema, modelLimits } from '../../shared/engine/models/model-limits.js';
import { loadWorkspace } from '../../shared/engine/workspace/load-workspace.js';
import { builtinWorkspaceDir } from '../../electron/host/builtin-workspace.js';
import { miniWorkspace } from '../fixtures/temp-workspace.js';

/** Each model family's context window and max output: the table, its lookup, and the check of a build against it. */

const words = (n: number): string => Array.from({ length: n }, (_, i) => `w${i % 10}`).join(' ');
/** One token per character: a counter that makes the numbers easy to follow. */
const perChar = (t: string): number => t.length;

describe('the model limits table', () => {
  it('the built-in workspace models.yaml holds exactly the built-in rows', () => {
    const text = fs.readFileSync(path.join(builtinWorkspaceDir(), 'models.yaml'), 'utf8');
    expect(ModelLimitsFileSchema.parse(parse(text)).families).toEqual(BUILTIN_MODEL_LIMITS);
  });

  it('serves the families the built-in variants name in their modelName', () => {
    const ws = loadWorkspace(memoryFileSource({}));
    expect(ws.modelLimits).toEqual([]);
    for (const id of [
      'claude-sonnet-4-5',
      'gpt-5',
      'gemini-3-pro-preview',
      'glm-4.6',
      'devstral-small-2507',
      'hermes-4-405b',
      'qwen2.5-coder:7b',
    ])
      expect(modelLimits(id), id).toBeDefined();
    expect(modelLimits('any')).toBeUndefined();
  });

  it('finds a family by the longest prefix of the model name, after any gateway or vendor part; the workspace wins ties', () => {
    expect(modelLimits('claude-sonnet-4-5-20250929')).toMatchObject({
      family: 'claude-sonnet-4.5',
      contextWindow: 200000,
      maxOutput: 64000,
      source: 'built-in',
    });
    expect(modelLimits('openrouter/anthropic/claude-sonnet-4.5')?.family).toBe('claude-sonnet-4.5');
    expect(modelLimits('grok-4-fast-reasoning')?.family).toBe('grok-4-fast');
    expect(modelLimits('GPT-5-Codex')?.family).toBe('gpt-5');
    const mine = [{ family: 'my-sonnet', match: ['claude-sonnet-4-5'], contextWindow: 1000000 }];
    expect(modelLimits('claude-sonnet-4-5-20250929', mine)).toMatchObject({
      family: 'my-sonnet',
      contextWindow: 1000000,
      source: 'workspace',
    });
  });

  it('loads models.yaml from the workspace, and names the file and line of a mistake', () => {
    const ok = loadWorkspace(memoryFileSource({ 'models.yaml': 'families:\n  - family: x\n    match: [x-]\n    contextWindow: 10\n' }));
    expect(ok.modelLimits).toEqual([{ family: 'x', match: ['x-'], contextWindow: 10 }]);
    const bad = loadWorkspace(memoryFileSource({ 'models.yaml': 'families:\n  - family: x\n    match: [x-]\n    contextWindow: lots\n' }));
    expect(bad.modelLimits).toEqual([]);
    expect(bad.problems).toEqual([
      expect.objectContaining({ file: 'models.yaml', line: 4, severity: 'error', path: 'families.0.contextWindow' }),
    ]);
  });
});

describe('the check of a build against its window', () => {
  const context = parseContext({ providerInfo: { providerId: 'anthropic', model: { id: 'small-1' }, mode: 'act' } });
  const table = [{ family: 'small', match: ['small-'], contextWindow: 100, maxOutput: 30 }];

  it('adds prompt, native tools and the output budget, and says by how much it is over', () => {
    const tools = {
      openai: [],
      gemini: [],
      anthropic: [{ name: 't', description: 'd', input_schema: { type: 'object' as const, properties: {}, required: [] } }],
    };
    const check = checkContextWindow({
      model: modelOfContext(context),
      text: 'x'.repeat(60),
      tools,
      config: { maxTokens: 40 },
      table,
      countTokens: perChar,
    })!;
    const toolChars = JSON.stringify(tools.anthropic).length;
    expect(check).toMatchObject({
      promptTokens: 60,
      toolTokens: toolChars,
      outputTokens: 40,
      totalTokens: 100 + toolChars,
      over: toolChars,
      outputOver: 10,
    });
    expect(check.warning).toBe(
      `the prompt 60 + tool definitions ${toolChars} + the output budget 40 (the variant config maxTokens) = ${100 + toolChars} tokens, over the 100-token context window of small-1 by ${toolChars}; the output budget 40 (the variant config maxTokens) is over the 30-token maximum output of small-1 by 10 (limits of family small in models.yaml)`,
    );
  });

  it('a build that fits has no warning; a model no table knows uses the context model info, else is not checked', () => {
    expect(checkContextWindow({ model: modelOfContext(context), text: 'x'.repeat(50), table, countTokens: perChar })).toMatchObject({
      over: 0,
      outputTokens: null,
    });
    expect(
      checkContextWindow({ model: modelOfContext(context), text: 'x'.repeat(50), table, countTokens: perChar })?.warning,
    ).toBeUndefined();
    const withInfo = modelOfContext(
      parseContext({ providerInfo: { providerId: 'x', model: { id: 'mystery', info: { contextWindow: 10, maxTokens: 5 } }, mode: 'act' } }),
    );
    expect(checkContextWindow({ model: withInfo, text: 'x'.repeat(8), countTokens: perChar })).toMatchObject({
      limits: { source: 'context', contextWindow: 10 },
      outputTokens: 5,
      over: 3,
    });
    expect(checkContextWindow({ model: { id: 'mystery' }, text: 'x', countTokens: perChar })).toBeUndefined();
  });

  it('counts only what may not fit: a prompt whose bytes fit the window fits it', () => {
    const input = { model: modelOfContext(context), text: 'x'.repeat(50), table };
    expect(mayExceedContextWindow(input)).toBe(false);
    expect(mayExceedContextWindow({ ...input, text: 'x'.repeat(101) })).toBe(true);
    expect(mayExceedContextWindow({ ...input, config: { maxTokens: 31 } })).toBe(true);
  });
});

describe('variant-studio check and the Problems panel', () => {
  it('warn when a preset build does not fit, at the maxTokens line, saying by how much and what to change', async () => {
    const { checkWorkspace } = await import('../../shared/engine/lint/check-workspace.js');
    const files = {
      ...miniWorkspace(),
      'models.yaml': 'families:\n  - family: claude-x\n    match: [claude-x]\n    contextWindow: 120\n',
      'variants/generic/variant.yaml': `${miniWorkspace()['variants/generic/variant.yaml']}config:\n  maxTokens: 50\n`,
      'variants/generic/template.md': `{{AGENT_ROLE_SECTION}} ${words(30)}`,
    };
    const findings = checkWorkspace(loadWorkspace(memoryFileSource(files)), { strict: false, countTokens: perChar }).filter(
      (f) => f.code === 'CONTEXT_WINDOW_EXCEEDED',
    );
    expect(findings.map((f) => [f.variantId, f.preset, f.file, f.line])).toEqual([
      ['generic', 'base', 'variants/generic/variant.yaml', expect.any(Number)],
      ['generic', 'browser', 'variants/generic/variant.yaml', expect.any(Number)],
    ]);
    expect(findings[0]!.message).toMatch(
      /^the prompt \d+ \+ the output budget 50 \(the variant config maxTokens\) = \d+ tokens, over the 120-token context window of claude-x by \d+ \(limits of family claude-x in models.yaml\)$/,
    );
    expect(findings[0]!.fix).toMatch(
      /^shorten the prompt by \d+ tokens or lower the output budget by as much; or, if the model's real limits differ, set them for family claude-x in models.yaml$/,
    );
  });
});
