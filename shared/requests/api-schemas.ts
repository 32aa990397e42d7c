import { z } from 'zod';
import type { ApiKind } from './api-kind.js';

/**
 * The request shapes the four APIs document (the fields an exported body uses, checked as
 * strictly as the references state them): required fields, value types, roles, tool
 * definition shapes and name rules. Exports are checked against these before they are
 * written, and the tests check every built-in variant's bodies with them.
 *
 * References: OpenAI API reference (Chat Completions: create; Responses: create), Anthropic
 * API reference (Messages: create; prompt caching), Google Gemini API reference
 * (models.generateContent, Tool / FunctionDeclaration / Schema).
 */

/** OpenAI and Anthropic function names: a-z, A-Z, 0-9, underscores and dashes, at most 64. */
const FunctionName = z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/, 'a function name of a-z, A-Z, 0-9, _ and -, at most 64 characters');

/** A JSON Schema of kind object, as function parameters and input_schema take it. */
const JsonSchemaObject = z
  .object({
    type: z.literal('object'),
    properties: z.record(z.string(), z.object({ type: z.string() }).passthrough()).optional(),
    required: z.array(z.string()).optional(),
  })
  .passthrough()
  .refine((s) => (s.required ?? []).every((r) => s.properties !== undefined && r in s.properties), {
    message: 'every required name must be a property',
  });

const OpenAiTextPart = z.object({ type: z.literal('text'), text: z.string() }).strict();

export const OpenAiChatRequestSchema = z
  .object({
    model: z.string().min(1),
    messages: z
      .array(
        z.discriminatedUnion('role', [
          z
            .object({
              role: z.literal('system'),
              content: z.union([z.string(), z.array(OpenAiTextPart).min(1)]),
              name: z.string().optional(),
            })
            .strict(),
          z
            .object({
              role: z.literal('developer'),
              content: z.union([z.string(), z.array(OpenAiTextPart).min(1)]),
              name: z.string().optional(),
            })
            .strict(),
          z
            .object({
              role: z.literal('user'),
              content: z.union([z.string(), z.array(OpenAiTextPart).min(1)]),
              name: z.string().optional(),
            })
            .strict(),
        ]),
      )
      .min(1),
    tools: z
      .array(
        z
          .object({
            type: z.literal('function'),
            function: z
              .object({
                name: FunctionName,
                description: z.string().optional(),
                parameters: JsonSchemaObject.optional(),
                strict: z.boolean().nullable().optional(),
              })
              .strict(),
          })
          .strict(),
      )
      .optional(),
    max_completion_tokens: z.number().int().positive().optional(),
    temperature: z.number().min(0).max(2).optional(),
  })
  .strict();

export const OpenAiResponsesRequestSchema = z
  .object({
    model: z.string().min(1),
    instructions: z.string().optional(),
    input: z.union([
      z.string(),
      z
        .array(
          z
            .object({
              type: z.literal('message').optional(),
              role: z.enum(['user', 'system', 'developer', 'assistant']),
              content: z.union([z.string(), z.array(z.object({ type: z.literal('input_text'), text: z.string() }).strict()).min(1)]),
            })
            .strict(),
        )
        .min(1),
    ]),
    tools: z
      .array(
        z
          .object({
            type: z.literal('function'),
            name: FunctionName,
            description: z.string().nullable().optional(),
            parameters: JsonSchemaObject.nullable(),
            strict: z.boolean().nullable(),
          })
          .strict(),
      )
      .optional(),
    max_output_tokens: z.number().int().positive().optional(),
    temperature: z.number().min(0).max(2).optional(),
  })
  .strict();

const CacheControl = z.object({ type: z.literal('ephemeral'), ttl: z.enum(['5m', '1h']).optional() }).strict();
const AnthropicText = z.object({ type: z.literal('text'), text: z.string().min(1), cache_control: CacheControl.optional() }).strict();

