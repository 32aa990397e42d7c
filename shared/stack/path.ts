/**
 * Lexical path helpers for instruction discovery, without Node's `path` module (shared/ is
 * pure). Two flavours, chosen by the shape of the path: POSIX (`/a/b`) and Windows drive
 * paths (`C:\a\b` or `C:/a/b`, written back with `\`). UNC paths are not supported.
 * Nothing here touches a filesystem: `..` is resolved lexically, symlinks are not followed.
 */

interface Parsed {
  /** `/` or `C:\` (drive letter upper-cased as written). */
  root: string;
  segments: string[];
  windows: boolean;
}

const WIN_ROOT = /^([A-Za-z]):[\\/]/;

export function isWindowsPath(p: string): boolean {
  return WIN_ROOT.test(p);
}

export function isAbsolutePath(p: string): boolean {
  return p.startsWith('/') || WIN_ROOT.test(p);
}

function parse(p: string): Parsed {
  const win = WIN_ROOT.exec(p);
  if (win) {
    const rest = p.slice(3);
    return { root: `${win[1]}:\\`, segments: normalizeSegments(rest.split(/[\\/]+/)), windows: true };
  }
  if (!p.startsWith('/')) throw new Error(`not an absolute path: ${p}`);
  return { root: '/', segments: normalizeSegments(p.split('/')), windows: false };
}

function normalizeSegments(parts: string[]): string[] {
  const out: string[] = [];
  for (const part of parts) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      out.pop();
      continue;
    }
    out.push(part);
  }
  return out;
}

/**
 * A POSIX path already in normal form (`/`, or `/a/b` with no empty, `.` or `..` segment and
 * no trailing separator). The common operations take a shortcut on these: one native scan of
 * the string instead of splitting it, so walking a deep tree stays cheap.
 */

/** A relative POSIX path of plain segments (no empty, `.` or `..` one), which joins as is. */
const PLAIN_RELATIVE = /^(?!\.\.?(?:\/|$))[^/]+(?:\/(?!\.\.?(?:\/|$))[^/]+)*$/;

export function isNormalPosix(p: string): boolean {
  return p === '/' || (p.charCodeAt(0) === 47 && !NOT_NORMAL.test(p));
}
/** A separator followed by nothing, `.` or `..` and then a separator or the end. */
const NOT_NORMAL = /\/(?:\.\.?)?(?:\/|$)/;

function format(p: Parsed): string {
  return p.root + p.segments.join(p.windows ? '\\' : '/');
}

/** The separator used when writing paths of the same flavour as `p`. */
export function separatorOf(p: string): '/' | '\\' {
  return isWindowsPath(p) ? '\\' : '/';
}

/** Normalises an absolute path: repeated separators, `.` and `..` removed, no trailing separator. */
export function normalizePath(p: string): string {
  if (isNormalPosix(p)) return p;
  return format(parse(p));
}

/** The folder holding `p`; the root is its own parent. */
export function parentOf(p: string): string {
  if (isNormalPosix(p)) return p.slice(0, p.lastIndexOf('/')) || '/';
  const parsed = parse(p);
  parsed.segments.pop();
  return format(parsed);
}

export function isRootPath(p: string): boolean {
  if (isNormalPosix(p)) return p === '/';
  return parse(p).segments.length === 0;
}

export function rootOf(p: string): string {
  return parse(p).root;
}

/** Last segment of an absolute path ('' for the root). */
export function baseName(p: string): string {
  const segs = parse(p).segments;
  return segs[segs.length - 1] ?? '';
}

/**
 * Joins an absolute base with relative parts (each may contain `/`, and `\` on Windows).
 * An absolute part replaces everything before it, as Node's `path.resolve` does.
 */
