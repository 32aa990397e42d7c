import type { IpcResult } from './ipc-result.js';
import type { WireEvent } from './event-codec.js';

/**
 * Answers that travel with the events, on Electron IPC. There an invoke's answer and the events
 * sent with webContents.send are not one ordered stream, so an answer patched like the events
 * (EventEncoder.encodeAnswer: compare:set's four columns, preview:set's prompt) could be read
 * against the wrong last result. Instead the host sends the answer itself as an event
 * (ANSWER_EVENT, in order with the results it patches and that patch it) and answers the
 * invoke with its id alone (an AnswerRef); the preload pairs the two, whichever comes first.
 */

/** The event an answer comes on (Electron wiring only: not a contract event). */
export const ANSWER_EVENT = 'studio:answer';

/** What the invoke answers when its value comes as an ANSWER_EVENT. */
export interface AnswerRef {
  answerRef: number;
}

/** An answer as it comes on ANSWER_EVENT. */
export interface WireAnswer {
  id: number;
  channel: string;
  wire: WireEvent;
}

/** Whether an invoke's answer is an AnswerRef (the value then comes as an event). */
export function answerRefOf(result: unknown): number | undefined {
  if (typeof result !== 'object' || result === null || (result as { ok?: unknown }).ok !== true) return undefined;
  const value = (result as { value?: unknown }).value;
  if (typeof value !== 'object' || value === null) return undefined;
  const id = (value as Partial<AnswerRef>).answerRef;
  return typeof id === 'number' && Object.keys(value).length === 1 ? id : undefined;
}

/** Answers come in before their invoke at most this many at a time (a window has a few calls in flight). */
const MAX_EARLY = 64;

/** Pairs answers that came as events with the invokes that named them, in either order. */
export class AnswerRendezvous {
  private readonly early = new Map<number, IpcResult<unknown>>();
  private readonly waiting = new Map<number, (result: IpcResult<unknown>) => void>();

  /** An answer came (decoded, or the error of reading it). */
  arrive(id: number, result: IpcResult<unknown>): void {
    const waiter = this.waiting.get(id);
    if (waiter) {
      this.waiting.delete(id);
      waiter(result);
      return;
    }
    // An answer nobody will ask for (never, in practice) does not stay forever.
    if (this.early.size >= MAX_EARLY) this.early.delete(this.early.keys().next().value!);
    this.early.set(id, result);
  }

  /** The answer of the invoke that named `id`: at once if it came, else when it does. */
  wait(id: number): Promise<IpcResult<unknown>> {
    const came = this.early.get(id);
    if (came) {
      this.early.delete(id);
      return Promise.resolve(came);
    }
    return new Promise((resolve) => this.waiting.set(id, resolve));
  }

  /** How many answers wait for their invoke, and invokes for their answer (for tests). */
  get pending(): { early: number; waiting: number } {
    return { early: this.early.size, waiting: this.waiting.size };
  }
}
