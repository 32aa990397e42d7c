import { describe, expect, it } from 'vitest';
import { evaluateAssertions } from '../../shared/wire/assertions.js';
import { conversationBody } from '../../shared/wire/conversation.js';
import { emptyReply } from '../../shared/wire/reply.js';
import { AssertionSchema } from '../../shared/wire/test-file.js';
import { checkNativeCalls, parseXmlToolCalls, type ToolVocabulary } from '../../shared/wire/tool-calls.js';
import type { RequestInput } from '../../shared/requests/request-input.js';

const TOOLS: ToolVocabulary['tools'] = [
  {
    name: 'read_file',
    parameters: {
      type: 'object',
      properties: { path: { type: 'string', description: '' } },
      required: ['path'],
      additionalProperties: false,
    },
  },
  {
    name: 'write_to_file',
    parameters: {
      type: 'object',
      properties: { path: { type: 'string', description: '' }, content: { type: 'string', description: '' } },
      required: ['path', 'content'],
    },
  },
];

describe('Cline-style XML tool calls', () => {
  const xml: ToolVocabulary = { format: 'xml', tools: TOOLS };

  it('finds the calls of known tools with their parameters trimmed, leaving unknown tags as text', () => {
    const text = 'I will read it.\n<thinking>x</thinking>\n<read_file>\n<path> src/a.ts </path>\n<bogus>1</bogus>\n</read_file>\nthen more';
    expect(parseXmlToolCalls(text, xml)).toEqual([
      {
        format: 'xml',
        name: 'read_file',
        arguments: { path: 'src/a.ts' },
        raw: '<read_file>\n<path> src/a.ts </path>\n<bogus>1</bogus>\n</read_file>',
        problems: [],
      },
    ]);
  });

  it('keeps file content whole, even when it holds the closing tags, losing only one line break at each end', () => {
    const text =
      '<write_to_file>\n<path>t.md</path>\n<content>\nsee </content> and </write_to_file> here\n  indented\n</content>\n</write_to_file>';
    const [call] = parseXmlToolCalls(text, xml);
    expect(call?.arguments).toEqual({ path: 't.md', content: 'see </content> and </write_to_file> here\n  indented' });
    expect(call?.problems).toEqual([]);
  });

  it('marks a call that never closes, and names missing required parameters', () => {
    expect(parseXmlToolCalls('<write_to_file><path>a</path>', xml)).toEqual([
      {
        format: 'xml',
        name: 'write_to_file',
        arguments: { path: 'a' },
        raw: '<write_to_file><path>a</path>',
        problems: ["the required parameter 'content' is missing", 'the call is not closed (</write_to_file> is missing)'],
        partial: true,
      },
    ]);
  });
});

describe('native tool calls', () => {
  const native: ToolVocabulary = { format: 'native', tools: TOOLS };

  it('accepts arguments valid under the tool’s JSON Schema', () => {
    expect(checkNativeCalls([{ name: 'read_file', arguments: '{"path":"x"}' }], native)[0]?.problems).toEqual([]);
  });

  it('names what is wrong: bad JSON, unknown tools, schema violations', () => {
    const checked = checkNativeCalls(
      [
        { name: 'read_file', arguments: '{"path":' },
        { name: 'delete_all', arguments: '{}' },
        { name: 'read_file', arguments: '{"path":3,"extra":true}' },
      ],
      native,
    );
    expect(checked.map((c) => c.problems)).toEqual([
      ['the arguments are not valid JSON'],
      ["'delete_all' is not a tool the request defined"],
      [
        '/path: Instance type "number" is invalid. Expected "string".',
        '(arguments): Property "extra" does not match additional properties schema.',
      ],
    ]);
  });
});

