import { describe, expect, it } from 'vitest';
import { random } from '../../../tests/engine/template-typing';
import { CHUNK_CHARS, chunksAfterEdit, chunksOfText, chunkText, diffChunks, type DiffChunk } from './text-chunks';
import { spansOf, wordDiff, type DiffPiece } from './word-diff';

/** Lines of 0–199 characters (some much longer), as a long template has them. */
function text(length: number, next: () => number): string {
  let out = '';
  while (out.length < length) {
    const long = next() < 0.02 ? 3 * CHUNK_CHARS : 200;
    out += 'w'.repeat(Math.floor(next() * long)) + '\n';
  }
  return out.slice(0, length);
}

/** Every block but the last ends with a newline and none is empty: no boundary shows as a break the text lacks. */
function wellCut(chunks: readonly string[]): void {
  chunks.forEach((c, i) => {
    expect(c.length).toBeGreaterThan(0);
    if (i < chunks.length - 1) expect(c.endsWith('\n')).toBe(true);
  });
}

describe('a long text in blocks', () => {
  it('cuts after the first newline at or beyond CHUNK_CHARS, never inside a line', () => {
    const line = 'x'.repeat(CHUNK_CHARS - 2) + '\n';
    expect(chunkText(`${line}ab\ncd`)).toEqual([`${line}ab\n`, 'cd']);
    expect(chunkText(`${'y'.repeat(CHUNK_CHARS - 1)}\nz`)).toEqual([`${'y'.repeat(CHUNK_CHARS - 1)}\n`, 'z']);
    // One line longer than a block stays whole.
    expect(chunkText('q'.repeat(3 * CHUNK_CHARS))).toEqual(['q'.repeat(3 * CHUNK_CHARS)]);
    expect(chunkText('')).toEqual([]);
  });

  it('after an edit, joins to the edited text, stays well cut, and keeps every block the edit is not in', () => {
    const next = random(23);
    let current = text(200_000, next);
    let chunks = chunkText(current);
    for (let i = 0; i < 400; i++) {
      const at = Math.floor(next() * (current.length + 1));
      const roll = next();
      // Typing, a newline, deleting a character (a block's closing newline too), a line or a stretch across blocks.
      const removed = roll < 0.5 ? 0 : roll < 0.75 ? 1 : roll < 0.9 ? 40 : 2 * CHUNK_CHARS;
      const inserted = roll < 0.4 ? 'k' : roll < 0.5 ? '\n' : roll < 0.95 ? '' : 'pasted\nlines\n'.repeat(700);
      const endOld = Math.min(current.length, at + removed);
      const after = chunksAfterEdit(chunks, { start: at, endOld, text: inserted });
      current = current.slice(0, at) + inserted + current.slice(endOld);
      expect(after.join('')).toBe(current);
      wellCut(after);
      // The blocks before the edit's first and after its last are the very ones shown before.
      let same = 0;
      while (same < chunks.length && after[same] === chunks[same]) same++;
      let sameEnd = 0;
      while (sameEnd < chunks.length - same && after[after.length - 1 - sameEnd] === chunks[chunks.length - 1 - sameEnd]) sameEnd++;
      const touched = chunks.length - same - sameEnd;
      expect(touched).toBeLessThanOrEqual(Math.ceil((removed + 1) / CHUNK_CHARS) + 2);
      chunks = after;
    }
    // The edits ran over a text of many blocks.
    expect(chunks.length).toBeGreaterThan(10);
  });

  it('a keystroke in a 1 MB text makes one block again', () => {
    const big = text(1_000_000, random(5));
    const chunks = chunkText(big);
    const at = big.indexOf('\n', 500_000) - 1;
    const after = chunksAfterEdit(chunks, { start: at, endOld: at, text: 'z' });
    expect(after.length).toBe(chunks.length);
    expect(after.filter((c, i) => c !== chunks[i]).length).toBe(1);
  });

  it('given a new text and no edit, keeps the blocks unchanged at the start and at the end and cuts the rest again', () => {
    const next = random(41);
    let current = text(120_000, next);
    let chunks: readonly string[] = chunkText(current);
    for (let i = 0; i < 300; i++) {
      // One to three edits at once (builds that came together), each anywhere.
      const edits = 1 + Math.floor(next() * 3);
      let changedFrom = current.length;
      let changedTo = 0;
      for (let e = 0; e < edits; e++) {
        const at = Math.floor(next() * (current.length + 1));
        const [r1, r2] = [next(), next()];
        const removed = r1 < 0.6 ? 0 : r1 < 0.9 ? 1 : 2 * CHUNK_CHARS;
        const inserted = r2 < 0.4 ? 'k' : r2 < 0.5 ? '\n' : r2 < 0.85 ? '' : 'more\n'.repeat(1100);
        const endOld = Math.min(current.length, at + removed);
        current = current.slice(0, at) + inserted + current.slice(endOld);
        changedFrom = Math.min(changedFrom, at);
        changedTo = Math.max(changedTo - (endOld - at) + inserted.length, at + inserted.length);
      }
      const after = chunksOfText(chunks, current);
      expect(after.join('')).toBe(current);
      wellCut(after);
      // Every block wholly before the first edit and every one wholly after the last is kept.
      let offset = 0;
      let kept = 0;
      while (kept < chunks.length && offset + chunks[kept]!.length < changedFrom) offset += chunks[kept++]!.length;
      expect(after.slice(0, kept)).toEqual(chunks.slice(0, kept));
      let fromEnd = 0;
      let keptEnd = 0;
      while (keptEnd < chunks.length - kept && fromEnd + chunks[chunks.length - 1 - keptEnd]!.length < current.length - changedTo) {
        fromEnd += chunks[chunks.length - 1 - keptEnd]!.length;
        keptEnd++;
      }
      expect(after.slice(after.length - keptEnd)).toEqual(chunks.slice(chunks.length - keptEnd));
      chunks = after;
    }
    expect(chunks.length).toBeGreaterThan(10);
  });

  it('given a new text and no edit, keeps blocks cut otherwise than chunkText would cut them, and the same array for the same text', () => {
    const lines = Array.from({ length: 6 }, (_, i) => `line ${i}\n`);
    expect(chunksOfText(lines, lines.join(''))).toBe(lines);
    const edited = lines.join('').replace('line 2', 'line two');
    expect(chunksOfText(lines, edited)).toEqual([...lines.slice(0, 2), 'line two\n', ...lines.slice(3)]);
    expect(chunksOfText(lines, `${lines.join('')}end`)).toEqual([...lines.slice(0, 5), 'line 5\nend']);
    expect(chunksOfText(lines, `start${lines.join('')}`)).toEqual([`startline 0\n`, ...lines.slice(1)]);
    expect(chunksOfText(lines, '')).toEqual([]);
    expect(chunksOfText([], 'a\nb')).toEqual(['a\nb']);
  });

  it("deleting a block's closing newline takes the next block in; typing right after it goes to the next block", () => {
    const line = `${'a'.repeat(CHUNK_CHARS - 1)}\n`;
    const chunks = chunkText(`${line}${line}tail`);
    expect(chunks).toEqual([line, line, 'tail']);
    const joined = chunksAfterEdit(chunks, { start: CHUNK_CHARS - 1, endOld: CHUNK_CHARS, text: '' });
    expect(joined).toEqual([`${'a'.repeat(2 * CHUNK_CHARS - 2)}\n`, 'tail']);
    const typed = chunksAfterEdit(chunks, { start: CHUNK_CHARS, endOld: CHUNK_CHARS, text: 'b' });
    expect(typed).toEqual([line, `b${line}`, 'tail']);
    expect(typed[0]).toBe(chunks[0]);
  });
});

