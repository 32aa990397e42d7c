import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeUtf8Lossy } from '../harness/text/utf8-lossy.js';
import { classifyBytes, decodeBase64, decodeUtf8, encodeUtf8 } from './bytes.js';

describe('UTF-8 and binary detection', () => {
  it('round-trips any well-formed string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (s) => {
        expect(decodeUtf8(encodeUtf8(s))).toBe(s);
      }),
    );
  });

  it('encodes like the standard encoder', () => {
    expect([...encodeUtf8('aé€😀')]).toEqual([0x61, 0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80]);
  });

  it('rejects malformed sequences', () => {
    expect(decodeUtf8(Uint8Array.from([0xff]))).toBeUndefined();
    expect(decodeUtf8(Uint8Array.from([0xc3]))).toBeUndefined(); // truncated
    expect(decodeUtf8(Uint8Array.from([0xc0, 0xaf]))).toBeUndefined(); // overlong
    expect(decodeUtf8(Uint8Array.from([0xed, 0xa0, 0x80]))).toBeUndefined(); // surrogate
    expect(decodeUtf8(Uint8Array.from([0xf4, 0x90, 0x80, 0x80]))).toBeUndefined(); // > U+10FFFF
  });

  it('drops a leading byte-order mark', () => {
    expect(decodeUtf8(Uint8Array.from([0xef, 0xbb, 0xbf, 0x68, 0x69]))).toBe('hi');
  });

  it('calls NUL bytes and invalid UTF-8 binary', () => {
    expect(classifyBytes(encodeUtf8('rules\n'))).toEqual({ kind: 'text', text: 'rules\n' });
    expect(classifyBytes(Uint8Array.from([0x61, 0x00]))).toEqual({ kind: 'binary', reason: 'it contains NUL bytes' });
    expect(classifyBytes(Uint8Array.from([0x89, 0x50, 0x4e, 0x47]))).toEqual({ kind: 'binary', reason: 'it is not valid UTF-8' });
  });

  it('decodes base64', () => {
    expect([...(decodeBase64('AAEC/w==') ?? [])]).toEqual([0, 1, 2, 255]);
    expect(decodeBase64('a')).toBeUndefined();
    expect(decodeBase64('a*b=')).toBeUndefined();
  });

  // Node's Buffer is an independent decoder (its own C++ UTF-8 code), so it is the oracle.
  const bytes = fc
    .uint8Array({ maxLength: 64 })
    .chain((b) => fc.constantFrom(b, Uint8Array.from([0xef, 0xbb, 0xbf, ...b]), Uint8Array.from([...b, 0xf0, 0x9f])));

  it('decodes lossily as Node does: one U+FFFD per maximal invalid subpart, a BOM kept unless dropped', () => {
    fc.assert(
      fc.property(bytes, (b) => {
        const node = Buffer.from(b).toString('utf8');
        expect(decodeUtf8Lossy(b)).toBe(node);
        expect(decodeUtf8Lossy(b, { stripBom: true })).toBe(node.startsWith('\ufeff') ? node.slice(1) : node);
      }),
      { numRuns: 5000 },
    );
  });

  it('decodes strictly exactly the byte strings that are well-formed UTF-8', () => {
    fc.assert(
      fc.property(bytes, (b) => {
        const node = Buffer.from(b).toString('utf8');
        const wellFormed = Buffer.from(node, 'utf8').equals(Buffer.from(b));
        const expected = wellFormed ? (node.startsWith('\ufeff') ? node.slice(1) : node) : undefined;
        expect(decodeUtf8(b)).toBe(expected);
      }),
      { numRuns: 5000 },
    );
  });

  it('decodes base64 as Node does, whitespace and trailing padding aside', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), (b) => {
        const text = Buffer.from(b).toString('base64');
        expect([...(decodeBase64(text) ?? [])]).toEqual([...b]);
        expect([...(decodeBase64(` ${text.replace(/=+$/, '')}\n`) ?? [])]).toEqual([...b]);
      }),
    );
  });
});
