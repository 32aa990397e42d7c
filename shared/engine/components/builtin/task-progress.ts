import type { BuiltinComponent } from '../component-types.js';
import { focusChainEnabled } from './facts.js';
import { builtinVariables } from './variables.js';

/**
 * The task_progress parameter: format, when to update it, and the reminder after
 * focusChainSettings.remindClineInterval messages. Focus chain only; the example is a tool
 * call with XML tool calls and a bare checklist with native ones.
 */
export const taskProgress: BuiltinComponent = {
  id: 'TASK_PROGRESS_SECTION',
  title: 'Task progress',
  description:
    'The task_progress checklist parameter: complete list each time, Markdown checkboxes, when to update, the reminder after remindClineInterval messages, and an example. Only with focusChainSettings.enabled; plan mode and native tool calls adjust the wording.',
  defaultTemplate: `{{#if FOCUS_CHAIN}}
TASK PROGRESS

Every tool accepts an optional task_progress parameter that carries the task's checklist. Use it to keep your progress visible:

- Send the complete checklist each time you include it, never only the items that changed.
- Write it in Markdown, one item per line: "- [ ]" for an open item and "- [x]" for a finished one.
- Update it whenever an item is finished or the plan changes. It rides along with whatever tool call you are making anyway; there is no need for a separate call.
- Keep the items short and concrete, in the order in which you expect to do them.
- If {{REMIND_INTERVAL}} messages go by without an update, you will be reminded to bring the checklist up to date. Do it then, and try not to fall that far behind in the first place.
{{#if MODE == "plan"}}
- In PLAN MODE, put the checklist into your plan; task_progress takes over once you are in ACT MODE.
{{/if}}

{{#if NATIVE_TOOLS}}
For example, the task_progress argument of a call might be:

{{else}}
For example, inside a tool call:

<task_progress>
{{/if}}
- [x] Find where session tokens are created
- [x] Shorten the token lifetime to 15 minutes
- [ ] Add a refresh endpoint
- [ ] Cover the expiry with tests{{#unless NATIVE_TOOLS}}
</task_progress>{{/unless}}{{/if}}`,
  variables: builtinVariables,
  emptyReason(input) {
    return focusChainEnabled(input.context) ? undefined : 'the focus chain is disabled (focusChainSettings.enabled is not true)';
  },
};
