import { describe, expect, it } from 'vitest';
import { agentRole } from './agent-role.js';
import { renderFor } from './__tests__/input.js';

describe('AGENT_ROLE_SECTION', () => {
  it('introduces the agent as a skilled software engineer, named Cline by default', () => {
    const text = renderFor(agentRole);
    expect(text.startsWith('You are Cline, a highly skilled software engineer with deep, practical knowledge')).toBe(true);
    expect(text.endsWith('and check your work instead of assuming it is right.')).toBe(true);
    expect(agentRole.emptyReason).toBeUndefined();
  });

  it('takes the name from the variant placeholder AGENT_NAME', () => {
    const text = renderFor(agentRole, {}, { variant: { placeholders: { AGENT_NAME: 'Ada' } } });
    expect(text.startsWith('You are Ada, a highly skilled')).toBe(true);
    expect(text).not.toContain('Cline');
  });

  it('says who started it only in a subagent run', () => {
    expect(renderFor(agentRole)).not.toContain('Another instance');
    expect(renderFor(agentRole, { isSubagentRun: true })).toContain(
      'right. Another instance of Cline started you to carry out one focused part of a larger task, and your final result goes back to that agent rather than to a person.',
    );
  });
});
