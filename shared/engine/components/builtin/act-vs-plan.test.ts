import { describe, expect, it } from 'vitest';
import { actVsPlan } from './act-vs-plan.js';
import { renderFor } from './__tests__/input.js';

describe('ACT_VS_PLAN_SECTION', () => {
  it('explains both modes and names the current one', () => {
    const act = renderFor(actVsPlan);
    expect(act.startsWith('ACT MODE AND PLAN MODE\n\n')).toBe(true);
    expect(act).toContain('At the moment you are in ACT MODE.');
    expect(act).toContain('- ACT MODE: every tool except plan_mode_respond is available.');
    expect(act).toContain('- PLAN MODE: plan_mode_respond is available');
    const plan = renderFor(actVsPlan, { providerInfo: { mode: 'plan' } });
    expect(plan).toContain('At the moment you are in PLAN MODE.');
    expect(plan.endsWith('- You cannot switch modes yourself: the plan is carried out once the mode is ACT MODE.')).toBe(true);
  });

  it('asks clarifying questions and asks for the switch only when the agent may ask', () => {
    const normal = renderFor(actVsPlan);
    expect(normal).toContain('and ask clarifying questions with ask_followup_question');
    expect(normal).toContain('- When the plan is settled, ask the user to switch to ACT MODE with the Plan/Act toggle.');
    for (const context of [{ yoloModeToggled: true }, { isSubagentRun: true }]) {
      const text = renderFor(actVsPlan, context);
      expect(text).not.toContain('ask_followup_question');
      expect(text).not.toMatch(/\bask\b/i);
      expect(text).toContain('- Present the finished plan with plan_mode_respond.');
    }
  });

  it('does not mention the IDE toggle in the CLI', () => {
    const cli = renderFor(actVsPlan, { isCliEnvironment: true });
    expect(cli).toContain('- When the plan is settled, ask the user to switch to ACT MODE.');
    expect(cli).not.toContain('toggle');
  });
});
