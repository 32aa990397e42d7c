import type { SourceRef, VariantBuildResult } from '../../../shared/engine/build/build-result.js';
import type { StackResultPayload } from '../../../shared/ipc/contract.js';
import type { TextWindow } from '../../../shared/engine/text/piece-text.js';

/** Where clicking an outline entry (or a line of the preview) leads. */
export type JumpTarget =
  | { kind: 'template'; variantId: string; offset: number }
  | { kind: 'component'; componentId: string; origin: string; variantId: string; offset: number }
  | { kind: 'placeholder'; key: string; layer: string; variantId: string }
  | { kind: 'profile-file'; file: string }
  | { kind: 'none' };

export interface OutlineEntry {
  /** Stable within one result: the index. */
  index: number;
  label: string;
  /** First non-empty line of the entry's text. */
  detail: string;
  start: number;
  end: number;
  /**
   * The ranges of the text the entry's size counts: for a component, only its own sections
   * (not the template's separators and blank lines folded into the entry), so the outline's
   * size is the one the component list, the compare view and the CLI show (sectionSizes).
   */
  pieces: [number, number][];
  /** Set when a component produced the entry (per-component sizes add these up). */
  componentId?: string | undefined;
  jump: JumpTarget;
}

interface RawStackSection {
  layer?: string;
  label?: string;
  start: number;
  end: number;
  source?: { file?: string };
}

/** Where a piece of a section leads: `offset` is inside the source's own text. */
function jumpOf(src: SourceRef, variantId: string, offset: number): JumpTarget {
  if (src.kind === 'component') return { kind: 'component', componentId: src.componentId, origin: src.origin, variantId, offset };
  // A section that came in through its placeholder slot: the component, from its start.
  if (src.kind === 'placeholder' && src.layer === 'component')
    return { kind: 'component', componentId: src.key, origin: 'default', variantId, offset: 0 };
  if (src.kind === 'placeholder') return { kind: 'placeholder', key: src.key, layer: src.layer, variantId };
  return { kind: 'template', variantId, offset };
}

function ownerOf(source: SourceRef): string {
  if (source.kind === 'component') return `component:${source.componentId}`;
  if (source.kind === 'placeholder' && source.layer === 'component') return `component:${source.key}`;
  return 'template';
}

/** Characters read at once while looking for an entry's first line or a non-blank character. */
const READ = 512;

/**
 * The first line of [start, end) that is not blank or a rule of `=`, cut to 70 characters.
 * Read by windows and lines (a build's text kept as pieces is not copied whole).
 */
function firstLine(text: TextWindow, start: number, end: number): string {
  let i = start;
  while (i < end) {
    const nl = findNewline(text, i, end);
    const j = nl < 0 ? end : nl;
    const line = text.slice(i, j).trim();
    if (line && !/^=+$/.test(line)) return line.length > 70 ? `${line.slice(0, 69)}…` : line;
    i = j + 1;
  }
  return '';
}

/** The offset of the first newline in [from, end), or -1. */
function findNewline(text: TextWindow, from: number, end: number): number {
  for (let i = from; i < end; i += READ) {
    const at = text.slice(i, Math.min(end, i + READ)).indexOf('\n');
    if (at >= 0) return i + at;
  }
  return -1;
}

function isBlank(text: TextWindow, start: number, end: number): boolean {
  for (let i = start; i < end; i += READ) {
    const window = text.slice(i, Math.min(end, i + READ));
    for (let j = 0; j < window.length; j++) {
      const c = window.charCodeAt(j);
      if (c !== 32 && c !== 10 && c !== 9 && c !== 13 && c !== 61 /* = */) return false;
    }
  }
  return true;
}

function addPiece(pieces: [number, number][], start: number, end: number): void {
  const last = pieces[pieces.length - 1];
  if (last && last[1] === start) last[1] = end;
  else pieces.push([start, end]);
}

/** The characters an entry's size counts (its pieces). */
export function entryChars(entry: Pick<OutlineEntry, 'pieces'>): number {
  return entry.pieces.reduce((n, [a, b]) => n + b - a, 0);
}

/** The text an entry's token count counts: its pieces, one after the other. */
export function entryText(text: string, entry: Pick<OutlineEntry, 'pieces'>): string {
  return entry.pieces.map(([a, b]) => text.slice(a, b)).join('');
}

/**
 * The outline of a build: runs of sections with the same owner (a component, or the base
 * template with the placeholder values written into it) become one entry; separators and
 * blank runs between them join the entry before. `text` is the result's text, or the same
 * read by ranges (the preview decoder's pieces).
 */
export function buildOutline(result: VariantBuildResult | StackResultPayload, text: TextWindow = result.text): OutlineEntry[] {
  if (result.kind === 'stack') {
    const sections = (result.sections as RawStackSection[] | undefined) ?? [];
    return sections.map((s, index) => ({
      index,
      label: s.label ?? s.layer ?? 'section',
      detail: firstLine(text, s.start, s.end),
      start: s.start,
      end: s.end,
      pieces: [[s.start, s.end]],
      jump: s.source?.file ? { kind: 'profile-file', file: s.source.file } : { kind: 'none' },
    }));
  }
  const variantId = result.variantId;
  const entries: OutlineEntry[] = [];
  let owner = '';
  for (const s of result.sections) {
    const o = ownerOf(s.source);
    const last = entries[entries.length - 1];
    if (last && (o === owner || (o === 'template' && isBlank(text, s.start, s.end)))) {
      last.end = s.end;
      if (o === owner) addPiece(last.pieces, s.start, s.end);
      continue;
    }
    owner = o;
    const jump = jumpOf(s.source, variantId, s.offset);
    const componentId = jump.kind === 'component' ? jump.componentId : undefined;
    entries.push({
      index: entries.length,
      label: componentId ?? 'Template',
      detail: '',
      start: s.start,
      end: s.end,
      pieces: [[s.start, s.end]],
      componentId,
      jump,
    });
  }
  for (const e of entries) e.detail = firstLine(text, e.start, e.end);
  return entries;
}

/** The section of a result at an offset of its text, as a jump target (binary search). */
export function jumpAt(result: VariantBuildResult | StackResultPayload, offset: number): JumpTarget {
  if (result.kind === 'stack') {
    const s = ((result.sections as RawStackSection[] | undefined) ?? []).find((x) => offset >= x.start && offset <= x.end);
    return s?.source?.file ? { kind: 'profile-file', file: s.source.file } : { kind: 'none' };
  }
  const sections = result.sections;
  let lo = 0;
  let hi = sections.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const s = sections[mid]!;
    if (offset < s.start) hi = mid - 1;
    else if (offset >= s.end) lo = mid + 1;
    else return jumpOf(s.source, result.variantId, s.offset + (offset - s.start));
  }
  return { kind: 'none' };
}
