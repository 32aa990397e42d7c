/**
 * Finds `{{ key }}` tags exactly as the original template engine's `/\{\{([^}]+)\}\}/g`
 * does: leftmost first, the key is everything up to the first `}` (at least one
 * character), and that `}` must be followed by another. Linear time even on text full
 * of unclosed `{{` (the regex is quadratic there).
 */
export interface TagMatch {
  /** Start of `{{`. */
  start: number;
  /** End, after `}}`. */
  end: number;
  /** The raw text between the braces (untrimmed). */
  raw: string;
}

export function* scanTags(text: string, from = 0): Generator<TagMatch> {
  let p = text.indexOf('{{', from);
  let close = -2; // position of the first `}` at or after p + 2, cached across candidates
  while (p >= 0) {
    if (close < p + 2) close = text.indexOf('}', p + 2);
    if (close < 0) return;
    if (close > p + 2 && text.charCodeAt(close + 1) === 0x7d) {
      yield { start: p, end: close + 2, raw: text.slice(p + 2, close) };
      p = text.indexOf('{{', close + 2);
    } else {
      p = text.indexOf('{{', p + 1);
    }
  }
}

const splitKeys = new Map<string, readonly string[]>();

/** A dotted key split at its dots, cached: templates are rendered on every build with the same keys. */
function keyPath(key: string): readonly string[] {
  let path = splitKeys.get(key);
  if (!path) {
    if (splitKeys.size > 10000) splitKeys.clear();
    path = key.split('.');
    splitKeys.set(key, path);
  }
  return path;
}

/** Walks a dotted key like Cline's getNestedValue: each step needs an object that has the key (own or inherited). */
export function lookupDotted(root: Record<string, unknown>, key: string): unknown {
  const path = keyPath(key);
  let current: unknown = root;
  for (let i = 0; i < path.length; i++) {
    const part = path[i]!;
    if (current !== null && typeof current === 'object' && part in current) current = (current as Record<string, unknown>)[part];
    else return undefined;
  }
  return current;
}

/**
 * How a found value is written: strings as they are, anything else as JSON text. Like the
 * original, a value JSON cannot express (a function) becomes the text "undefined".
 */
export function formatValue(value: unknown): string {
  if (typeof value === 'string') return value;
  const json: string | undefined = JSON.stringify(value);
  return json === undefined ? 'undefined' : json;
}
