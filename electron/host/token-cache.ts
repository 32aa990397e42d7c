import { loadTokenCounter } from './tokens.js';

const LIMIT = 2000;

/**
 * o200k counts of many texts that mostly repeat from one request to the next (compare cells,
 * matrix prompts): remembered by text, counted in turns that leave the event loop free
 * between texts, so a request that arrives meanwhile is answered at once.
 */
export class TokenCache {
  private readonly counts = new Map<string, number>();
  private counter?: Promise<(text: string) => number>;

  /** The counter itself (synchronous, remembered), once the encoders are loaded. */
  async sync(): Promise<(text: string) => number> {
    const count = await (this.counter ??= loadTokenCounter());
    return (text) => {
      let n = this.counts.get(text);
      if (n === undefined) {
        if (this.counts.size >= LIMIT) this.counts.clear();
        n = count(text);
        this.counts.set(text, n);
      }
      return n;
    };
  }

  /** Counts every text, yielding to the event loop before each one not seen before; stops early when `stale()` says so. */
  async countAll(texts: readonly string[], stale: () => boolean = () => false): Promise<number[] | null> {
    const count = await this.sync();
    const out: number[] = [];
    for (const text of texts) {
      if (!this.counts.has(text)) {
        await new Promise((resolve) => setImmediate(resolve));
        if (stale()) return null;
      }
      out.push(count(text));
    }
    return out;
  }
}
