import { describe, expect, it } from 'vitest';
import { feedback } from './feedback.js';
import { taskProgress } from './task-progress.js';
import { todo } from './todo.js';
import { makeInput, render, renderFor } from './__tests__/input.js';

const ON = { focusChainSettings: { enabled: true } };

describe('focus chain sections: TODO, FEEDBACK, TASK_PROGRESS', () => {
  for (const component of [todo, feedback, taskProgress]) {
    it(`${component.id} is absent without the focus chain, and says why`, () => {
      for (const context of [{}, { focusChainSettings: { enabled: false } }]) {
        const input = makeInput(context);
        expect(render(component, input)).toBe('');
        expect(component.emptyReason!(input)).toBe('the focus chain is disabled (focusChainSettings.enabled is not true)');
      }
      const on = makeInput(ON);
      expect(render(component, on).length).toBeGreaterThan(200);
      expect(component.emptyReason!(on)).toBeUndefined();
    });
  }
});

describe('TODO_SECTION', () => {
  it('explains the list and drafts it in the plan in plan mode', () => {
    const act = renderFor(todo, ON);
    expect(act.startsWith('TODO LIST\n\nKeep a todo list for this task. The user sees it next to the conversation')).toBe(true);
    expect(act).toContain('- Use a Markdown checklist, one item per line: "- [ ]" for an open item, "- [x]" for a finished one.');
    expect(act).not.toContain('In PLAN MODE');
    const plan = renderFor(todo, { ...ON, providerInfo: { mode: 'plan' } });
    expect(plan).toContain('- Write the list as soon as you understand the task. In PLAN MODE, make it part of the plan');
    expect(renderFor(todo, { ...ON, isCliEnvironment: true })).toContain('The user sees it in the terminal');
  });
});

describe('FEEDBACK_SECTION', () => {
  it('handles feedback, with the wording following yolo mode and subagent runs', () => {
    const text = renderFor(feedback, ON);
    expect(text.startsWith('FEEDBACK\n\nThe user may comment on your work at any point')).toBe(true);
    expect(text).toContain('by rejecting or editing a change you proposed');
    expect(text).toContain('/reportbug');
    expect(renderFor(feedback, { ...ON, yoloModeToggled: true })).toContain('by editing a file you changed');
    const sub = renderFor(feedback, { ...ON, isSubagentRun: true });
    expect(sub.startsWith('FEEDBACK\n\nThe agent that started you may comment')).toBe(true);
    expect(sub).not.toContain('/reportbug');
  });
});

describe('TASK_PROGRESS_SECTION', () => {
  it('explains the task_progress parameter with the reminder interval (default 6)', () => {
    const text = renderFor(taskProgress, ON);
    expect(text.startsWith('TASK PROGRESS\n\nEvery tool accepts an optional task_progress parameter')).toBe(true);
    expect(text).toContain('- If 6 messages go by without an update, you will be reminded');
    expect(renderFor(taskProgress, { focusChainSettings: { enabled: true, remindClineInterval: 3 } })).toContain(
      '- If 3 messages go by without an update',
    );
  });

  it('shows the example as a tool parameter, or as a bare checklist with native tool calls', () => {
    const xml = renderFor(taskProgress, ON);
    expect(
      xml.endsWith(
        'For example, inside a tool call:\n\n<task_progress>\n- [x] Find where session tokens are created\n- [x] Shorten the token lifetime to 15 minutes\n- [ ] Add a refresh endpoint\n- [ ] Cover the expiry with tests\n</task_progress>',
      ),
    ).toBe(true);
    const native = renderFor(taskProgress, { ...ON, enableNativeToolCalls: true });
    expect(
      native.endsWith(
        'For example, the task_progress argument of a call might be:\n\n- [x] Find where session tokens are created\n- [x] Shorten the token lifetime to 15 minutes\n- [ ] Add a refresh endpoint\n- [ ] Cover the expiry with tests',
      ),
    ).toBe(true);
    expect(native).not.toContain('<task_progress>');
  });

  it('adds the plan-mode line only in plan mode', () => {
    expect(renderFor(taskProgress, ON)).not.toContain('In PLAN MODE');
    expect(renderFor(taskProgress, { ...ON, providerInfo: { mode: 'plan' } })).toContain(
      '- In PLAN MODE, put the checklist into your plan; task_progress takes over once you are in ACT MODE.',
    );
  });
});
