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
  // `+=` builds a rope that is flattened once when next read: cheaper than collecting parts.
  let out = '';
  let at = 0;
  for (const edit of edits) {
    if (edit.start > at) out += input.slice(at, edit.start);
    if (edit.text) out += edit.text;
    at = edit.end;
  }
  if (at < input.length) out += input.slice(at);
  return out;
}

/** Beyond this many ranges, same-source neighbours merge even where offsets jump. */
export const EXACT_SPAN_LIMIT = 4096;

export function mapSpans(spans: readonly Span[], edits: readonly TextEdit[]): Span[] {
  if (spans.length === 0) return [];
  const out: Span[] = [];
  let si = 0;
  let shift = 0;

  const push = (start: number, end: number, source: number, offset: number): void => {
    if (end <= start) return;
    const last = out[out.length - 1];
    // Neighbours from the same source merge when their offsets run on, and on hostile input
    // (hundreds of thousands of edits) always, so the work stays linear; offsets inside a
    // merged range are then approximate. Real prompts stay far below the limit.
    if (
      last &&
      last.source === source &&
      last.end === start &&
      (last.offset + (last.end - last.start) === offset || out.length >= EXACT_SPAN_LIMIT)
    ) {
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
