import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PreviewResult } from '../../shared/ipc/contract.js';
import { PreviewWireDecoder, PreviewWireEncoder, previewEditSince, previewTextPieces } from '../../shared/ipc/preview-wire.js';

function result(seq: number, text: string | null, baseline: string | null): PreviewResult {
  return {
    seq,
    target: { kind: 'variant', variantId: 'generic' },
    outcome:
      text === null
        ? { ok: false, error: 'no such variant' }
        : {
            ok: true,
            kind: 'variant',
            result: { kind: 'variant', variantId: 'generic', text, sections: [] } as never,
            durationMs: 1,
          },
    baseline: { spec: { kind: baseline === null ? 'none' : 'saved' }, text: baseline },
  };
}

const long = (s: string): string => `${s}\n${'lorem ipsum '.repeat(40)}`;

describe('preview results on the wire', () => {
  it('sends a small edit of a long text as a patch, and the baseline once', () => {
    const enc = new PreviewWireEncoder();
    const first = enc.encode(result(1, long('A'), long('base')));
    expect(first.patch).toBeUndefined();
    const second = enc.encode(result(2, long('AB'), long('base')));
    expect(second.patch).toEqual({ fromSeq: 1, text: { start: 1, endOld: 1, text: 'B' }, baselineSame: true });
    expect(second.payload.outcome.ok && second.payload.outcome.result.text).toBe('');
    expect(second.payload.baseline.text).toBeNull();
    const dec = new PreviewWireDecoder();
    expect(dec.decode(first)).toEqual(result(1, long('A'), long('base')));
    expect(dec.decode(second)).toEqual(result(2, long('AB'), long('base')));
  });

  it('says how a patched text was made from the text before it, and only from that one', () => {
    const enc = new PreviewWireEncoder();
    const dec = new PreviewWireDecoder();
    const built = (r: PreviewResult) => (r.outcome.ok ? r.outcome.result : undefined)!;
    const first = built(dec.decode(enc.encode(result(1, long('A'), null))));
    const second = built(dec.decode(enc.encode(result(2, long('AB'), null))));
    expect(previewEditSince(second, first.text)).toEqual({ start: 1, endOld: 1, text: 'B' });
    // The pieces it was made of are that text, read by ranges; a result sent whole has none.
    expect(previewTextPieces(second)?.slice(0, second.text.length)).toBe(long('AB'));
    expect(previewTextPieces(first)).toBeUndefined();
    // Built again with the same text: the same text, no edit.
    const third = built(dec.decode(enc.encode(result(3, long('AB'), null))));
    expect(previewEditSince(third, second.text)).toBeNull();
    // Of another text nothing is known; a result sent whole says nothing of how it was made.
    expect(previewEditSince(second, long('X'))).toBeUndefined();
    expect(previewEditSince(first, long('AB'))).toBeUndefined();
    expect(previewEditSince(first, first.text)).toBeNull();
  });

  it('sends short texts, failed builds and results older than the last one whole', () => {
    const enc = new PreviewWireEncoder();
    enc.encode(result(5, 'short', null));
    expect(enc.encode(result(6, 'shorter', null)).patch).toBeUndefined();
    expect(enc.encode(result(7, null, null)).patch).toBeUndefined();
    enc.encode(result(8, long('x'), null));
    const stale = result(3, long('y'), null);
    expect(enc.encode(stale)).toEqual({ payload: stale });
    // The stale one is not a base: the next patch is relative to 8.
    expect(enc.encode(result(9, long('xz'), null)).patch?.fromSeq).toBe(8);
  });

  it('refuses a patch that is not relative to the last result received', () => {
    const enc = new PreviewWireEncoder();
    enc.encode(result(1, long('A'), null));
    const patched = enc.encode(result(2, long('AB'), null));
    expect(() => new PreviewWireDecoder().decode(patched)).toThrow(
      'preview result 2 is a patch of result 1, but the last one received is none',
    );
  });

  it('decodes a long text typed into in many places, result after result, exactly', () => {
    const enc = new PreviewWireEncoder();
    const dec = new PreviewWireDecoder();
    let text = long('start');
    let state = 7;
    const next = (n: number): number => ((state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0) >>> 8) % n;
    for (let seq = 1; seq <= 400; seq++) {
      const at = next(text.length + 1);
      text =
        next(4) === 0
          ? text.slice(0, at) + text.slice(at + 1 + next(3))
          : `${text.slice(0, at)}${'xyz'.slice(0, 1 + next(3))}${text.slice(at)}`;
      const sent = result(seq, text, null);
      const wire = JSON.parse(JSON.stringify(enc.encode(sent))) as ReturnType<PreviewWireEncoder['encode']>;
      if (seq > 1) expect(wire.patch?.text, `result ${seq}`).toBeDefined();
      expect(dec.decode(wire)).toEqual(sent);
    }
  });

  it('any sequence of results decodes to exactly what was encoded', () => {
    const piece = fc.constantFrom('', 'a', 'lorem ', '\n', 'ipsum dolor '.repeat(30), '{{X}}', 'é😀');
    const text = fc.array(piece, { maxLength: 12 }).map((p) => p.join(''));
    const step = fc.record({
      seqStep: fc.integer({ min: -2, max: 3 }),
      text: fc.option(text, { nil: null }),
      baseline: fc.oneof(fc.constant('same' as const), fc.option(text, { nil: null })),
    });
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 25 }), (steps) => {
        const enc = new PreviewWireEncoder();
        const dec = new PreviewWireDecoder();
        let seq = 10;
        let baseline: string | null = null;
        for (const s of steps) {
          seq += s.seqStep;
          if (s.baseline !== 'same') baseline = s.baseline;
          const sent = result(seq, s.text, baseline);
          // Through JSON, as on the socket.
          const wire = JSON.parse(JSON.stringify(enc.encode(sent))) as ReturnType<PreviewWireEncoder['encode']>;
          expect(dec.decode(wire)).toEqual(sent);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
