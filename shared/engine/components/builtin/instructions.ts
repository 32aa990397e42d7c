import type { SystemPromptContext } from '../../../domain/context.js';

/** The context fields gathered, in the order they appear. */
export const INSTRUCTION_FIELDS = [
  'preferredLanguageInstructions',
  'globalClineRulesFileInstructions',
  'localClineRulesFileInstructions',
  'localCursorRulesFileInstructions',
  'localCursorRulesDirInstructions',
  'localWindsurfRulesFileInstructions',
  'localAgentsRulesFileInstructions',
  'clineIgnoreInstructions',
] as const satisfies readonly (keyof SystemPromptContext)[];

export type InstructionField = (typeof INSTRUCTION_FIELDS)[number];

/** One gathered instruction: the context field it came from and its text (ends trimmed). */
export interface InstructionItem {
  source: InstructionField;
  text: string;
}

/** The non-blank instruction texts, trimmed at both ends, in field order. */
export function gatherInstructions(context: SystemPromptContext): InstructionItem[] {
  const items: InstructionItem[] = [];
  for (const source of INSTRUCTION_FIELDS) {
    const value = context[source];
    if (!value) continue;
    const text = value.trim();
    if (text) items.push({ source, text });
  }
  return items;
}
