import type { BuiltinComponent } from '../component-types.js';
import { focusChainEnabled } from './facts.js';
import { builtinVariables } from './variables.js';

/**
 * The todo list of the focus chain: when to write it, what a good item is, how to keep it
 * current. Cline's todo guidance belongs to the focus chain, so without the focus chain
 * there is no list to talk about and the section is empty.
 */
export const todo: BuiltinComponent = {
  id: 'TODO_SECTION',
  title: 'Todo list',
  description:
    "How to keep the task's todo list (the focus chain): when to write it, what makes a good item, keeping it current, the user's edits. Only with focusChainSettings.enabled; plan mode adds a line about drafting the list in the plan.",
  defaultTemplate: `{{#if FOCUS_CHAIN}}
TODO LIST

Keep a todo list for this task. The user sees it {{#if CLI}}in the terminal{{else}}next to the conversation{{/if}}, it keeps long tasks on course, and it is handed back to you as you work. You send it with the task_progress parameter of your tool calls.

- Write the list as soon as you understand the task.{{#if MODE == "plan"}} In PLAN MODE, make it part of the plan, so that the work in ACT MODE starts from a complete list.{{/if}}
- Use a Markdown checklist, one item per line: "- [ ]" for an open item, "- [x]" for a finished one.
- Make each item a meaningful milestone ("Add the retry setting to the config schema"), not a single tool call ("Read config.ts").
- Keep it current: tick items off when they are done, add the work you discover along the way, and remove items that no longer apply.
- If the user edits the list, their version replaces yours: carry on from it.
- Before you call attempt_completion, every item should be ticked off, or your result should say which items remain open and why.{{/if}}`,
  variables: builtinVariables,
  emptyReason(input) {
    return focusChainEnabled(input.context) ? undefined : 'the focus chain is disabled (focusChainSettings.enabled is not true)';
  },
};
