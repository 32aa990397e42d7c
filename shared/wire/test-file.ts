import { RE2JS } from 're2js';
import { z } from 'zod';
import { regexKeywords } from './json-schema-check.js';
import type { Turn } from './conversation.js';

/**
 * A workspace test, `tests/<id>.yaml`: a conversation, the columns it runs on, and what the
 * reply must do. The JSON Schema of the file (schemas/test.schema.json) comes from this one.
 */

const Id = z.string().regex(/^[A-Za-z0-9_.-]+$/, 'ids use letters, digits, _ . -');
const Text = z.string().max(1_000_000);

const ToolCallTurnSchema = z
  .object({ id: z.string().min(1).max(200), name: z.string().min(1).max(200), arguments: z.record(z.string(), z.unknown()).default({}) })
  .strict();

export const TurnSchema = z.discriminatedUnion('role', [
  z.object({ role: z.literal('user'), content: Text.min(1) }).strict(),
  z
    .object({ role: z.literal('assistant'), content: Text.optional(), tool_calls: z.array(ToolCallTurnSchema).max(100).optional() })
    .strict()
    .refine((t) => (t.content ?? '') !== '' || (t.tool_calls?.length ?? 0) > 0, 'an assistant turn needs content or tool_calls'),
  z.object({ role: z.literal('tool'), tool_call_id: z.string().min(1).max(200), name: z.string().min(1).max(200), content: Text }).strict(),
]);
export type TurnInput = z.infer<typeof TurnSchema>;

const JsonSchemaObject = z.record(z.string(), z.unknown()).refine((s) => regexKeywords(s).length === 0, {
  message: 'JSON Schema `pattern` and `patternProperties` are not checked (they could take unbounded time): use a regex assertion',
});

export const AssertionSchema = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('tool-call'),
      /** The first tool call's tool. */
      name: z.string().min(1).max(200).optional(),
      /** Exact values of (some of) its arguments. */
      arguments: z.record(z.string(), z.unknown()).optional(),
      /** A JSON Schema its arguments must satisfy. */
      schema: JsonSchemaObject.optional(),
    })
    .strict(),
  z.object({ type: z.literal('contains'), value: Text.min(1), ignoreCase: z.boolean().optional() }).strict(),
  z.object({ type: z.literal('not-contains'), value: Text.min(1), ignoreCase: z.boolean().optional() }).strict(),
  z
    .object({
      type: z.literal('regex'),
      /** RE2 syntax (linear time); it matches anywhere in the text unless anchored. */
      pattern: z
        .string()
        .min(1)
        .max(10_000)
        .superRefine((pattern, ctx) => {
          try {
            RE2JS.compile(pattern);
          } catch (error) {
            ctx.addIssue({
              code: 'custom',
              message: `not an RE2 regular expression: ${error instanceof Error ? error.message : String(error)}`,
            });
          }
        }),
      ignoreCase: z.boolean().optional(),
    })
    .strict(),
  z.object({ type: z.literal('valid-json') }).strict(),
  z.object({ type: z.literal('no-tool-call') }).strict(),
  z.object({ type: z.literal('max-latency'), ms: z.number().positive() }).strict(),
  z.object({ type: z.literal('max-cost'), usd: z.number().nonnegative() }).strict(),
  z.object({ type: z.literal('max-output-tokens'), tokens: z.number().int().nonnegative() }).strict(),
]);
export type Assertion = z.infer<typeof AssertionSchema>;

const ModelColumn = z.union([
  z.string().min(1).max(200),
  z.object({ id: z.string().min(1).max(200), provider: z.string().min(1).max(200).optional() }).strict(),
]);
const ProfileColumn = z.union([Id, z.object({ id: Id, agent: z.string().min(1).max(200).optional() }).strict()]);

export const TestColumnsSchema = z
  .object({
    /** Variants by id. */
    variants: z.array(Id).max(100).optional(),
    /** Model ids: each runs the variant selection picks for it, with that model in the request. */
    models: z.array(ModelColumn).max(100).optional(),
    /** Stack profiles. */
    profiles: z.array(ProfileColumn).max(100).optional(),
    /** Context presets, each column under each (stack presets for profiles). */
    presets: z.array(z.string().min(1).max(200)).min(1).max(100),
    /** Connection ids (settings or the connections file); default: every connection configured. */
    connections: z.array(z.string().min(1).max(100)).max(20).optional(),
  })
  .strict()
  .refine((c) => (c.variants?.length ?? 0) + (c.models?.length ?? 0) + (c.profiles?.length ?? 0) > 0, {
    message: 'name at least one of variants, models or profiles',
  });

export const TestFileSchema = z
  .object({
    description: z.string().max(2000).optional(),
    /** The conversation: a user turn first; later assistant turns (with tool calls) and tool results may follow. */
    messages: z
      .array(TurnSchema)
      .min(1)
      .max(200)
      .refine((turns) => turns[0]?.role === 'user', 'the first message must be a user turn'),
    columns: TestColumnsSchema,
    /** What the reply must do; all must pass. */
    assert: z.array(AssertionSchema).max(100).default([]),
    /** Stream the reply (default true). */
    stream: z.boolean().optional(),
  })
  .strict();
export type TestFile = z.infer<typeof TestFileSchema>;

export interface WorkspaceTest extends TestFile {
  id: string;
  /** Workspace-relative path, for messages. */
  file: string;
}

/** The turns of a test in the wire layer's form. */
export function testTurns(messages: readonly TurnInput[]): Turn[] {
  return messages.map((m): Turn => {
    if (m.role === 'user') return { role: 'user', content: m.content };
    if (m.role === 'tool') return { role: 'tool', toolCallId: m.tool_call_id, name: m.name, content: m.content };
    return {
      role: 'assistant',
      content: m.content,
      toolCalls: m.tool_calls?.map((c) => ({ id: c.id, name: c.name, arguments: c.arguments })),
    };
  });
}

/** The JSON Schema of a test file (workspace schemas/test.schema.json). */
export function testFileJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(TestFileSchema, { io: 'input', unrepresentable: 'any' }),
    title: 'Variant Studio test (tests/<id>.yaml)',
    description:
      'A conversation, the columns it runs on (variants, model ids, stack profiles under presets and connections) and assertions on the reply.',
  };
}
