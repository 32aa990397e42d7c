/**
 * Text edits and the provenance spans carried through them. Every cleanup pass describes
 * its work as sorted, non-overlapping edits of its input; applying them yields the output,
 * and mapping the spans through them keeps track of where each output character came from.
 */

export interface TextEdit {
  /** Input range [start, end) replaced by `text`. */
  start: number;
  end: number;
  text: string;
}

/** A range of a text with the index of its source and the offset inside that source. */
export interface Span {
  start: number;
  end: number;
  source: number;
  /** Offset, inside the source's own text, of the character at `start`. */
  offset: number;
}

export function applyEdits(input: string, edits: readonly TextEdit[]): string {
  if (edits.length === 0) return input;
  const parts: string[] = [];
  let at = 0;
  for (const edit of edits) {
    if (edit.start > at) parts.push(input.slice(at, edit.start));
    if (edit.text) parts.push(edit.text);
    at = edit.end;
  }
  if (at < input.length) parts.push(input.slice(at));
  return parts.join('');
}

/**
 * Maps spans of the input to spans of the output. The spans must cover the input without
 * gaps or overlaps, in order. Kept characters keep their source; replacement text is
 * credited to the span holding the first replaced character (for an insertion, the
 * character at the insertion point, or the last character at the very end).
 */
export function mapSpans(spans: readonly Span[], edits: readonly TextEdit[]): Span[] {
  if (edits.length === 0 || spans.length === 0) return spans.slice();
  const out: Span[] = [];
  let si = 0;
  let shift = 0;

  const push = (start: number, end: number, source: number, offset: number): void => {
    if (end <= start) return;
    const last = out[out.length - 1];
    if (last && last.source === source && last.end === start && last.offset + (last.end - last.start) === offset) {
      last.end = end;
      return;
    }
    out.push({ start, end, source, offset });
  };

  const keep = (a: number, b: number): void => {
    if (b <= a) return;
    while (si < spans.length - 1 && spans[si]!.end <= a) si++;
    for (let k = si; k < spans.length; k++) {
      const span = spans[k]!;
      if (span.start >= b) break;
      const from = Math.max(a, span.start);
      const to = Math.min(b, span.end);
      push(from + shift, to + shift, span.source, span.offset + (from - span.start));
    }
  };

  const insert = (at: number, text: string): void => {
    if (!text) return;
    while (si < spans.length - 1 && spans[si]!.end <= at) si++;
    const span = spans[si]!;
    const inside = Math.min(Math.max(at, span.start), span.end);
    push(at + shift, at + shift + text.length, span.source, span.offset + (inside - span.start));
  };

  let at = 0;
  for (const edit of edits) {
    keep(at, edit.start);
    insert(edit.start, edit.text);
    shift += edit.text.length - (edit.end - edit.start);
    at = edit.end;
  }
  const last = spans[spans.length - 1]!;
  keep(at, last.end);
  return out;
}
