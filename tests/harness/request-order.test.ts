import { describe, expect, it } from 'vitest';
import {
  loadedInRequestOrder,
  parseHarnessContext,
  partsInRequestOrder,
  runHarness,
  type HarnessFileReport,
  type HarnessPart,
} from '../../shared/harness/index.js';
import { specCases } from './cases/index.js';
import { builtinHarnesses, harnessCases, profileForCase } from './conformance-cases.js';

const file = (path: string, extra: Partial<HarnessFileReport> = {}): HarnessFileReport => ({
  path,
  group: 'project',
  status: 'loaded',
  reason: 'found',
  ...extra,
});
const part = (placement: HarnessPart['placement'], files: string[]): HarnessPart => ({ placement, label: placement, text: '', files });

describe('the order of parts and files in the request', () => {
  it('numbers files as the request carries them, not as the harness found them (OpenCode: global first)', () => {
    const result = {
      files: [file('/p/AGENTS.md'), file('/h/.claude/CLAUDE.md', { group: 'global' })],
      parts: [part('system', ['/h/.claude/CLAUDE.md', '/p/AGENTS.md'])],
    };
    expect(loadedInRequestOrder(result).map((f) => [f.file.path, f.index])).toEqual([
      ['/h/.claude/CLAUDE.md', 1],
      ['/p/AGENTS.md', 0],
    ]);
  });

  it('puts the system prompt before the first user message before the read results, keeping the order within one placement', () => {
    const result = {
      files: [file('/r.md'), file('/u1.md'), file('/s.md'), file('/u2.md')],
      parts: [part('read', ['/r.md']), part('user', ['/u1.md']), part('system', ['/s.md']), part('user', ['/u2.md'])],
    };
    expect(partsInRequestOrder(result).map((p) => p.index)).toEqual([2, 1, 3, 0]);
    expect(loadedInRequestOrder(result).map((f) => f.file.path)).toEqual(['/s.md', '/u1.md', '/u2.md', '/r.md']);
  });

  it('leaves out files that did not load, and puts a loaded file no part names after the file that imported it', () => {
    const result = {
      files: [
        file('/a.md'),
        file('/missing.md', { status: 'missing' }),
        file('/b.md'),
        file('/inlined.md', { importedBy: '/a.md' }),
        file('/stray.md'),
      ],
      parts: [part('system', ['/a.md', '/b.md'])],
    };
    expect(loadedInRequestOrder(result).map((f) => f.file.path)).toEqual(['/a.md', '/inlined.md', '/b.md', '/stray.md']);
  });

  // Every case of the conformance files and the spec pages: where each loaded file's text occurs
  // once in the request, the order is the order of those texts in the request's parts.
  it('follows the order of the files’ texts in every built-in harness’s request', async () => {
    const profiles = builtinHarnesses();
    let checked = 0;
    for (const c of [...harnessCases(), ...specCases]) {
      const result = await runHarness(profileForCase(profiles, c), parseHarnessContext(c));
      const request = partsInRequestOrder(result)
        .map(({ part }) => part.text)
        .join('\n\u0000\n');
      const ordered = loadedInRequestOrder(result).filter(({ file }) => file.text !== undefined && file.text.trim().length >= 8);
      const texts = ordered.map(({ file }) => (file.text as string).trim());
      if (ordered.length < 2 || texts.some((t) => request.indexOf(t) < 0 || request.indexOf(t) !== request.lastIndexOf(t))) continue;
      if (texts.some((t, i) => texts.some((u, j) => i !== j && u.includes(t)))) continue;
      const positions = texts.map((t) => request.indexOf(t));
      expect(positions, `${c.name}: ${ordered.map(({ file }) => file.path).join(', ')}`).toEqual([...positions].sort((a, b) => a - b));
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
  });
});
