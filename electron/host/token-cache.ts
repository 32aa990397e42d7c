import { loadPieceCounter, loadTokenCounter } from './tokens.js';
import { LOOP_SLICER, type Slicer } from './sliced-work.js';

/** At most this many texts are remembered... */
const LIMIT = 2000;
/** ...and at most this many characters in all (four 1 MB columns counted after every pause would soon hold gigabytes). */
const LIMIT_CHARS = 16 << 20;

/**
 * o200k counts of many texts that mostly repeat from one request to the next (compare cells,
 * matrix prompts, the Problems check's builds): remembered by text, counted a piece at a time
 * in slices that leave the event loop free between them, so a request that arrives meanwhile
 * (a keystroke) waits at most a slice, however long the text.
 */
export class TokenCache {
  private readonly counts = new Map<string, number>();
  private chars = 0;
  private counter?: Promise<(text: string) => number>;
  private pieces?: Promise<(text: string) => Generator<undefined, number, undefined>>;

  constructor(
    private readonly slicer: Slicer = LOOP_SLICER,
    private readonly limitChars = LIMIT_CHARS,
  ) {}

  /** How many texts are remembered, of how many characters in all. */
  get size(): { texts: number; chars: number } {
    return { texts: this.counts.size, chars: this.chars };
  }

  private remember(text: string, n: number): void {
    if (this.counts.size >= LIMIT || this.chars + text.length > this.limitChars) {
      this.counts.clear();
      this.chars = 0;
    }
    this.counts.set(text, n);
    this.chars += text.length;
  }

  /** The counter itself (synchronous, remembered), once the encoders are loaded. */
  async sync(): Promise<(text: string) => number> {
    const count = await (this.counter ??= loadTokenCounter());
    return (text) => {
      let n = this.counts.get(text);
      if (n === undefined) {
        n = count(text);
        this.remember(text, n);
      }
      return n;
    };
  }

  /**
   * Counts every text, pausing whenever a slice of the slicer's length has run (between two
   * pieces of a text, never inside one); stops early (null) when `stale()` says so after a pause.
   */
  async countAll(texts: readonly string[], stale: () => boolean = () => false): Promise<number[] | null> {
    const count = await this.sync();
    const pieces = await (this.pieces ??= loadPieceCounter());
    const out: number[] = [];
    let end = this.slicer.now() + this.slicer.sliceMs;
    for (const text of texts) {
      if (!this.counts.has(text)) {
        const counting = pieces(text);
        for (let step = counting.next(); ; step = counting.next()) {
          if (step.done) {
            this.remember(text, step.value);
            break;
          }
          if (this.slicer.now() < end) continue;
          await this.slicer.pause();
          if (stale()) return null;
          end = this.slicer.now() + this.slicer.sliceMs;
        }
      }
      out.push(count(text));
    }
    return out;
  }
}
