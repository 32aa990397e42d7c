import type { BuiltinComponent } from '../component-types.js';
import { hasToolText } from './facts.js';
import { builtinVariables } from './variables.js';

/** Only the tools' texts, for variants that place the tool list apart from TOOL_USE's guidance. */
export const toolsSection: BuiltinComponent = {
  id: 'TOOLS_SECTION',
  title: 'Tools',
  description:
    'The enabled tools, one "## name" block each, separated by blank lines; no heading of its own. Empty with native tool calls (the tools travel as function definitions) or when no tool applies.',
  defaultTemplate: '{{TOOLS}}',
  variables: builtinVariables,
  emptyReason(input) {
    if (hasToolText(input)) return undefined;
    if (input.context.enableNativeToolCalls === true)
      return 'native tool calls are enabled: the tools are sent as function definitions, not as prompt text';
    return 'no enabled tool has prompt text for this context';
  },
};
