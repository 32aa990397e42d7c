import { describe, expect, it } from 'vitest';
import { captureBaselineText } from '../../shared/capture/baseline-text.js';

/** The captured request's prompt text the preview's diff compares with, for each API's request shape. */
describe('a captured request as a diff baseline', () => {
  it('Anthropic Messages: the system blocks, then the user text holding the memory part', () => {
    const body = JSON.stringify({
      model: 'm',
      system: [
        { type: 'text', text: 'You are Claude Code.', cache_control: { type: 'ephemeral' } },
        { type: 'text', text: 'Be brief.' },
      ],
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: '<system-reminder>memory</system-reminder>' },
            { type: 'text', text: 'Reply with OK.' },
          ],
        },
      ],
      tools: [{ name: 'Read', description: 'Reads a file' }],
    });
    expect(captureBaselineText(body, ['messages[0].content[0].text'])).toBe(
      'You are Claude Code.\n\nBe brief.\n\n<system-reminder>memory</system-reminder>',
    );
    expect(captureBaselineText(JSON.stringify({ system: 'One string.', messages: [] }), [])).toBe('One string.');
  });

  it('OpenAI Responses: the instructions and developer items, then the AGENTS.md fragment; a part not found adds nothing', () => {
    const body = JSON.stringify({
      instructions: 'You are Codex.',
      input: [
        { type: 'message', role: 'developer', content: [{ type: 'input_text', text: '<permissions>none</permissions>' }] },
        { type: 'message', role: 'user', content: [{ type: 'input_text', text: '# AGENTS.md instructions' }] },
        { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Reply with OK.' }] },
      ],
    });
    expect(captureBaselineText(body, ['input[1].content[0].text', undefined])).toBe(
      'You are Codex.\n\n<permissions>none</permissions>\n\n# AGENTS.md instructions',
    );
  });

  it('Chat Completions: the system message (a part inside it is not repeated); Gemini: the system instruction and the session block', () => {
    const chat = JSON.stringify({
      messages: [
        { role: 'system', content: 'System with Instructions from: AGENTS.md' },
        { role: 'user', content: [{ type: 'text', text: 'Reply with OK.' }] },
      ],
    });
    expect(captureBaselineText(chat, ['messages[0].content'])).toBe('System with Instructions from: AGENTS.md');
    const gemini = JSON.stringify({
      systemInstruction: { role: 'user', parts: [{ text: 'You are Gemini CLI.' }] },
      contents: [{ role: 'user', parts: [{ text: '<session_context>…</session_context>' }, { text: 'Reply with OK.' }] }],
    });
    expect(captureBaselineText(gemini, ['contents[0].parts[0].text'])).toBe('You are Gemini CLI.\n\n<session_context>…</session_context>');
  });

  it('a body that is not JSON is its own baseline', () => {
    expect(captureBaselineText('not json', [])).toBe('not json');
  });
});
