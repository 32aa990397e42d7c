import picomatch from 'picomatch/posix.js';
import { RE2JS } from 're2js';

/**
 * Globs from files (rule `paths:`, settings' excludes, configured instruction globs,
 * .gitignore lines) matched in linear time, with picomatch's exact meaning.
 *
 * picomatch turns a glob into a JavaScript regular expression that backtracks: `*a*a*a*a*b`
 * against forty `a`s does not finish. Its output uses lookaheads (the dot-file rules), which
 * a linear engine cannot run; but RE2JS runs lookbehinds in linear time. So the regular
 * expression picomatch writes is read (the small part of the regex language picomatch
 * emits), reversed — the sequence back to front, `^` and `$` swapped, each lookahead a
 * lookbehind — and matched against the reversed path. Reversal preserves the language, so the
 * verdicts are picomatch's own (tests/harness/linear-glob.property.test.ts compares them).
 * A glob whose expression uses anything else (extglobs, backreferences…) is refused with a
 * reason, as are globs longer than MAX_GLOB_LENGTH.
 */

export const MAX_GLOB_LENGTH = 1000;
/** picomatch's output for a short glob stays far below this; braces with ranges can explode it. */
const MAX_SOURCE_LENGTH = 20_000;

export interface GlobOptions {
  dot?: boolean | undefined;
  nobrace?: boolean | undefined;
}

export type GlobTest = (path: string) => boolean;
export type CompiledGlob = { ok: true; test: GlobTest } | { ok: false; reason: string };

type Node =
  | { t: 'seq'; items: Node[] }
  | { t: 'alt'; branches: Node[] }
  | { t: 'group'; look: 'none' | 'ahead' | 'not-ahead'; body: Node }
  | { t: 'atom'; re2: string }
  | { t: 'quant'; body: Node; q: string }
  | { t: 'start' }
  | { t: 'end' };

class Unsupported extends Error {}

/** JavaScript's `.` (no line terminators) in RE2 syntax. */
const ANY = '[^\\n\\r\\x{2028}\\x{2029}]';

/** Reads the regular expression source picomatch writes (a subset of JavaScript's syntax). */
function parse(source: string): Node {
  let i = 0;
  const alt = (): Node => {
    const branches = [seq()];
    while (source[i] === '|') {
      i++;
      branches.push(seq());
    }
    return branches.length === 1 ? branches[0]! : { t: 'alt', branches };
  };
  const seq = (): Node => {
    const items: Node[] = [];
    while (i < source.length && source[i] !== '|' && source[i] !== ')') {
      const item = atom();
      items.push(quantified(item));
    }
    return { t: 'seq', items };
  };
  const quantified = (item: Node): Node => {
    let node = item;
    for (;;) {
      const c = source[i];
      let q: string | undefined;
      if (c === '*' || c === '+' || c === '?') {
        q = c;
        i++;
      } else if (c === '{') {
        const m = /^\{\d+(?:,\d*)?\}/.exec(source.slice(i, i + 24));
        if (!m) break;
        q = m[0];
        i += q.length;
      } else break;
      if (node.t === 'start' || node.t === 'end' || (node.t === 'group' && node.look !== 'none'))
        throw new Unsupported('a quantified assertion');
      // Lazy or greedy is the same question for a yes/no match.
      if (source[i] === '?') i++;
      node = { t: 'quant', body: node, q };
    }
    return node;
  };
  const atom = (): Node => {
    const c = source[i]!;
    if (c === '(') {
      let look: 'none' | 'ahead' | 'not-ahead' = 'none';
      if (source.startsWith('(?:', i)) i += 3;
      else if (source.startsWith('(?=', i)) {
        look = 'ahead';
        i += 3;
      } else if (source.startsWith('(?!', i)) {
        look = 'not-ahead';
        i += 3;
      } else if (source[i + 1] === '?') throw new Unsupported(`the group ${source.slice(i, i + 4)}`);
      else i += 1;
      const body = alt();
      if (source[i] !== ')') throw new Unsupported('an unclosed group');
      i++;
      return { t: 'group', look, body };
    }
    if (c === '[') {
      const start = i;
      i++;
      if (source[i] === '^') i++;
      if (source[i] === ']') throw new Unsupported('an empty character class');
      while (i < source.length && source[i] !== ']') {
        if (source[i] === '[') throw new Unsupported('a nested character class');
        i += source[i] === '\\' ? 2 : 1;
      }
      if (i >= source.length) throw new Unsupported('an unclosed character class');
      i++;
      return { t: 'atom', re2: source.slice(start, i) };
    }
    if (c === '\\') {
      const next = source[i + 1];
      if (next === undefined) throw new Unsupported('a trailing backslash');
      if (/[0-9bBuxck]/.test(next)) throw new Unsupported(`the escape \\${next}`);
      i += 2;
      return { t: 'atom', re2: `\\${next}` };
    }
    i++;
    if (c === '^') return { t: 'start' };
    if (c === '$') return { t: 'end' };
    if (c === '.') return { t: 'atom', re2: ANY };
    if (c === '*' || c === '+' || c === '?' || c === ')' || c === ']') throw new Unsupported(`a stray ${c}`);
    return { t: 'atom', re2: /[A-Za-z0-9 _/-]/.test(c) ? c : `\\${c}` };
  };
  const tree = alt();
  if (i !== source.length) throw new Unsupported(`an unexpected ${source[i]}`);
  return tree;
}

