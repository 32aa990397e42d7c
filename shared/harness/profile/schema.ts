import { z } from 'zod';
import { ClaudeCodeProfileSchema } from './claude-code.js';
import { ClineClassicProfileSchema } from './cline-classic.js';
import { ClineSdkProfileSchema } from './cline-sdk.js';
import { CodexProfileSchema } from './codex.js';
import { CopilotProfileSchema } from './copilot.js';
import { HarnessText } from './common.js';
import { GeminiProfileSchema } from './gemini.js';
import { OpencodeProfileSchema } from './opencode.js';

/** harnesses/<id>/harness.yaml: `loader` says which discovery family the rest configures. */
export const HarnessProfileSchema = z.discriminatedUnion('loader', [
  CodexProfileSchema,
  GeminiProfileSchema,
  ClaudeCodeProfileSchema,
  ClineClassicProfileSchema,
  ClineSdkProfileSchema,
  OpencodeProfileSchema,
  CopilotProfileSchema,
]);

export type HarnessProfileData = z.infer<typeof HarnessProfileSchema>;

/** A loaded profile: the YAML with text files resolved, and where it came from. */
export type HarnessProfile = HarnessProfileData & {
  /** Workspace-relative folder and file; absent for profiles made in code. */
  files?: { folder: string; config: string } | undefined;
};

/** JSON Schema of harness.yaml, text fields also accepting `{ textFile: <name> }`. */
export function harnessProfileJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(HarnessProfileSchema, {
    io: 'input',
    unrepresentable: 'any',
    override: (ctx) => {
      if (ctx.zodSchema !== HarnessText) return;
      const plain = { ...ctx.jsonSchema };
      for (const key of Object.keys(ctx.jsonSchema)) delete (ctx.jsonSchema as Record<string, unknown>)[key];
      Object.assign(ctx.jsonSchema, {
        anyOf: [
          plain,
          {
            type: 'object',
            properties: { textFile: { type: 'string', description: 'a text file in the profile folder' } },
            required: ['textFile'],
            additionalProperties: false,
          },
        ],
      });
    },
  });
  return { ...schema, title: 'Variant Studio harness profile (harnesses/<id>/harness.yaml)' };
}
