/** Reading and writing a JSON object at a path (form fields, the context, the harness view's context). */

export type Path = readonly (string | number)[];
type Json = Record<string, unknown>;

export function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Immutable set; `undefined` removes the key (and empty parent objects). */
export function setIn(obj: Json, path: Path, value: unknown): Json {
  if (path.length === 0) return isObject(value) ? value : obj;
  const [head, ...rest] = path;
  const copy: Json | unknown[] = Array.isArray(obj) ? [...(obj as unknown[])] : { ...obj };
  const container = copy as Record<string | number, unknown>;
  if (rest.length === 0) {
    if (value === undefined) {
      if (Array.isArray(copy)) copy.splice(head as number, 1);
      else delete container[head!];
    } else container[head!] = value;
    return copy as Json;
  }
  const child = container[head!];
  const next = setIn((isObject(child) || Array.isArray(child) ? child : typeof rest[0] === 'number' ? [] : {}) as Json, rest, value);
  if (!Array.isArray(next) && isObject(next) && Object.keys(next).length === 0 && value === undefined) delete container[head!];
  else container[head!] = next;
  return copy as Json;
}

export function getIn(obj: unknown, path: Path): unknown {
  let cur: unknown = obj;
  for (const p of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string | number, unknown>)[p];
  }
  return cur;
}
