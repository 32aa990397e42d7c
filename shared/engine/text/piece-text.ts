/**
 * What a window read of a text needs: its length and a slice of a range. A string is one; so
 * is a PieceText.
 */
export interface TextWindow {
  readonly length: number;
  slice(from: number, to: number): string;
}

/** Neighbours shorter than this are joined into one piece after an edit (typing in one place keeps three pieces). */
const SMALL = 256;
/** More pieces than this (edits in many places): the text is joined into one string again (rare, one copy). */
const MOST_PIECES = 32;

/**
 * A long text kept as a few pieces, each a string or a slice of one, and edited by replacing
 * a range: a window read (a slice of a range) and an edit read and make only the pieces near
 * it. A string made by `+` is a rope that the JavaScript engine copies into one flat string
 * the first time it is sliced or searched (a megabyte text a copy per read); slices of a flat
 * string and these pieces are not copied. `text` is the whole text as one string, joined by
 * `+` when first asked for (it costs nothing until it is read).
 */
export class PieceText implements TextWindow {
  private joined: string | undefined;

  private constructor(
    private readonly pieces: readonly string[],
    readonly length: number,
  ) {}

  static of(text: string): PieceText {
    const pieces = new PieceText(text.length > 0 ? [text] : [], text.length);
    pieces.joined = text;
    return pieces;
  }

  /** How many pieces the text is in. */
  get count(): number {
    return this.pieces.length;
  }

  get text(): string {
    this.joined ??= this.pieces.reduce((all, piece) => all + piece, '');
    return this.joined;
  }

  /** The pieces of the range [from, to), each sliced to it. */
  private range(from: number, to: number): string[] {
    const out: string[] = [];
    let pos = 0;
    for (const piece of this.pieces) {
      const end = pos + piece.length;
      if (end > from && pos < to) {
        const a = Math.max(from, pos) - pos;
        const b = Math.min(to, end) - pos;
        out.push(a === 0 && b === piece.length ? piece : piece.slice(a, b));
      }
      if (end >= to) break;
      pos = end;
    }
    return out;
  }

  /** As String.prototype.slice, for ends that are not negative (an end past the text is its end). */
  slice(from: number, to: number = this.length): string {
    const a = Math.max(0, Math.min(from, this.length));
    const b = Math.max(a, Math.min(to, this.length));
    if (a === b) return '';
    const parts = this.range(a, b);
    return parts.length === 1 ? parts[0]! : parts.join('');
  }

  /**
   * Whether the text is `other`: compared piece by piece with slices of `other`, so neither
   * is copied whole (a `===` with `text`, a rope, would copy it into one string first).
   */
  equals(other: string): boolean {
    if (other.length !== this.length) return false;
    if (this.pieces.length === 1) return this.pieces[0] === other;
    let pos = 0;
    for (const piece of this.pieces) {
      if (other.slice(pos, pos + piece.length) !== piece) return false;
      pos += piece.length;
    }
    return true;
  }

  /** The text with [start, endOld) replaced by `text`. */
  edit(start: number, endOld: number, text: string): PieceText {
    const parts = [...this.range(0, start), text, ...this.range(endOld, this.length)].filter((p) => p.length > 0);
    const merged: string[] = [];
    for (const part of parts) {
      const last = merged[merged.length - 1];
      if (last !== undefined && (last.length < SMALL || part.length < SMALL) && last.length + part.length < 4 * SMALL)
        merged[merged.length - 1] = [last, part].join('');
      else merged.push(part);
    }
    const length = this.length - (endOld - start) + text.length;
    if (merged.length > MOST_PIECES) return PieceText.of(merged.join(''));
    return new PieceText(merged, length);
  }
}