/** What a block list shows, as pieces: text outside marks same, marked added, removed where it goes. */
function shownPieces(blocks: readonly DiffChunk[]): DiffPiece[] {
  const out: DiffPiece[] = [];
  const push = (kind: DiffPiece['kind'], t: string) => {
    if (!t) return;
    const prev = out[out.length - 1];
    if (prev?.kind === kind) prev.text += t;
    else out.push({ kind, text: t });
  };
  for (const { text: t, marks } of blocks) {
    let at = 0;
    for (const m of marks) {
      const start = m.kind === 'added' ? m.start : m.at;
      push('same', t.slice(at, start));
      if (m.kind === 'added') {
        push('added', t.slice(m.start, m.end));
        at = m.end;
      } else {
        push('removed', m.text);
        at = m.at;
      }
    }
    push('same', t.slice(at));
  }
  return out;
}

/** A block as shown: its text with what the first column has and it lacks where it goes. */
function shownText(block: DiffChunk): string {
  let out = '';
  let at = 0;
  for (const m of block.marks) {
    if (m.kind !== 'removed') continue;
    out += block.text.slice(at, m.at) + m.text;
    at = m.at;
  }
  return out + block.text.slice(at);
}

describe('a word diff in blocks', () => {
  it('shows exactly the diff, each piece where it was, whatever blocks its pieces span', () => {
    const next = random(7);
    for (let i = 0; i < 30; i++) {
      const base = text(30_000, next);
      let other = base;
      for (let e = 0; e < 6; e++) {
        const at = Math.floor(next() * other.length);
        const cut = Math.floor(next() * (next() < 0.2 ? 3 * CHUNK_CHARS : 30));
        other = other.slice(0, at) + (next() < 0.5 ? 'added words\n' : '') + other.slice(at + cut);
      }
      const parts = wordDiff(base, other);
      const blocks = diffChunks(chunkText(other), spansOf(parts));
      expect(blocks.map((b) => b.text).join('')).toBe(other);
      // The pieces shown are the diff's (adjacent pieces of one kind joined).
      const joined: DiffPiece[] = [];
      for (const p of parts) {
        const prev = joined[joined.length - 1];
        if (prev?.kind === p.kind) prev.text += p.text;
        else if (p.text) joined.push({ ...p });
      }
      expect(shownPieces(blocks)).toEqual(joined);
      // Every block but the last ends after a newline shown (text or text the first column has).
      wellCut(blocks.map(shownText));
    }
  });

  it('cuts a long text the first column has and this one lacks into blocks of its own, at its newlines', () => {
    const long = text(100_000, random(11));
    const blocks = diffChunks(
      chunkText('before newafter'),
      spansOf([
        { kind: 'same', text: 'before ' },
        { kind: 'removed', text: long },
        { kind: 'added', text: 'new' },
        { kind: 'same', text: 'after' },
      ]),
    );
    expect(blocks.length).toBe(chunkText(long).length);
    expect(blocks.map(shownText).join('')).toBe(`before ${long}newafter`);
    wellCut(blocks.map(shownText));
    expect(blocks[0]!.text).toBe('before ');
    expect(blocks.at(-1)!.text).toBe('newafter');
    expect(blocks.at(-1)!.marks).toEqual([
      { kind: 'removed', at: 0, text: chunkText(long).at(-1) },
      { kind: 'added', start: 0, end: 3 },
    ]);
  });

  it('puts text the first column has and this one lacks at the start of the block after a boundary, or at the very end', () => {
    const line = `${'a'.repeat(CHUNK_CHARS - 1)}\n`;
    const blocks = diffChunks(
      chunkText(`${line}b`),
      spansOf([
        { kind: 'same', text: line },
        { kind: 'removed', text: 'gone' },
        { kind: 'same', text: 'b' },
        { kind: 'removed', text: 'end' },
      ]),
    );
    expect(blocks.map((b) => b.marks)).toEqual([
      [],
      [
        { kind: 'removed', at: 0, text: 'gone' },
        { kind: 'removed', at: 1, text: 'end' },
      ],
    ]);
    // An empty cell still shows what it lacks.
    expect(diffChunks([], spansOf([{ kind: 'removed', text: 'all' }]))).toEqual([
      { text: '', marks: [{ kind: 'removed', at: 0, text: 'all' }] },
    ]);
  });
});
