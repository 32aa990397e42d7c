/**
 * Where text is code, so `@` imports are not looked for there. Two flavours, as the agents
 * differ:
 *
 * - backtick regions (Gemini CLI): a run of N backticks opens a region that ends at the
 *   nearest later run of exactly N backticks, across lines; this covers inline code and
 *   fenced blocks alike. A run with no partner is plain text.
 * - Markdown code (Claude Code): fenced blocks (``` or ~~~, up to three spaces of indent,
 *   closed by a fence of the same character at least as long), indented code (four spaces
 *   or a tab, after a blank line), inline code spans, and HTML comments.
 *
 * Regions are [start, end) offsets, sorted and not overlapping.
 */
export type Region = readonly [number, number];

function runEnd(text: string, from: number, ch: number): number {
  let e = from;
  while (e < text.length && text.charCodeAt(e) === ch) e++;
  return e;
}

const BACKTICK = 0x60;

/** Backtick regions of `text[from, to)`. */
export function backtickRegions(text: string, from = 0, to = text.length): Region[] {
  const regions: Region[] = [];
  let i = text.indexOf('`', from);
  while (i >= 0 && i < to) {
    const open = runEnd(text, i, BACKTICK);
    if (open > to) break;
    const n = open - i;
    let close = -1;
    let j = text.indexOf('`', open);
    while (j >= 0 && j < to) {
      const e = runEnd(text, j, BACKTICK);
      if (e > to) break;
      if (e - j === n) {
        close = e;
        break;
      }
      j = text.indexOf('`', e);
    }
    if (close < 0) {
      i = text.indexOf('`', open);
      continue;
    }
    regions.push([i, close]);
    i = text.indexOf('`', close);
  }
  return regions;
}

interface Line {
  start: number;
  /** End of the content, before the line break. */
  end: number;
  /** Start of the next line. */
  next: number;
}

function lines(text: string): Line[] {
  const out: Line[] = [];
  let start = 0;
  while (start <= text.length) {
    const nl = text.indexOf('\n', start);
    const next = nl < 0 ? text.length + 1 : nl + 1;
    let end = nl < 0 ? text.length : nl;
    if (end > start && text.charCodeAt(end - 1) === 13) end--;
    out.push({ start, end, next });
    if (nl < 0) break;
    start = next;
  }
  return out;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** Markdown code and (unless `comments` is false) HTML comments, where Claude Code does not look for imports. */
export function markdownCodeRegions(text: string, options: { comments?: boolean } = {}): Region[] {
  const comments = options.comments !== false;
  const regions: Region[] = [];
  const all = lines(text);
  let prose: [number, number] | undefined;
  const flushProse = (): void => {
    if (!prose) return;
    const [a, b] = prose;
    prose = undefined;
    for (const r of inlineRegions(text, a, b, comments)) regions.push(r);
  };
  let blankBefore = true;
  let inIndented = false;
  for (let k = 0; k < all.length; k++) {
    const line = all[k] as Line;
    const content = text.slice(line.start, line.end);
    const fence = FENCE.exec(content);
    if (fence) {
      flushProse();
      const marker = fence[1] as string;
      let k2 = k + 1;
      for (; k2 < all.length; k2++) {
        const l2 = all[k2] as Line;
        const c2 = text.slice(l2.start, l2.end);
        const f2 = /^ {0,3}(`{3,}|~{3,})\s*$/.exec(c2);
        if (f2 && (f2[1] as string)[0] === marker[0] && (f2[1] as string).length >= marker.length) break;
      }
      const last = all[Math.min(k2, all.length - 1)] as Line;
      regions.push([line.start, Math.min(text.length, last.end)]);
      k = k2;
      blankBefore = false;
      inIndented = false;
      continue;
    }
    const blank = content.trim() === '';
    const indented = /^( {4}|\t)/.test(content) && !blank;
    if (indented && (blankBefore || inIndented)) {
      flushProse();
      regions.push([line.start, line.end]);
      inIndented = true;
      blankBefore = false;
      continue;
    }
    if (!blank) inIndented = false;
    if (blank) {
      flushProse();
    } else {
      prose = prose ? [prose[0], line.end] : [line.start, line.end];
    }
    blankBefore = blank;
  }
  flushProse();
  regions.sort((x, y) => x[0] - y[0]);
  return regions;
}

/** Inline code spans and HTML comments inside one paragraph. */
function inlineRegions(text: string, from: number, to: number, comments: boolean): Region[] {
  const out: Region[] = [];
  let i = from;
  while (i < to) {
    const tick = text.indexOf('`', i);
    const comment = comments ? text.indexOf('<!--', i) : -1;
    const t = tick >= 0 && tick < to ? tick : -1;
    const c = comment >= 0 && comment < to ? comment : -1;
    if (t < 0 && c < 0) break;
    if (c >= 0 && (t < 0 || c < t)) {
      const close = text.indexOf('-->', c + 4);
      const end = close < 0 ? to : close + 3;
      out.push([c, end]);
      i = end;
      continue;
    }
    const open = runEnd(text, t, BACKTICK);
    const n = open - t;
    let j = text.indexOf('`', open);
    let close = -1;
    while (j >= 0 && j < to) {
      const e = runEnd(text, j, BACKTICK);
      if (e - j === n) {
        close = e;
        break;
      }
      j = text.indexOf('`', e);
    }
    if (close < 0) {
      i = open;
      continue;
    }
    out.push([t, close]);
    i = close;
  }
  return out;
}

/** Whether `offset` lies inside one of the (sorted) regions. */
export function insideRegion(regions: readonly Region[], offset: number): boolean {
  let lo = 0;
  let hi = regions.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [a, b] = regions[mid] as Region;
    if (offset < a) hi = mid - 1;
    else if (offset >= b) lo = mid + 1;
    else return true;
  }
  return false;
}