/** The same language, read from the end: matches rev(s) exactly when `node` matches s. */
function reverse(node: Node): Node {
  switch (node.t) {
    case 'seq':
      return { t: 'seq', items: node.items.map(reverse).reverse() };
    case 'alt':
      return { t: 'alt', branches: node.branches.map(reverse) };
    case 'group':
      return { ...node, body: reverse(node.body) };
    case 'quant':
      return { ...node, body: reverse(node.body) };
    case 'start':
      return { t: 'end' };
    case 'end':
      return { t: 'start' };
    case 'atom':
      return node;
  }
}

/** RE2 syntax; lookaheads of the reversed tree are written as the lookbehinds they now are. */
function emit(node: Node): string {
  switch (node.t) {
    case 'seq':
      return node.items.map(emit).join('');
    case 'alt':
      return node.branches.map(emit).join('|');
    case 'group': {
      const open = node.look === 'none' ? '(?:' : node.look === 'ahead' ? '(?<=' : '(?<!';
      return `${open}${emit(node.body)})`;
    }
    case 'quant': {
      const body = node.body.t === 'atom' || node.body.t === 'group' ? emit(node.body) : `(?:${emit(node.body)})`;
      return `${body}${node.q}`;
    }
    case 'start':
      return '^';
    case 'end':
      return '$';
    case 'atom':
      return node.re2;
  }
}

function reverseText(text: string): string {
  // By UTF-16 unit: the pattern's atoms are reversed the same way (and paths are not split inside a pair by any atom here).
  let out = '';
  for (let i = text.length - 1; i >= 0; i--) out += text[i];
  return out;
}

const cache = new Map<string, CompiledGlob>();
const MAX_CACHED = 1000;

/** A glob as picomatch (POSIX) matches it, run in linear time; or the reason it cannot be. */
export function compileGlob(glob: string, options: GlobOptions = {}): CompiledGlob {
  const key = `${options.dot ? 'd' : '-'}${options.nobrace ? 'b' : '-'}${glob}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const compiled = compile(glob, options);
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(key, compiled);
  return compiled;
}

function compile(glob: string, options: GlobOptions): CompiledGlob {
  if (glob === '') return { ok: false, reason: 'an empty pattern' };
  if (glob.length > MAX_GLOB_LENGTH)
    return { ok: false, reason: `the pattern is ${glob.length} characters long; at most ${MAX_GLOB_LENGTH} are accepted` };
  let source: string;
  try {
    source = picomatch.makeRe(glob, { dot: options.dot === true, nobrace: options.nobrace === true }).source;
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
  if (source.length > MAX_SOURCE_LENGTH) return { ok: false, reason: 'the pattern expands to too large an expression' };
  let re: RE2JS;
  try {
    re = RE2JS.compile(emit(reverse(parse(source))), RE2JS.LOOKBEHINDS);
  } catch (error) {
    const why = error instanceof Unsupported ? error.message : error instanceof Error ? error.message : String(error);
    return { ok: false, reason: `it needs ${why}, which linear-time matching cannot run` };
  }
  // picomatch: an empty path never matches; the glob itself always does.
  return { ok: true, test: (path) => path !== '' && (path === glob || re.test(reverseText(path))) };
}

/** A glob's test, or one that matches nothing when the glob is refused (lint reports it). */
export function globMatcher(glob: string, options: GlobOptions = {}): GlobTest {
  const compiled = compileGlob(glob, options);
  return compiled.ok ? compiled.test : () => false;
}