describe('assertions', () => {
  const outcome = (text: string, calls: { name: string; arguments: string }[] = []) => ({
    reply: { ...emptyReply(), text, usage: { inputTokens: 10, outputTokens: 40, cachedInputTokens: 0, cacheWriteTokens: 0 } },
    toolCalls: checkNativeCalls(calls, { format: 'native', tools: TOOLS }),
    latencyMs: 900,
    cost: 0.002,
  });
  const parse = (a: unknown) => AssertionSchema.parse(a);

  it('passes and fails with the reason, each kind', () => {
    const assertions = [
      { type: 'tool-call', name: 'read_file', arguments: { path: 'src/a.ts' } },
      { type: 'contains', value: 'DONE', ignoreCase: true },
      { type: 'not-contains', value: 'sorry' },
      { type: 'regex', pattern: '^\\{.*\\}$' },
      { type: 'valid-json' },
      { type: 'no-tool-call' },
      { type: 'max-latency', ms: 500 },
      { type: 'max-cost', usd: 0.01 },
      { type: 'max-output-tokens', tokens: 39 },
    ].map(parse);
    const results = evaluateAssertions(assertions, outcome('{"done": true}', [{ name: 'read_file', arguments: '{"path":"src/b.ts"}' }]));
    expect(results.map((r) => [r.pass, r.why])).toEqual([
      [false, 'argument path is "src/b.ts", expected "src/a.ts"'],
      [true, undefined],
      [true, undefined],
      [true, undefined],
      [true, undefined],
      [false, 'the reply called read_file'],
      [false, 'took 900 ms'],
      [true, undefined],
      [false, '40 output tokens'],
    ]);
  });

  it('checks the first tool call’s arguments against a schema', () => {
    const [result] = evaluateAssertions(
      [parse({ type: 'tool-call', schema: { type: 'object', properties: { path: { type: 'string', enum: ['a'] } }, required: ['path'] } })],
      outcome('', [{ name: 'read_file', arguments: '{"path":"b"}' }]),
    );
    expect(result?.pass).toBe(false);
    expect(result?.why).toMatch(/^the arguments do not match the schema: \/path: /);
  });

  it('refuses backtracking regular expressions from a test file and invalid RE2 patterns', () => {
    expect(
      AssertionSchema.safeParse({ type: 'tool-call', schema: { type: 'object', properties: { p: { type: 'string', pattern: '(a+)+$' } } } })
        .success,
    ).toBe(false);
    expect(AssertionSchema.safeParse({ type: 'regex', pattern: '(a' }).success).toBe(false);
    expect(AssertionSchema.safeParse({ type: 'regex', pattern: '(?<=x)a' }).success).toBe(false);
  });
});

describe('the conversation in the body', () => {
  const input: RequestInput = {
    model: 'm',
    system: 'SYS',
    stablePrefixEnd: 3,
    user: ["Replace this with the user's message."],
    maxTokens: 100,
  };
  const turns = [
    { role: 'user' as const, content: 'Fix it' },
    { role: 'assistant' as const, content: 'Reading.', toolCalls: [{ id: 't1', name: 'read_file', arguments: { path: 'a' } }] },
    { role: 'tool' as const, toolCallId: 't1', name: 'read_file', content: 'file text' },
    { role: 'user' as const, content: 'and now?' },
  ];

  it('puts the first user turn in place of the placeholder and later turns in each API’s shape', () => {
    expect((conversationBody('openai-chat', input, turns) as { messages: unknown[] }).messages).toEqual([
      { role: 'system', content: 'SYS' },
      { role: 'user', content: 'Fix it' },
      {
        role: 'assistant',
        content: 'Reading.',
        tool_calls: [{ id: 't1', type: 'function', function: { name: 'read_file', arguments: '{"path":"a"}' } }],
      },
      { role: 'tool', tool_call_id: 't1', content: 'file text' },
      { role: 'user', content: 'and now?' },
    ]);
    expect((conversationBody('anthropic', input, turns) as { messages: unknown[] }).messages).toEqual([
      { role: 'user', content: 'Fix it' },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Reading.' },
          { type: 'tool_use', id: 't1', name: 'read_file', input: { path: 'a' } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 't1', content: 'file text' },
          { type: 'text', text: 'and now?' },
        ],
      },
    ]);
    expect((conversationBody('gemini', input, turns) as { contents: unknown[] }).contents).toEqual([
      { role: 'user', parts: [{ text: 'Fix it' }] },
      { role: 'model', parts: [{ text: 'Reading.' }, { functionCall: { name: 'read_file', args: { path: 'a' } } }] },
      { role: 'user', parts: [{ functionResponse: { name: 'read_file', response: { content: 'file text' } } }, { text: 'and now?' }] },
    ]);
    expect((conversationBody('openai-responses', input, turns) as { input: unknown[] }).input).toEqual([
      { role: 'user', content: 'Fix it' },
      { role: 'assistant', content: 'Reading.' },
      { type: 'function_call', call_id: 't1', name: 'read_file', arguments: '{"path":"a"}' },
      { type: 'function_call_output', call_id: 't1', output: 'file text' },
      { role: 'user', content: 'and now?' },
    ]);
  });
});
