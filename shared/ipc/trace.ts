/**
 * Timing marks of the authoring path (keystroke → store → transport → host → build → encode →
 * renderer → apply → commit → paint), recorded only when a bench or a debug flag asks for
 * them: with no sink set, `mark` is one comparison. The renderer's sink writes User Timing
 * marks (`performance.mark('vs:<name>')`); the host's keeps them in a bounded list the bench
 * reads through the `debug:marks` channel. Both stamp with the epoch in milliseconds
 * (timeOrigin + now), so marks of the two processes on one machine line up.
 */

/** One mark: what happened and when (epoch milliseconds, sub-millisecond precision). */
export interface TraceMark {
  name: string;
  at: number;
}

export type TraceSink = (name: string) => void;

let sink: TraceSink | null = null;

/** Starts (a sink) or stops (null) recording marks in this process. */
export function traceTo(next: TraceSink | null): void {
  sink = next;
}

export function tracing(): boolean {
  return sink !== null;
}

/** Records that `name` happened now (nothing unless tracing). */
export function mark(name: string): void {
  if (sink !== null) sink(name);
}

/** The clock a mark list stamps with (performance in Node and in the browser). */
export interface TraceClock {
  readonly timeOrigin: number;
  now(): number;
}

/** A bounded list of marks (the oldest go first), for a process that has no User Timing buffer of its own. */
export class TraceBuffer {
  private marks: TraceMark[] = [];

  constructor(
    private readonly clock: TraceClock,
    private readonly limit = 100_000,
  ) {}

  readonly record: TraceSink = (name) => {
    if (this.marks.length >= this.limit) this.marks.splice(0, this.limit / 10);
    this.marks.push({ name, at: this.clock.timeOrigin + this.clock.now() });
  };

  /** Every mark recorded since the last take, oldest first; the list starts empty again. */
  take(): TraceMark[] {
    const out = this.marks;
    this.marks = [];
    return out;
  }
}
