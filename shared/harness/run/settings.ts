/**
 * Reading the agent's settings from a context: a dotted key names nested objects
 * (`context.fileName` is `settings.context.fileName`); a flat key with dots is accepted too.
 */
export function settingAt(settings: Readonly<Record<string, unknown>>, key: string): unknown {
  if (Object.prototype.hasOwnProperty.call(settings, key)) return settings[key];
  let node: unknown = settings;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return undefined;
    if (!Object.prototype.hasOwnProperty.call(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

export function stringSetting(settings: Readonly<Record<string, unknown>>, key: string): string | undefined {
  const v = settingAt(settings, key);
  return typeof v === 'string' ? v : undefined;
}

/** A list of strings: a string gives a one-item list; anything else undefined. */
export function stringListSetting(settings: Readonly<Record<string, unknown>>, key: string): string[] | undefined {
  const v = settingAt(settings, key);
  if (typeof v === 'string') return [v];
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v as string[];
  return undefined;
}

export function isStringArray(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((x) => typeof x === 'string');
}
