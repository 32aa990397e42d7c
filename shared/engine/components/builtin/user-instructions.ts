import type { BuiltinComponent } from '../component-types.js';
import { INSTRUCTION_FIELDS } from './instructions.js';
import { builtinVariables } from './variables.js';

/**
 * The user's own instructions: preferred language, global and local Cline rules, Cursor
 * rules (file and directory), Windsurf rules, AGENTS rules and .clineignore, each as its
 * own paragraph in that order. Empty when there are none.
 */
export const userInstructions: BuiltinComponent = {
  id: 'USER_INSTRUCTIONS_SECTION',
  title: 'User instructions',
  description:
    'Gathers preferred language, global and local Cline rules, Cursor rules file and directory, Windsurf rules, AGENTS rules and .clineignore instructions (non-blank ones, each its own paragraph, in that order) under a heading. Empty when there are none.',
  defaultTemplate: `{{#if INSTRUCTIONS}}
USER INSTRUCTIONS

The user has given the instructions below in addition to everything above. Follow them as closely as you can, as long as they do not conflict with the tool use guidelines.

{{INSTRUCTIONS}}{{/if}}`,
  variables: builtinVariables,
  emptyReason(input) {
    const c = input.context;
    for (const field of INSTRUCTION_FIELDS) if (c[field]?.trim()) return undefined;
    return 'no preferred language, rules files or .clineignore instructions in the context';
  },
};