export function joinPath(base: string, ...parts: string[]): string {
  const only = parts.length === 1 ? (parts[0] as string) : undefined;
  if (only !== undefined && PLAIN_RELATIVE.test(only) && !WIN_ROOT.test(only) && isNormalPosix(base))
    return base === '/' ? `/${only}` : `${base}/${only}`;
  let current = parse(base);
  for (const part of parts) {
    if (part === '') continue;
    if (isAbsolutePath(part)) {
      current = parse(part);
      continue;
    }
    const split = current.windows ? part.split(/[\\/]+/) : part.split('/');
    current = { ...current, segments: normalizeSegments([...current.segments, ...split]) };
  }
  return format(current);
}

function sameSegment(a: string, b: string, windows: boolean): boolean {
  return windows ? a.toLowerCase() === b.toLowerCase() : a === b;
}

export function samePath(a: string, b: string): boolean {
  return isInsideOrEqual(a, b) && isInsideOrEqual(b, a);
}

/** True when `child` is `parent` or lies below it (lexically). */
export function isInsideOrEqual(child: string, parent: string): boolean {
  const c = parse(child);
  const p = parse(parent);
  if (c.windows !== p.windows) return false;
  if (!sameSegment(c.root, p.root, c.windows)) return false;
  if (p.segments.length > c.segments.length) return false;
  return p.segments.every((seg, i) => sameSegment(seg, c.segments[i] ?? '', c.windows));
}

/** `child` relative to `parent` with `/` separators, or undefined when it is not inside. */
export function relativeInside(parent: string, child: string): string | undefined {
  if (!isInsideOrEqual(child, parent)) return undefined;
  return parse(child).segments.slice(parse(parent).segments.length).join('/');
}

/**
 * The folders from `start` up to and including `stop`, nearest first. When `stop` is not
 * `start` or one of its ancestors, the walk goes on to the filesystem root (as a find-up
 * bounded by a stop folder does). At most `max` folders (the nearest ones). The path is parsed
 * once, so a deep path costs one pass per folder, not one per folder and level.
 */
export function ancestorsUpTo(start: string, stop: string | undefined, max = Number.POSITIVE_INFINITY): string[] {
  const p = parse(start);
  let stopDepth = 0;
  if (stop !== undefined) {
    const s = parse(stop);
    const inside =
      s.windows === p.windows &&
      sameSegment(s.root, p.root, p.windows) &&
      s.segments.length <= p.segments.length &&
      s.segments.every((seg, i) => sameSegment(seg, p.segments[i] ?? '', p.windows));
    if (inside) stopDepth = s.segments.length;
  }
  const out: string[] = [];
  const sep = p.windows ? '\\' : '/';
  for (let depth = p.segments.length; depth >= stopDepth && out.length < max; depth--)
    out.push(p.root + p.segments.slice(0, depth).join(sep));
  return out;
}

/**
 * `to` relative to `from` with `/` separators, `..` for each level up (Node's path.relative):
 * `/r/pkg` to `/r/QWEN.md` is `../QWEN.md`. Paths on different roots give `to` itself.
 */
export function relativePath(from: string, to: string): string {
  const a = parse(from);
  const b = parse(to);
  if (a.windows !== b.windows || !sameSegment(a.root, b.root, a.windows)) return format(b);
  let common = 0;
  while (
    common < a.segments.length &&
    common < b.segments.length &&
    sameSegment(a.segments[common] as string, b.segments[common] as string, a.windows)
  )
    common++;
  return [...a.segments.slice(common).map(() => '..'), ...b.segments.slice(common)].join('/');
}

/** Root and segments of an absolute path (after normalisation). */
export function splitPath(p: string): { root: string; segments: string[]; windows: boolean } {
  const parsed = parse(p);
  return { root: parsed.root, segments: [...parsed.segments], windows: parsed.windows };
}

/** The absolute path made of a root and segments (inverse of splitPath). */
export function formatPath(root: string, segments: readonly string[]): string {
  const windows = root !== '/';
  return root + segments.join(windows ? '\\' : '/');
}
