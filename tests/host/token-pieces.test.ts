import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';
import { countTokens as countCl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import { countTokens, loadTokenCounter, MAX_RUN, tokenPieces } from '../../electron/host/tokens.js';
import { buildVariantPrompt } from '../../shared/engine/build/build-variant-prompt.js';
import { loadWorkspace } from '../../shared/engine/workspace/load-workspace.js';
import { builtinWorkspaceDir } from '../../electron/host/builtin-workspace.js';
import { folderFileSource } from '../../electron/host/folder-source.js';
import { hostileTokenTexts } from '../../bench/hostile-token-texts.js';

const NO_SPECIAL = { disallowedSpecial: new Set<string>() };
const exactCounts = (text: string) => ({ o200k: countO200k(text, NO_SPECIAL), cl100k: countCl100k(text, NO_SPECIAL) });

describe('token counts in pieces', () => {
  it('cuts after a line break followed by non-whitespace, or before a space or symbol between letters, and the pieces join back', () => {
    // Lines without a space or symbol between letters: only line breaks are clean cuts.
    const code = `${'a1;'.repeat(30)}\n  ${'b2;'.repeat(30)}\n`.repeat(60);
    const codePieces = [...tokenPieces(code)];
    expect(codePieces.map((p) => p.text).join('')).toBe(code);
    expect(codePieces.length).toBeGreaterThan(1);
    for (const piece of codePieces.slice(0, -1)) expect(piece.text.endsWith('\n')).toBe(true);
    for (const piece of codePieces.slice(1)) expect(piece.text.startsWith('a1;')).toBe(true);
    // One long line of words: cut before a space between two letters.
    const prose = 'word '.repeat(2000);
    const prosePieces = [...tokenPieces(prose)];
    expect(prosePieces.map((p) => p.text).join('')).toBe(prose);
    expect(prosePieces.map((p) => p.text.length)).toEqual([514, ...Array<number>(17).fill(515), 731]);
    for (const piece of prosePieces.slice(1)) expect(piece.text.startsWith(' word')).toBe(true);
    expect([...codePieces, ...prosePieces].every((p) => p.exact && p.text.length <= 1024)).toBe(true);
  });

  it('adds up to the count of the whole text for every built-in prompt (both encodings)', async () => {
    const ws = loadWorkspace(folderFileSource(builtinWorkspaceDir()));
    let checked = 0;
    for (const variant of ws.variants) {
      for (const preset of ws.presets) {
        const text = buildVariantPrompt({
          variant,
          context: preset.context,
          components: ws.components,
          tools: ws.tools,
          options: { now: '2026-01-15', processCwd: '/w' },
        }).text;
        const counts = await countTokens(text);
        expect(counts).toEqual(exactCounts(text));
        if ([...tokenPieces(text)].length > 1) checked++;
      }
    }
    expect(checked).toBe(ws.variants.length * ws.presets.length); // every built-in prompt is longer than one piece
  });

  it('adds up to the count of the whole text on random texts cut only at clean places', async () => {
    const fragment = fc.constantFrom(
      'word',
      ' ',
      '  ',
      '\n',
      '\n\n',
      '\t',
      '.',
      ', ',
      "don't",
      "'s",
      '(x)',
      '中文',
      '。',
      'é',
      'e\u0301',
      '123',
      '4567',
      '😀',
      '==',
      '/',
      '\r\n',
      'Über',
      'ALLCAPS',
      '-',
      '#',
    );
    let multiPiece = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fragment, { minLength: 1500, maxLength: 3000 }), async (parts) => {
        const text = parts.join('');
        const pieces = [...tokenPieces(text)];
        expect(pieces.map((p) => p.text).join('')).toBe(text);
        const counts = await countTokens(text);
        if (pieces.every((p) => p.exact)) {
          if (pieces.length > 1) multiPiece++;
          expect(counts).toEqual(exactCounts(text));
        } else {
          expect(counts.estimated).toBe(true);
        }
      }),
      { numRuns: 40, seed: 9, endOnFailure: true },
    );
    expect(multiPiece).toBeGreaterThan(20);
  }, 120_000);

  it('counts a long run from its head and says the count is an estimate', async () => {
    // 64 × A is 8 tokens in both encodings; 100,000 × A is counted as 100,000 / 64 of that
    // (counting it all took 12 s).
    expect(exactCounts('A'.repeat(64))).toEqual({ o200k: 8, cl100k: 8 });
    expect(await countTokens('A'.repeat(100_000))).toEqual({ o200k: 12_500, cl100k: 12_500, estimated: true });
    const pieces = [...tokenPieces(`intro ${'中'.repeat(1000)} outro`)];
    expect(pieces.map((p) => [p.text.length, p.exact, p.scaleFrom?.length])).toEqual([
      [6, true, undefined],
      [1000, false, MAX_RUN],
      [6, false, undefined],
    ]);
    expect(await countTokens('short and plain')).toEqual(exactCounts('short and plain'));
  });

  it('never hands the encoder more than a bounded piece, and lets other work run while it counts hostile text', async () => {
    for (const [name, text] of Object.entries(hostileTokenTexts(256 << 10))) {
      const pieces = [...tokenPieces(text)];
      expect(pieces.map((p) => p.text).join(''), name).toBe(text);
      for (const piece of pieces) {
        const counted = piece.scaleFrom ?? piece.text;
        expect(counted.length, name).toBeLessThanOrEqual(1024);
        // No run longer than MAX_RUN goes to the encoder.
        expect(/[\p{L}\p{M}]{65,}|\s{65,}|[^\s\p{L}\p{N}]{65,}/u.test(counted), name).toBe(false);
      }
    }
    const text = hostileTokenTexts(64 << 10)['CJK in 60-letter runs']!;
    let ticks = 0;
    let done = false;
    const ticker = (): void => {
      if (done) return;
      ticks++;
      setImmediate(ticker);
    };
    setImmediate(ticker);
    const counts = await countTokens(text);
    done = true;
    expect(counts.estimated).toBeUndefined();
    // Other work ran while the count went on.
    expect(ticks).toBeGreaterThan(0);
  }, 120_000);

  it('counts a prompt edited keystroke by keystroke exactly, reusing the counts of its unchanged lines', async () => {
    const ws = loadWorkspace(folderFileSource(builtinWorkspaceDir()));
    const generic = ws.variants.find((v) => v.id === 'generic')!;
    const basic = ws.presets.find((p) => p.name === 'basic')!;
    const prompt = buildVariantPrompt({
      variant: generic,
      context: basic.context,
      components: ws.components,
      tools: ws.tools,
      options: { now: '2026-01-15', processCwd: '/w' },
    }).text;
    const count = await loadTokenCounter();
    // Typing into the middle of a line, a new line, words: the pieces' cuts move, the lines stay.
    let typed = '';
    for (const key of 'Add a rule:\nkeep it short. 中文 😀'.split('')) {
      typed += key;
      const text = `${prompt.slice(0, 5000)}${typed}${prompt.slice(5000)}`;
      expect(count(text)).toBe(countO200k(text, NO_SPECIAL));
      expect(await countTokens(text)).toEqual(exactCounts(text));
    }
  }, 120_000);
});

describe('long runs (issue 23: a piece is checked for them in one pass)', () => {
  it('a piece counted whole holds no run longer than MAX_RUN; every longer run is a piece of its own, counted from its head', () => {
    const RUNS = /[\p{L}\p{M}]+|\s+|\p{N}+|[^\s\p{L}\p{N}]+/gu;
    const parts = [
      'word ',
      'é',
      '😀',
      '\u0301',
      '  ',
      '\t',
      ';',
      '—',
      '12',
      'x'.repeat(40),
      ' '.repeat(40),
      '!'.repeat(40),
      '\u00a0',
      '\n',
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...parts), { maxLength: 300 }), (chosen) => {
        const text = chosen.join('');
        const pieces = [...tokenPieces(text)];
        expect(pieces.map((p) => p.text).join('')).toBe(text);
        for (const piece of pieces) {
          const long = [...piece.text.matchAll(RUNS)].filter((m) => m[0].length > MAX_RUN && !/^\p{N}/u.test(m[0]));
          if (piece.scaleFrom === undefined) expect(long).toEqual([]);
          else expect(long.map((m) => m[0])).toEqual([piece.text]);
        }
      }),
      { numRuns: 300 },
    );
  });
});
