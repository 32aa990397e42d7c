import { describe, expect, it } from 'vitest';
import { loadWorkspace } from '../../shared/engine/workspace/load-workspace.js';
import { renderBuilds } from '../../shared/bundle/rendered.js';
import { requestExport } from '../../shared/export/prompt-files.js';
import { API_KINDS } from '../../shared/requests/api-kind.js';
import { requestInputFromStack, requestInputFromVariant } from '../../shared/requests/request-input.js';
import { API_DEFAULT_MODELS, requestModel } from '../../shared/requests/request-model.js';
import { builtinWorkspaceDir } from '../../electron/host/builtin-workspace.js';
import { folderFileSource } from '../../electron/host/folder-source.js';

/** Which model an exported request body names: one of its API's, by one function, with the rule that chose it. */

const ws = loadWorkspace(folderFileSource(builtinWorkspaceDir()));
const CLAUDE = { modelId: 'claude-sonnet-4-5-20250929', providerId: 'anthropic' };

describe('requestModel', () => {
  it("takes the context's model when it is one of the API's", () => {
    expect(requestModel('anthropic', { context: CLAUDE, variantModelName: 'gpt-5' })).toEqual({
      model: 'claude-sonnet-4-5-20250929',
      rule: 'context',
      reason: "the context's model (claude-sonnet-4-5-20250929, an Anthropic model)",
    });
  });

  it("else the variant's modelName, when it is one of the API's", () => {
    expect(requestModel('openai-chat', { context: CLAUDE, variantModelName: 'gpt-5' })).toEqual({
      model: 'gpt-5',
      rule: 'variant',
      reason: "the variant's modelName (gpt-5): the context's model claude-sonnet-4-5-20250929 is an Anthropic model",
    });
  });

  it("else the API's default from the table, saying why neither fitted", () => {
    expect(requestModel('gemini', { context: CLAUDE, variantModelName: 'gpt-5' })).toEqual({
      model: 'gemini-2.5-pro',
      rule: 'api-default',
      reason:
        "the default model of Gemini generateContent (gemini-2.5-pro): the context's model claude-sonnet-4-5-20250929 is an Anthropic model; the variant's modelName gpt-5 is an OpenAI model",
    });
    expect(requestModel('openai-responses', {})).toEqual({
      model: API_DEFAULT_MODELS['openai-responses'],
      rule: 'api-default',
      reason: 'the default model of OpenAI Responses (gpt-5): the context names no model; the variant sets no modelName',
    });
    // A gateway's id is not the provider's own: api.anthropic.com does not take it.
    expect(requestModel('anthropic', { context: { modelId: 'openrouter/anthropic/claude-opus-4.1', providerId: 'anthropic' } }).rule).toBe(
      'api-default',
    );
    // generic's modelName is `any`: no provider's.
    expect(requestModel('anthropic', { context: { modelId: 'gpt-5' }, variantModelName: 'any' }).reason).toBe(
      "the default model of Anthropic Messages (claude-sonnet-4-5): the context's model gpt-5 is an OpenAI model; the variant's modelName any is a model of no known provider",
    );
  });

  it("an id no table knows belongs to the context's provider", () => {
    expect(requestModel('anthropic', { context: { modelId: 'my-finetune', providerId: 'anthropic' } }).model).toBe('my-finetune');
    expect(requestModel('openai-chat', { context: { modelId: 'my-finetune', providerId: 'anthropic' } }).model).toBe('gpt-5');
  });
});

describe('the request inputs use it', () => {
  const gpt5 = ws.variants.find((v) => v.id === 'gpt-5')!;
  const basic = ws.presets.find((p) => p.name === 'basic')!;
  const built = (id: string) => renderBuilds(ws, [ws.variants.find((v) => v.id === id)!], ['basic'])[0]!.result;
  const result = built('gpt-5');

  it('gpt-5 under basic: each API gets a model of its own', () => {
    const models = API_KINDS.map((api) => {
      const input = requestInputFromVariant(result, basic.context, gpt5, api);
      return [api, input.model, input.modelChoice?.rule, input.maxTokens];
    });
    expect(models).toEqual([
      ['openai-chat', 'gpt-5', 'variant', 32000],
      ['openai-responses', 'gpt-5', 'variant', 32000],
      ['anthropic', 'claude-sonnet-4-5-20250929', 'context', 32000],
      ['gemini', 'gemini-2.5-pro', 'api-default', 32000],
    ]);
  });

  it("the context's model info sets max tokens only for the context's model", () => {
    const generic = ws.variants.find((v) => v.id === 'generic')!;
    const config = { ...generic.config, maxTokens: undefined };
    expect(requestInputFromVariant(built('generic'), basic.context, { config }, 'anthropic').maxTokens).toBe(64000);
    expect(requestInputFromVariant(built('generic'), basic.context, { config }, 'openai-chat').maxTokens).toBe(8192);
  });

  it('a stack build: its model when it is the API’s, else the default', () => {
    const stack = { system: 'S', messages: [], modelId: 'gpt-5', providerId: 'openai' };
    expect(requestInputFromStack(stack, 'openai-chat').model).toBe('gpt-5');
    expect(requestInputFromStack(stack, 'anthropic').modelChoice).toMatchObject({ model: 'claude-sonnet-4-5', rule: 'api-default' });
  });

  it('the export README names the model, the rule, and the Gemini URL of the chosen model', () => {
    const { files, bodies } = requestExport(renderBuilds(ws, [gpt5], ['basic']), ws, API_KINDS);
    expect(bodies.map((b) => [b.file, b.model.model, b.model.rule])).toEqual([
      ['gpt-5/basic.openai-chat.json', 'gpt-5', 'variant'],
      ['gpt-5/basic.openai-responses.json', 'gpt-5', 'variant'],
      ['gpt-5/basic.anthropic.json', 'claude-sonnet-4-5-20250929', 'context'],
      ['gpt-5/basic.gemini.json', 'gemini-2.5-pro', 'api-default'],
    ]);
    const readme = files.get('README.md')!;
    expect(readme).toContain(
      "- OpenAI Chat Completions, gpt-5 × basic, model gpt-5: the variant's modelName (gpt-5): the context's model claude-sonnet-4-5-20250929 is an Anthropic model.",
    );
    expect(readme).toContain('https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-pro:generateContent');
    expect(readme).not.toContain('models/claude');
    expect(JSON.parse(files.get('gpt-5/basic.openai-chat.json')!).model).toBe('gpt-5');
  });
});