export const AnthropicMessagesRequestSchema = z
  .object({
    model: z.string().min(1),
    max_tokens: z.number().int().min(1),
    temperature: z.number().min(0).max(1).optional(),
    system: z.union([z.string(), z.array(AnthropicText).min(1)]).optional(),
    tools: z
      .array(
        z
          .object({
            name: FunctionName,
            description: z.string().optional(),
            input_schema: JsonSchemaObject,
            cache_control: CacheControl.optional(),
          })
          .strict(),
      )
      .optional(),
    messages: z
      .array(
        z.object({ role: z.enum(['user', 'assistant']), content: z.union([z.string().min(1), z.array(AnthropicText).min(1)]) }).strict(),
      )
      .min(1),
  })
  .strict()
  .refine(
    (body) => {
      const blocks = Array.isArray(body.system) ? body.system.filter((b) => b.cache_control).length : 0;
      return blocks <= 4;
    },
    { message: 'at most 4 cache_control breakpoints' },
  );

type GeminiSchemaShape = {
  type: 'TYPE_UNSPECIFIED' | 'STRING' | 'NUMBER' | 'INTEGER' | 'BOOLEAN' | 'ARRAY' | 'OBJECT' | 'NULL';
  description?: string | undefined;
  items?: GeminiSchemaShape | undefined;
  properties?: Record<string, GeminiSchemaShape> | undefined;
  required?: string[] | undefined;
  enum?: string[] | undefined;
  nullable?: boolean | undefined;
  format?: string | undefined;
};

const GeminiSchema: z.ZodType<GeminiSchemaShape> = z.lazy(() =>
  z
    .object({
      type: z.enum(['TYPE_UNSPECIFIED', 'STRING', 'NUMBER', 'INTEGER', 'BOOLEAN', 'ARRAY', 'OBJECT', 'NULL']),
      description: z.string().optional(),
      items: GeminiSchema.optional(),
      properties: z.record(z.string(), GeminiSchema).optional(),
      required: z.array(z.string()).optional(),
      enum: z.array(z.string()).optional(),
      nullable: z.boolean().optional(),
      format: z.string().optional(),
    })
    .strict(),
);

const GeminiContent = z
  .object({ role: z.enum(['user', 'model']).optional(), parts: z.array(z.object({ text: z.string() }).strict()).min(1) })
  .strict();

export const GeminiGenerateContentRequestSchema = z
  .object({
    systemInstruction: GeminiContent.optional(),
    contents: z.array(GeminiContent).min(1),
    tools: z
      .array(
        z
          .object({
            functionDeclarations: z
              .array(
                z
                  .object({
                    name: z
                      .string()
                      .regex(
                        /^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$/,
                        'a name of a-z, A-Z, 0-9, _ . : -, starting with a letter or _, at most 64',
                      ),
                    description: z.string(),
                    parameters: GeminiSchema.optional(),
                  })
                  .strict(),
              )
              .min(1),
          })
          .strict(),
      )
      .optional(),
    generationConfig: z
      .object({ maxOutputTokens: z.number().int().positive().optional(), temperature: z.number().min(0).max(2).optional() })
      .strict()
      .optional(),
  })
  .strict();

export const API_REQUEST_SCHEMAS: Record<ApiKind, z.ZodType> = {
  'openai-chat': OpenAiChatRequestSchema,
  'openai-responses': OpenAiResponsesRequestSchema,
  anthropic: AnthropicMessagesRequestSchema,
  gemini: GeminiGenerateContentRequestSchema,
};

/** Undefined when the body has the API's documented shape; else the first problem, with its path. */
export function requestShapeProblem(api: ApiKind, body: unknown): string | undefined {
  const checked = API_REQUEST_SCHEMAS[api].safeParse(body);
  if (checked.success) return undefined;
  const issue = checked.error.issues[0]!;
  return `${issue.path.map(String).join('.') || '(body)'}: ${issue.message}`;
}
