import { describe, expect, it } from 'vitest';
import { toolsSection } from './tools.js';
import { makeInput, render, spec } from './__tests__/input.js';

describe('TOOLS_SECTION', () => {
  const tools = [spec('a'), spec('b'), spec('c')];

  it('is exactly the non-empty tool texts separated by blank lines', () => {
    const input = makeInput({}, { tools, texts: ['## a\nDescription: A', '', '## c\nDescription: C'] });
    expect(render(toolsSection, input)).toBe('## a\nDescription: A\n\n## c\nDescription: C');
    expect(toolsSection.emptyReason!(input)).toBeUndefined();
  });

  it('is empty without tool texts, and says why', () => {
    const none = makeInput();
    expect(render(toolsSection, none)).toBe('');
    expect(toolsSection.emptyReason!(none)).toBe('no enabled tool has prompt text for this context');
    const native = makeInput({ enableNativeToolCalls: true }, { tools });
    expect(render(toolsSection, native)).toBe('');
    expect(toolsSection.emptyReason!(native)).toMatch(/^native tool calls are enabled/);
  });
});
