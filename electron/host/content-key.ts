import { createHash } from 'node:crypto';

/** Beyond this many characters of encoding (an alias bomb, a cycle) a value gets no key. */
const MAX_ENCODING = 16_000_000;
const MAX_DEPTH = 100;

/**
 * A key of a value's content: the SHA-256 of an encoding that tells every two different data
 * values apart (strings, numbers with -0 and NaN, booleans, null, undefined, arrays, plain
 * objects with their own keys in order and whether they have a prototype, Maps, Sets, Dates),
 * so two values with one key are equal for any code that reads them as data. Undefined for
 * anything else (a function, a class instance, an array with holes, a very large or deep value):
 * such a value is told apart by identity only.
 */
export function contentKey(value: unknown): string | undefined {
  const parts: string[] = [];
  let size = 0;
  const put = (text: string): boolean => {
    parts.push(text);
    size += text.length;
    return size <= MAX_ENCODING;
  };
  const encode = (v: unknown, depth: number): boolean => {
    if (depth > MAX_DEPTH) return false;
    switch (typeof v) {
      case 'string':
        // JSON escapes quotes, controls and lone surrogates: one text, one encoding.
        return put(JSON.stringify(v));
      case 'number':
        return put(Object.is(v, -0) ? 'n-0' : `n${v}`);
      case 'boolean':
        return put(v ? 't' : 'f');
      case 'undefined':
        return put('u');
      case 'bigint':
        return put(`b${v}`);
      case 'object':
        break;
      default:
        return false;
    }
    if (v === null) return put('z');
    if (Array.isArray(v)) {
      if (!put(`[${v.length}`)) return false;
      for (let i = 0; i < v.length; i++) if (!(i in v) || !encode(v[i], depth + 1)) return false;
      return put(']');
    }
    if (v instanceof Map) {
      if (!put(`M${v.size}`)) return false;
      for (const [k, item] of v) if (!encode(k, depth + 1) || !encode(item, depth + 1)) return false;
      return put(';');
    }
    if (v instanceof Set) {
      if (!put(`S${v.size}`)) return false;
      for (const item of v) if (!encode(item, depth + 1)) return false;
      return put(';');
    }
    if (v instanceof Date) return put(`D${v.getTime()}`);
    const proto = Object.getPrototypeOf(v) as unknown;
    if (proto !== Object.prototype && proto !== null) return false;
    const keys = Object.keys(v);
    if (!put(`${proto === null ? '{0' : '{'}${keys.length}`)) return false;
    for (const key of keys) if (!put(JSON.stringify(key)) || !encode((v as Record<string, unknown>)[key], depth + 1)) return false;
    return put('}');
  };
  if (!encode(value, 0)) return undefined;
  return createHash('sha256').update(parts.join(''), 'utf8').digest('hex');
}
