import type { TextEdit } from '../text/edits.js';
import type { VolatileField } from './volatile-fields.js';

/** Where the text of a volatile range was decided, so the user can jump to it. */
export type RangeOrigin =
  /** A component's template (default, override or workspace), at an offset of that template. */
  | { kind: 'component'; componentId: string; file?: string | undefined; offset?: number | undefined }
  /**
   * A tool's text: the spec of `family` in its tool file, at `part` (e.g. ['description'] or
   * ['parameters', 2, 'instruction']) and `textOffset` inside that text; or, with
   * `overrideOffset`, the variant's override template of the tool.
   */
  | {
      kind: 'tool';
      toolId: string;
      family?: string | undefined;
      part?: (string | number)[] | undefined;
      textOffset?: number | undefined;
      overrideOffset?: number | undefined;
    }
  /** The variant's base template, at an offset. */
  | { kind: 'template'; file?: string | undefined; offset: number }
  /** A stack profile's part (environment template, instruction file, user system text). */
  | { kind: 'stack'; layer: string; label: string; file?: string | undefined; offset?: number | undefined };

/**
 * A range of text whose content depends on volatile context fields: another session (other
 * values of `fields`) may have other text here. A zero-length range marks a place where
 * text may appear in another session (a section that is empty now, a tool left out).
 */
export interface VolatileRange {
  start: number;
  end: number;
  fields: readonly VolatileField[];
  origin: RangeOrigin;
}

/** A text with its volatile ranges (offsets into `text`). */
export interface RangedText {
  text: string;
  ranges: VolatileRange[];
}

export function shiftRanges(ranges: readonly VolatileRange[], by: number, into: VolatileRange[] = []): VolatileRange[] {
  for (const r of ranges) into.push(by === 0 ? r : { ...r, start: r.start + by, end: r.end + by });
  return into;
}

/** The fields of all ranges, each once. */
export function unionFields(ranges: readonly { fields: readonly VolatileField[] }[]): VolatileField[] {
  const out = new Set<VolatileField>();
  for (const r of ranges) for (const f of r.fields) out.add(f);
  return [...out];
}

/**
 * The fields that decide whether a ranged text is empty (or, with `blank`, blank): none when
 * some such character lies outside every volatile range (it is there in every session), else
 * all of them.
 */
export function emptinessFields(value: RangedText, blank = false): VolatileField[] {
  if (value.ranges.length === 0) return [];
  const sorted = [...value.ranges].sort((a, b) => a.start - b.start);
  const stableChar = (from: number, to: number): boolean => (blank ? value.text.slice(from, to).trim() !== '' : to > from);
  let at = 0;
  for (const r of sorted) {
    if (r.start > at && stableChar(at, r.start)) return [];
    at = Math.max(at, r.end);
  }
  return stableChar(at, value.text.length) ? [] : unionFields(sorted);
}

/**
 * Maps ranges through sorted, non-overlapping edits of the text they point into. A range
 * keeps everything that came from it and, where an edit overlaps its ends, the whole
 * replacement (an edit that touches volatile text may depend on it).
 */
export function mapRangesThroughEdits(ranges: readonly VolatileRange[], edits: readonly TextEdit[]): VolatileRange[] {
  if (edits.length === 0 || ranges.length === 0) return ranges.slice();
  // Output position of an input position; `side` picks the start or the end of an edit it falls in.
  const starts: number[] = [];
  const outStarts: number[] = [];
  let shift = 0;
  for (const e of edits) {
    starts.push(e.start);
    outStarts.push(e.start + shift);
    shift += e.text.length - (e.end - e.start);
  }
  const map = (pos: number, side: 'start' | 'end'): number => {
    // last edit with start <= pos (binary search)
    let lo = 0;
    let hi = edits.length - 1;
    let k = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid]! <= pos) {
        k = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (k < 0) return pos;
    const e = edits[k]!;
    const outStart = outStarts[k]!;
    const outEnd = outStart + e.text.length;
    // A start inside or right after a replaced range takes the replacement in; so does an end inside it.
    if (side === 'start' && pos <= e.end) return outStart;
    if (side === 'end' && pos < e.end) return outEnd;
    return outEnd + (pos - e.end);
  };
  return ranges.map((r) => {
    const start = map(r.start, 'start');
    const end = Math.max(start, map(r.end, r.end > r.start ? 'end' : 'start'));
    return start === r.start && end === r.end ? r : { ...r, start, end };
  });
}
