import { EventEmitter } from 'node:events';
import type { IpcMain } from 'electron';
import { describe, expect, it } from 'vitest';
import { ANSWER_EVENT, answerRefOf, AnswerRendezvous, type WireAnswer } from '../../shared/ipc/answer-rendezvous.js';
import type { CompareResult } from '../../shared/ipc/contract.js';
import { EventDecoder, type WireEvent } from '../../shared/ipc/event-codec.js';
import type { IpcResult } from '../../shared/ipc/ipc-result.js';
import { appLocation } from '../../electron/wiring/app-url.js';
import { forwardEvent, registerIpc } from '../../electron/wiring/ipc.js';

/**
 * preview:set's and compare:set's answers on Electron IPC (shared/ipc/answer-rendezvous.ts):
 * they go on the window's event stream, patched like the results around them, and the invoke
 * answers with their id; the preload pairs the two in either order. Issue 23, item 5: Electron
 * sent these answers whole, and the first result after them whole too.
 */

const lorem = (s: string): string => `${s}\n${'lorem ipsum dolor '.repeat(60)}`;
const compare = (seq: number, texts: string[]): CompareResult => ({
  seq,
  columns: [],
  rows: [{ key: '(template text)', cells: texts.map((text) => ({ text })) }],
});

/** A window's WebContents as the wiring uses it: what it was sent, in order. */
class FakeContents extends EventEmitter {
  readonly sent: [string, unknown][] = [];
  send(channel: string, payload: unknown): void {
    this.sent.push([channel, structuredClone(payload)]);
  }
  isDestroyed(): boolean {
    return false;
  }
}

function wired(answer: (channel: string) => unknown) {
  const handlers = new Map<string, (event: unknown, payload: unknown) => Promise<IpcResult<unknown>>>();
  const ipcMain = { handle: (channel: string, h: never) => handlers.set(channel, h), removeHandler: () => undefined };
  registerIpc(ipcMain as unknown as IpcMain, async (channel) => ({ ok: true, value: answer(channel) }), appLocation(undefined));
  const contents = new FakeContents();
  /** A call from the app's top frame, of the window (null: of none, as a stand-in event may be). */
  const call = (channel: string, payload: unknown = {}, sender: FakeContents | null = contents) =>
    handlers.get(channel)!({ senderFrame: { url: 'studio://app/index.html', parent: null }, sender: sender ?? undefined }, payload);
  return { contents, call };
}

describe('answers that travel with the events (Electron IPC)', () => {
  it('sends compare:set’s answer in order with the events, patched like them, and answers the invoke with its id', async () => {
    let next = compare(1, [lorem('a'), lorem('b')]);
    const { contents, call } = wired((channel) => (channel === 'compare:set' ? next : { channel }));
    // The page's first call: from now on its events are encoded.
    expect(await call('workspace:get')).toEqual({ ok: true, value: { channel: 'workspace:get' } });
    forwardEvent(contents as never, 'compare:result', compare(1, [lorem('a'), lorem('b')]));
    next = compare(2, [lorem('ax'), lorem('b')]);
    const reply = await call('compare:set', { columns: [] });
    const id = answerRefOf(reply);
    expect(id).toBeTypeOf('number');
    expect(reply).toEqual({ ok: true, value: { answerRef: id } });
    forwardEvent(contents as never, 'compare:result', compare(3, [lorem('axy'), lorem('b')]));
    expect(contents.sent.map(([channel]) => channel)).toEqual(['compare:result', ANSWER_EVENT, 'compare:result']);
    const answer = contents.sent[1]![1] as WireAnswer;
    expect(answer).toMatchObject({ id, channel: 'compare:set' });
    // The answer is a patch of the event before it, and the event after it a patch of the answer.
    expect(answer.wire.patch).toMatchObject({ fromSeq: 1 });
    expect((contents.sent[2]![1] as WireEvent).patch).toMatchObject({ fromSeq: 2 });
    expect(JSON.stringify(answer.wire.payload)).not.toContain('lorem');
    // Read in the order sent, each is the whole result.
    const decoder = new EventDecoder();
    expect(decoder.decode('compare:result', contents.sent[0]![1] as WireEvent)).toEqual(compare(1, [lorem('a'), lorem('b')]));
    expect(decoder.decodeAnswer('compare:set', answer.wire)).toEqual(compare(2, [lorem('ax'), lorem('b')]));
    expect(decoder.decode('compare:result', contents.sent[2]![1] as WireEvent)).toEqual(compare(3, [lorem('axy'), lorem('b')]));
    // Another call's id is another.
    const again = answerRefOf(await call('compare:set', { columns: [] }));
    expect(again).toBe(id! + 1);
  });

  it('answers every other channel, and a call with no window, as it is', async () => {
    const { contents, call } = wired((channel) => (channel === 'compare:set' ? compare(1, [lorem('a')]) : { channel }));
    expect(await call('compare:set', {}, null)).toEqual({ ok: true, value: compare(1, [lorem('a')]) });
    expect(await call('doc:read', { ref: { kind: 'preset', name: 'basic' } })).toEqual({ ok: true, value: { channel: 'doc:read' } });
    expect(contents.sent).toEqual([]);
  });

  it('pairs an answer with its invoke whichever comes first, and passes an error of reading it', async () => {
    const answers = new AnswerRendezvous();
    answers.arrive(1, { ok: true, value: 'early' });
    expect(answers.pending).toEqual({ early: 1, waiting: 0 });
    expect(await answers.wait(1)).toEqual({ ok: true, value: 'early' });
    const late = answers.wait(2);
    expect(answers.pending).toEqual({ early: 0, waiting: 1 });
    answers.arrive(2, { ok: false, error: { code: 'INTERNAL', message: 'unreadable' } });
    expect(await late).toEqual({ ok: false, error: { code: 'INTERNAL', message: 'unreadable' } });
    expect(answers.pending).toEqual({ early: 0, waiting: 0 });
    // Answers nobody asks for are not kept without bound.
    for (let id = 10; id < 200; id++) answers.arrive(id, { ok: true, value: id });
    expect(answers.pending.early).toBe(64);
    expect(await answers.wait(199)).toEqual({ ok: true, value: 199 });
  });

  it('takes only an answer of exactly { answerRef } for a reference', () => {
    expect(answerRefOf({ ok: true, value: { answerRef: 3 } })).toBe(3);
    for (const other of [
      { ok: true, value: { answerRef: 3, more: 1 } },
      { ok: true, value: { answerRef: '3' } },
      { ok: false, error: { code: 'INTERNAL', message: 'x' } },
      { ok: true, value: null },
      { ok: true, value: 3 },
      null,
    ])
      expect(answerRefOf(other)).toBeUndefined();
  });
});
