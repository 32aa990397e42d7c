import { describe, expect, it } from 'vitest';
import { parseContext } from '../../shared/domain/parse-context.js';
import { buildVariantPrompt } from '../../shared/engine/build/build-variant-prompt.js';
import { deterministicBuildOptions } from '../../shared/engine/snapshots/snapshot-files.js';
import { loadWorkspace } from '../../shared/engine/workspace/load-workspace.js';
import { API_KINDS } from '../../shared/requests/api-kind.js';
import { requestShapeProblem } from '../../shared/requests/api-schemas.js';
import { requestBody } from '../../shared/requests/request-bodies.js';
import { requestInputFromVariant, USER_MESSAGE_PLACEHOLDER, type RequestInput } from '../../shared/requests/request-input.js';
import { builtinWorkspaceDir } from '../../electron/host/builtin-workspace.js';
import { folderFileSource } from '../../electron/host/folder-source.js';

/** API request bodies: the documented shape of each API, the prompt byte for byte, the cache breakpoint. */

const ws = loadWorkspace(folderFileSource(builtinWorkspaceDir()));

type Loose = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const PROPERTIES = {
  text: { type: 'string', description: 'What to say.' },
  tags: { type: 'array', description: 'Tags.', items: { type: 'string' } },
};
const TOOL = {
  openai: [
    {
      type: 'function' as const,
      function: {
        name: 'say',
        description: 'Say something.',
        parameters: { type: 'object' as const, properties: PROPERTIES, required: ['text'], additionalProperties: false as const },
      },
    },
  ],
  anthropic: [
    { name: 'say', description: 'Say something.', input_schema: { type: 'object' as const, properties: PROPERTIES, required: ['text'] } },
  ],
  gemini: [
    {
      name: 'say',
      description: 'Say something.',
      parameters: {
        type: 'OBJECT' as const,
        properties: { text: { ...PROPERTIES.text, type: 'STRING' }, tags: { ...PROPERTIES.tags, type: 'ARRAY' } },
        required: ['text'],
      },
    },
  ],
};

const INPUT: RequestInput = {
  model: 'claude-sonnet-4',
  system: 'You are an agent.\n\n====\n\nRULES',
  stablePrefixEnd: 29,
  tools: TOOL,
  user: [USER_MESSAGE_PLACEHOLDER],
  maxTokens: 8192,
  temperature: 0,
};

describe('request bodies, exactly', () => {
  it('OpenAI Chat Completions', () => {
    expect(requestBody('openai-chat', INPUT)).toEqual({
      model: 'claude-sonnet-4',
      messages: [
        { role: 'system', content: INPUT.system },
        { role: 'user', content: USER_MESSAGE_PLACEHOLDER },
      ],
      tools: TOOL.openai,
      max_completion_tokens: 8192,
      temperature: 0,
    });
  });
  it('OpenAI Responses: instructions, flat function tools', () => {
    expect(requestBody('openai-responses', INPUT)).toEqual({
      model: 'claude-sonnet-4',
      instructions: INPUT.system,
      input: [{ role: 'user', content: USER_MESSAGE_PLACEHOLDER }],
      tools: [
        { type: 'function', name: 'say', description: 'Say something.', parameters: TOOL.openai[0]!.function.parameters, strict: false },
      ],
      max_output_tokens: 8192,
      temperature: 0,
    });
  });
  it('Anthropic Messages: the cache breakpoint at the end of the stable prefix', () => {
    expect(requestBody('anthropic', INPUT)).toEqual({
      model: 'claude-sonnet-4',
      max_tokens: 8192,
      temperature: 0,
      system: [
        { type: 'text', text: 'You are an agent.\n\n====\n\nRULE', cache_control: { type: 'ephemeral' } },
        { type: 'text', text: 'S' },
      ],
      tools: TOOL.anthropic,
      messages: [{ role: 'user', content: USER_MESSAGE_PLACEHOLDER }],
    });
    expect(requestBody('anthropic', { ...INPUT, stablePrefixEnd: INPUT.system.length })).toMatchObject({
      system: [{ type: 'text', text: INPUT.system, cache_control: { type: 'ephemeral' } }],
    });
    expect(requestBody('anthropic', { ...INPUT, stablePrefixEnd: 0 })).toMatchObject({ system: [{ type: 'text', text: INPUT.system }] });
  });
  it('Gemini generateContent: systemInstruction, capitalised schema types at every depth', () => {
    expect(requestBody('gemini', INPUT)).toEqual({
      systemInstruction: { parts: [{ text: INPUT.system }] },
      contents: [{ role: 'user', parts: [{ text: USER_MESSAGE_PLACEHOLDER }] }],
      tools: [
        {
          functionDeclarations: [
            {
              name: 'say',
              description: 'Say something.',
              parameters: {
                type: 'OBJECT',
                properties: {
                  text: { type: 'STRING', description: 'What to say.' },
                  tags: { type: 'ARRAY', description: 'Tags.', items: { type: 'STRING' } },
                },
                required: ['text'],
              },
            },
          ],
        },
      ],
      generationConfig: { maxOutputTokens: 8192, temperature: 0 },
    });
  });
});

