import { describe, expect, it } from 'vitest';
import { captureCases } from '../../shared/capture/conformance-case.js';
import { captureVerdict } from '../../shared/capture/verdict.js';
import type { HarnessResult } from '../../shared/harness/result.js';
import { parseHarnessContext, runHarness } from '../../shared/harness/index.js';
import { builtinHarnesses } from '../harness/conformance-cases.js';

/**
 * Parts whose profile marks only a stretch as instruction text (Gemini CLI's session block
 * around the memory): only that stretch is compared; a part with none is the agent's context,
 * shown where it is and not compared, and gives no conformance case.
 */

const MEMORY = '\n<loaded_context>\n<project_context>\nPrefer small functions.\n</project_context>\n</loaded_context>';
const session = (memory: string) =>
  `<session_context>\nThis is the Gemini CLI.\nMy operating system is: linux\n\n${memory}\n</session_context>`;
const result = (instruction: string, files: string[]): HarnessResult =>
  ({
    harness: 'gemini-cli',
    version: '0.61.0',
    parts: [{ placement: 'user', label: 'session context', text: session(instruction), files, instruction }],
  }) as unknown as HarnessResult;
// What the agent sent: the same block, with a folder listing the profile does not predict.
const sent = (memory: string) =>
  JSON.stringify({
    contents: [
      {
        role: 'user',
        parts: [{ text: session(`- **Directory Structure:**\n/p/\n└───GEMINI.md\n\n${memory}`) }, { text: 'Reply with OK.' }],
      },
    ],
  });
const captured = { version: '0.61.0', observed: ['0.61.0'] };

describe('the verdict on a part that is partly the agent’s context', () => {
  it('compares only the instruction stretch: matches although the block around it differs', () => {
    const verdict = captureVerdict(result(MEMORY, ['/p/GEMINI.md']), sent(MEMORY), captured);
    expect(verdict.parts).toEqual([
      {
        label: 'session context',
        placement: 'user',
        files: ['/p/GEMINI.md'],
        compared: 'instruction',
        status: 'matches',
        where: 'contents[0].parts[0].text',
        sent: MEMORY,
      },
    ]);
    expect(verdict.summary).toBe('matches gemini-cli (observed with 0.61.0) on your 0.61.0');
  });

  it('differs with a word diff of the stretch alone when the memory differs', () => {
    const verdict = captureVerdict(result(MEMORY, ['/p/GEMINI.md']), sent(MEMORY.replace('small', 'short')), captured);
    expect(verdict.summary).toBe('differs: 1 part');
    const part = verdict.parts[0]!;
    expect(part.status).toBe('differs');
    expect(part.compared).toBe('instruction');
    expect(part.changes?.filter((c) => c.removed).map((c) => c.value)).toEqual(['small']);
    expect(part.changes?.filter((c) => c.added).map((c) => c.value)).toEqual(['short']);
  });

  it('a part without instruction text is context: shown where it is, not compared, and no conformance case', () => {
    const verdict = captureVerdict(result('', []), sent(''), captured);
    expect(verdict.parts.map((p) => [p.status, p.where])).toEqual([['context', 'contents[0].parts[0].text']]);
    expect(verdict.matches).toBe(true);
    const cases = captureCases({
      harness: 'gemini-cli',
      version: '0.61.0',
      files: {},
      cwd: '/p',
      home: '/h',
      os: 'linux',
      env: {},
      settings: {},
      verdict,
    });
    expect(cases.cases).toEqual([]);
  });
});

describe('a profile whose environment block the spec does not give (Kilo)', () => {
  it('names the instruction blocks of its system part, and the verdict compares only them', async () => {
    const kilo = builtinHarnesses().find((p) => p.id === 'kilo')!;
    const result = await runHarness(
      kilo,
      parseHarnessContext({
        files: { '/r/.git/HEAD': 'ref: refs/heads/main\n', '/r/AGENTS.md': 'root', '/r/app/AGENTS.md': 'app' },
        cwd: '/r/app',
        home: '/home/u',
        os: 'linux',
      }),
    );
    const system = result.parts.find((p) => p.placement === 'system')!;
    expect(system.instruction).toBe('Instructions from: /r/app/AGENTS.md\napp');
    // What the agent sent: its own environment wording and a board section the profile does not have.
    const body = JSON.stringify({
      messages: [
        {
          role: 'system',
          content: `Agent prompt.\n<env>\n  Project config: a longer line of the agent's own\n</env>\nBoard section of the agent.\nInstructions from: /r/app/AGENTS.md\napp\nSkills provide specialized instructions and workflows for specific tasks.`,
        },
      ],
    });
    const verdict = captureVerdict(result, body, { version: '7.7.9', observed: ['7.7.9'] });
    expect(verdict.parts.map((p) => [p.status, p.compared, p.where])).toEqual([['matches', 'instruction', 'messages[0].content']]);
    // A block the agent did not send still differs.
    const other = captureVerdict(result, body.replace('\\napp\\n', '\\nother\\n'), { version: '7.7.9', observed: ['7.7.9'] });
    expect(other.summary).toBe('differs: 1 part');
  });
});
