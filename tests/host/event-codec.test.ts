import { describe, expect, it } from 'vitest';
import type { CompareResult, PreviewResult } from '../../shared/ipc/contract.js';
import { EventDecoder, EventEncoder, type WireEvent } from '../../shared/ipc/event-codec.js';

// One encoding of host events for both transports (issue 23, item 5): what the renderer gets
// after decoding is the whole result, over Electron IPC (a structured clone) and over the
// WebSocket (JSON) alike.

const long = (s: string): string => `${s}\n${'lorem ipsum dolor '.repeat(40)}`;

function preview(seq: number, text: string, baseline: string | null): PreviewResult {
  return {
    seq,
    target: { kind: 'variant', variantId: 'generic' },
    outcome: { ok: true, kind: 'variant', result: { kind: 'variant', text } as never, durationMs: 1 },
    baseline: { spec: { kind: 'saved' }, text: baseline },
  };
}

function compare(seq: number, cells: string[]): CompareResult {
  return {
    seq,
    columns: [],
    rows: [
      { key: '(template text)', cells: cells.map((text) => ({ text })) },
      { key: 'rules', cells: cells.map(() => ({ text: long('rules') })) },
    ],
  };
}

const transports: [string, (wire: WireEvent) => WireEvent][] = [
  ['Electron IPC', (wire) => structuredClone(wire)],
  ['the WebSocket', (wire) => JSON.parse(JSON.stringify(wire)) as WireEvent],
];

describe.each(transports)('host events over %s', (_name, carry) => {
  it('patched preview and compare results decode to exactly the whole results, other events pass as they are', () => {
    const encoder = new EventEncoder();
    const decoder = new EventDecoder();
    const sent: [Parameters<EventEncoder['encode']>[0], unknown][] = [
      ['preview:result', preview(1, long('a'), long('base'))],
      ['compare:result', compare(1, [long('a'), long('a')])],
      ['workspace:changed', { name: 'w' }],
      ['preview:result', preview(2, long('ab'), long('base'))],
      ['compare:result', compare(2, [long('ab'), long('a')])],
      ['preview:result', preview(3, long('abc'), long('other base'))],
      ['compare:result', compare(3, [long('abc'), 'short'])],
    ];
    let patched = 0;
    for (const [event, payload] of sent) {
      const wire = encoder.encode(event, payload);
      if (wire.patch) patched++;
      expect(decoder.decode(event, carry(wire))).toEqual(payload);
    }
    // The later results went as patches (their texts left out of the payload).
    expect(patched).toBe(4);
    const again = encoder.encode('compare:result', compare(4, [long('abcd'), 'short']));
    expect(JSON.stringify(again.payload)).not.toContain('lorem');
  });

  it("answers of preview:set and compare:set are patched like their events, in the order sent: the first keystroke's compare result after the columns' answer goes as a patch", () => {
    const encoder = new EventEncoder();
    const decoder = new EventDecoder();
    const answer = (channel: string, value: unknown): void => {
      expect(decoder.decodeAnswer(channel, carry(encoder.encodeAnswer(channel, value)))).toEqual(value);
    };
    answer('compare:set', compare(1, [long('a'), long('a')]));
    answer('preview:set', preview(1, long('a'), long('base')));
    answer('workspace:open', { name: 'w', text: long('other') });
    const event = encoder.encode('compare:result', compare(2, [long('ab'), long('a')]));
    expect(event.patch).toBeDefined();
    expect(JSON.stringify(event.payload)).not.toContain('lorem');
    expect(decoder.decode('compare:result', carry(event))).toEqual(compare(2, [long('ab'), long('a')]));
    // An answer after the events is a patch of the last event.
    const columns = encoder.encodeAnswer('compare:set', compare(3, [long('abc'), long('a')]));
    expect(columns.patch).toBeDefined();
    expect(decoder.decodeAnswer('compare:set', carry(columns))).toEqual(compare(3, [long('abc'), long('a')]));
    // Any other answer passes as it is.
    expect(encoder.encodeAnswer('workspace:open', { text: long('x') })).toEqual({ payload: { text: long('x') } });
  });

  it('refuses a patch that does not follow the last result received', () => {
    const encoder = new EventEncoder();
    const decoder = new EventDecoder();
    encoder.encode('compare:result', compare(1, [long('a')]));
    const second = encoder.encode('compare:result', compare(2, [long('ab')]));
    expect(() => decoder.decode('compare:result', carry(second))).toThrow(/patch of result 1/);
  });
});
