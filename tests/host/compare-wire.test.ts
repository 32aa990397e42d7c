import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CompareResult } from '../../shared/ipc/contract.js';
import { minimalEdit } from '../../shared/engine/text/minimal-edit.js';
import { cellMadeByEdit, CompareWireDecoder, CompareWireEncoder, type WireCompare } from '../../shared/ipc/compare-wire.js';

/** A result of `rows`: key -> one entry per column (a text, or null for a gap). */
function result(seq: number, rows: [string, (string | null)[]][]): CompareResult {
  return {
    seq,
    columns: [],
    rows: rows.map(([key, cells]) => ({ key, cells: cells.map((c) => (c === null ? { reason: 'disabled' } : { text: c })) })),
  };
}

const long = (s: string): string => `${s}\n${'lorem ipsum '.repeat(100)}`;
const viaJson = (wire: WireCompare): WireCompare => JSON.parse(JSON.stringify(wire)) as WireCompare;

describe('compare results on the wire', () => {
  it('leaves out unchanged cells, sends an edited cell as an edit, and a gap or short text whole', () => {
    const enc = new CompareWireEncoder();
    const dec = new CompareWireDecoder();
    const first = result(1, [
      ['(template text)', [long('A'), long('A')]],
      ['rules', [long('rules'), null]],
      ['short', ['x', 'y']],
    ]);
    const second = result(2, [
      ['(template text)', [long('AB'), long('AB')]],
      ['rules', [long('rules'), null]],
      ['short', ['x', 'z']],
    ]);
    const a = enc.encode(first);
    expect(a.patch).toBeUndefined();
    const b = enc.encode(second);
    expect(b.patch).toEqual({
      fromSeq: 1,
      cells: [
        [
          { start: 1, endOld: 1, text: 'B' },
          { start: 1, endOld: 1, text: 'B' },
        ],
        ['same', 'full'],
        ['full', 'full'],
      ],
    });
    expect(b.payload.rows[0]!.cells).toEqual([{ text: '' }, { text: '' }]);
    expect(JSON.stringify(b).length).toBeLessThan(JSON.stringify(second).length / 3);
    expect(dec.decode(viaJson(a))).toEqual(first);
    expect(dec.decode(viaJson(b))).toEqual(second);
  });

  it('sends the edit a cell was said to be made by, when the cell last sent had the text it was made from', () => {
    const enc = new CompareWireEncoder();
    const dec = new CompareWireDecoder();
    const before = long('Say hello to the user');
    const first = result(1, [['(template text)', [before, before]]]);
    dec.decode(viaJson(enc.encode(first)));
    // Typed " there" after "hello": minimalEdit finds "here t" after "hello t" (the same text); the sender says where it typed.
    const after = before.replace('hello', 'hello there');
    const second = result(2, [['(template text)', [after, after]]]);
    const said = { start: 'Say hello'.length, endOld: 'Say hello'.length, text: ' there' };
    cellMadeByEdit(second.rows[0]!.cells[0]!, before, said);
    // Said of a text other than the one last sent: not taken.
    cellMadeByEdit(second.rows[0]!.cells[1]!, long('another text'), { start: 0, endOld: 0, text: 'wrong' });
    const wire = enc.encode(second);
    const found = minimalEdit(before, after);
    expect(found).toEqual({ start: 11, endOld: 11, text: 'here t' });
    expect(wire.patch!.cells[0]).toEqual([said, found]);
    expect(dec.decode(viaJson(wire))).toEqual(second);
  });

  it('decodes long cells typed into in many places, result after result, exactly', () => {
    const enc = new CompareWireEncoder();
    const dec = new CompareWireDecoder();
    const texts = [long('first'), long('second')];
    let state = 9;
    const next = (n: number): number => ((state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0) >>> 8) % n;
    for (let seq = 1; seq <= 400; seq++) {
      // One column typed into, or both, or (every tenth) neither.
      for (let c = 0; c < texts.length; c++) {
        if (seq % 10 === 0 || next(3) === 0) continue;
        const text = texts[c]!;
        const at = next(text.length + 1);
        texts[c] = next(4) === 0 ? text.slice(0, at) + text.slice(at + 1 + next(3)) : `${text.slice(0, at)}ab${text.slice(at)}`;
      }
      const sent = result(seq, [['template', [...texts]]]);
      const wire = viaJson(enc.encode(sent));
      if (seq > 1) expect(wire.patch?.cells[0]).toHaveLength(2);
      expect(dec.decode(wire)).toEqual(sent);
    }
  });

  it('refuses a patch that is not relative to the last result received', () => {
    const enc = new CompareWireEncoder();
    enc.encode(result(1, [['x', [long('A')]]]));
    const patched = enc.encode(result(2, [['x', [long('A')]]]));
    expect(() => new CompareWireDecoder().decode(patched)).toThrow(
      'compare result 2 is a patch of result 1, but the last one received is none',
    );
  });

  it('any sequence of results decodes to exactly what was encoded (rows moved, added, removed; columns changed)', () => {
    const piece = fc.constantFrom('', 'a', 'lorem ', '\n', 'ipsum dolor '.repeat(10), 'é😀');
    const text = fc.array(piece, { maxLength: 10 }).map((p) => p.join(''));
    const cell = fc.option(text, { nil: null, freq: 4 });
    const rows = fc.uniqueArray(
      fc.tuple(fc.constantFrom('a', 'b', 'c', 'd', '(template text)'), fc.array(cell, { minLength: 1, maxLength: 4 })),
      {
        selector: (r) => r[0],
        maxLength: 5,
      },
    );
    fc.assert(
      fc.property(fc.array(rows, { minLength: 1, maxLength: 12 }), (steps) => {
        const enc = new CompareWireEncoder();
        const dec = new CompareWireDecoder();
        steps.forEach((r, i) => {
          const sent = result(i + 1, r);
          expect(dec.decode(viaJson(enc.encode(sent)))).toEqual(sent);
        });
      }),
      { numRuns: 1500 },
    );
  });
});
