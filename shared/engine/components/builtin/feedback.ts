import type { BuiltinComponent } from '../component-types.js';
import { focusChainEnabled } from './facts.js';
import { builtinVariables } from './variables.js';

/** How to take the user's feedback on the work and on the todo list. Focus chain only. */
export const feedback: BuiltinComponent = {
  id: 'FEEDBACK_SECTION',
  title: 'Feedback',
  description:
    'How to handle feedback: a reply to a tool result, a rejected or edited change, an edited todo list; where to send bug reports about the agent itself. Only with focusChainSettings.enabled.',
  defaultTemplate: `{{#if FOCUS_CHAIN}}
FEEDBACK

{{#if SUBAGENT_RUN}}The agent that started you{{else}}The user{{/if}} may comment on your work at any point: by replying to a tool result, by {{#if YOLO}}editing a file you changed{{else}}rejecting or editing a change you proposed{{/if}}, or by editing the todo list. Treat such feedback as the most current statement of what is wanted. Bring your plan and your task_progress checklist in line with it before your next tool call, and do not retry an approach that has been turned down.{{#unless SUBAGENT_RUN}} If the user wants to report a problem with you rather than with the task, point them to the /reportbug command, which files a bug report.{{/unless}}{{/if}}`,
  variables: builtinVariables,
  emptyReason(input) {
    return focusChainEnabled(input.context) ? undefined : 'the focus chain is disabled (focusChainSettings.enabled is not true)';
  },
};