describe('every built-in variant x preset, with and without native tools, in every API', () => {
  it('has the documented shape and carries the prompt byte for byte', () => {
    let checked = 0;
    for (const variant of ws.variants) {
      for (const preset of ws.presets) {
        for (const native of [false, true]) {
          const context = native ? parseContext({ ...preset.context, enableNativeToolCalls: true }) : preset.context;
          const result = buildVariantPrompt({
            variant,
            context,
            components: ws.components,
            tools: ws.tools,
            options: deterministicBuildOptions(),
          });
          const input = requestInputFromVariant(result, context, variant);
          expect(input.model).toBe(context.providerInfo?.model.id);
          expect(input.maxTokens).toBe(variant.config.maxTokens ?? 8192);
          for (const api of API_KINDS) {
            const body = requestBody(api, input) as Loose;
            expect(requestShapeProblem(api, body), `${variant.id} x ${preset.name} (${api}, native ${native})`).toBeUndefined();
            const system =
              api === 'openai-chat'
                ? body.messages[0].content
                : api === 'openai-responses'
                  ? body.instructions
                  : api === 'anthropic'
                    ? body.system.map((b: Loose) => b.text).join('')
                    : body.systemInstruction.parts[0].text;
            expect(system).toBe(result.text);
            if (api === 'anthropic') expect(body.system.at(-1).cache_control).toEqual({ type: 'ephemeral' });
            const tools = body.tools as Loose[] | undefined;
            if (native) expect(tools?.length, `${variant.id} ${api}`).toBeGreaterThan(0);
            else expect(tools).toBeUndefined();
            checked++;
          }
        }
      }
    }
    expect(checked).toBe(8 * 7 * 2 * 4);
  });
});

describe('the schemas are the documented shapes (they refuse what the APIs refuse)', () => {
  const valid = (api: (typeof API_KINDS)[number]): Loose => requestBody(api, INPUT) as Loose;
  it('Anthropic needs max_tokens, text blocks that are not empty, valid tool names', () => {
    const { max_tokens: _drop, ...noMax } = valid('anthropic');
    expect(requestShapeProblem('anthropic', noMax)).toMatch(/^max_tokens: /);
    expect(requestShapeProblem('anthropic', { ...valid('anthropic'), system: [{ type: 'text', text: '' }] })).toMatch(/^system/);
    expect(requestShapeProblem('anthropic', { ...valid('anthropic'), tools: [{ ...TOOL.anthropic[0], name: 'has space' }] })).toMatch(
      /^tools\.0\.name: /,
    );
    expect(
      requestShapeProblem('anthropic', {
        ...valid('anthropic'),
        system: [{ type: 'text', text: 'x', cache_control: { type: 'forever' } }],
      }),
    ).toBe('system: Invalid input');
    expect(
      requestShapeProblem('anthropic', {
        ...valid('anthropic'),
        system: [{ type: 'text', text: 'x', cache_control: { type: 'ephemeral' } }],
      }),
    ).toBeUndefined();
  });
  it('OpenAI Responses wants flat function tools, not the Chat Completions nesting', () => {
    expect(requestShapeProblem('openai-responses', { ...valid('openai-responses'), tools: TOOL.openai })).toMatch(/^tools\.0/);
    expect(requestShapeProblem('openai-chat', { ...valid('openai-chat'), tools: valid('openai-responses').tools })).toMatch(/^tools\.0/);
  });
  it('Gemini wants capitalised types and contents', () => {
    expect(
      requestShapeProblem('gemini', {
        ...valid('gemini'),
        tools: [{ functionDeclarations: [{ ...TOOL.gemini[0], parameters: { type: 'object' } }] }],
      }),
    ).toMatch(/^tools\.0\.functionDeclarations\.0\.parameters\.type: /);
    expect(requestShapeProblem('gemini', { ...valid('gemini'), contents: [] })).toMatch(/^contents: /);
  });
  it('required names must be properties', () => {
    const tool = {
      ...TOOL.openai[0]!,
      function: { ...TOOL.openai[0]!.function, parameters: { ...TOOL.openai[0]!.function.parameters, required: ['nope'] } },
    };
    expect(requestShapeProblem('openai-chat', { ...valid('openai-chat'), tools: [tool] })).toBe(
      'tools.0.function.parameters: every required name must be a property',
    );
  });
});
