/** Apart from preset.ts (its file schema is zod's) so that the renderer's first screen needs no zod. */

/** How a preset's `extends` combines contexts: objects merge deep, arrays and scalars are replaced. */
export function mergePresetContext(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const prev = out[key];
    out[key] = isPlainObject(prev) && isPlainObject(value) ? mergePresetContext(prev, value) : value;
  }
  return out;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
