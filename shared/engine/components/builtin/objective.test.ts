import { describe, expect, it } from 'vitest';
import { objective } from './objective.js';
import { renderFor } from './__tests__/input.js';

describe('OBJECTIVE_SECTION', () => {
  it('lays out the iterative method in five steps', () => {
    const text = renderFor(objective);
    expect(text.startsWith('OBJECTIVE\n\nYou complete the task iteratively')).toBe(true);
    for (const n of [1, 2, 3, 4, 5]) expect(text).toContain(`\n${n}. `);
    expect(text).toContain('present the result with attempt_completion.');
  });

  it('asks for missing values only when the agent may ask', () => {
    expect(renderFor(objective)).toContain('ask the user for it with ask_followup_question instead.');
    for (const context of [{ yoloModeToggled: true }, { isSubagentRun: true }]) {
      const text = renderFor(objective, context);
      expect(text).not.toContain('ask_followup_question');
      expect(text).not.toMatch(/\bask\b/i);
      expect(text).toContain('If a required value is missing, find it with your tools, or choose the most sensible value');
    }
  });

  it('thinks in tags only with XML tool calls', () => {
    expect(renderFor(objective)).toContain('think it through inside <thinking></thinking> tags:');
    expect(renderFor(objective, { enableNativeToolCalls: true })).toContain('think it through: start from');
  });

  it('suggests a demonstration command outside the CLI, and names the parent agent in subagent runs', () => {
    expect(renderFor(objective)).toContain('You can add a command that demonstrates the result');
    expect(renderFor(objective, { isCliEnvironment: true })).not.toContain('demonstrates');
    expect(renderFor(objective, { isSubagentRun: true })).toContain('5. The agent that started you may reply with feedback');
  });
});
