import { SystemPromptContextSchema, type SystemPromptContext } from './context.js';

/** Validates a context written by hand (a preset, a JSON file) and applies the schema's defaults. */
export function parseContext(value: unknown): SystemPromptContext {
  return SystemPromptContextSchema.parse(value ?? {});
}
