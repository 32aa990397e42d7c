/** Reading untyped JSON (a provider's reply) without casts at every step. */

export type JsonObject = Record<string, unknown>;

export function asObject(value: unknown): JsonObject | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as JsonObject) : undefined;
}

export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function asCount(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : undefined;
}

/** `path` read from an object: field names, each step must be an object. */
export function field(value: unknown, ...path: string[]): unknown {
  let at: unknown = value;
  for (const key of path) {
    const obj = asObject(at);
    if (!obj) return undefined;
    at = obj[key];
  }
  return at;
}

/** The JSON text of a value already parsed (tool inputs that arrive as objects). */
export function jsonText(value: unknown): string {
  return JSON.stringify(value ?? {});
}
