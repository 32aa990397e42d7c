/**
 * Turns for synchronous work on the host's event loop (which is the editor's too): an eval's
 * workers ask for a turn before each piece of CPU work (building a column, making a body and
 * its hash, reading a reply's tool calls and assertions, sending the cell to the renderer),
 * and turns are given one per loop iteration. Yielding with a bare `setImmediate` is not
 * enough: eight workers yielding together all run in the same check phase, back to back, and
 * hold the loop for eight pieces' time; here, between two pieces, timers and I/O get their go.
 */
export class LoopTurns {
  private readonly waiting: (() => void)[] = [];
  private scheduled = false;

  constructor(private readonly schedule: (next: () => void) => void = (next) => void setImmediate(next)) {}

  /** Resolves when it is this caller's turn; its synchronous work until its next `await` runs in it. */
  turn(): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.pump();
    });
  }

  /** Callers still waiting for a turn. */
  get pending(): number {
    return this.waiting.length;
  }

  private pump(): void {
    if (this.scheduled || !this.waiting.length) return;
    this.scheduled = true;
    this.schedule(() => {
      this.scheduled = false;
      this.waiting.shift()?.();
      this.pump();
    });
  }
}
