import { ENVIRONMENT_PLACEHOLDERS, type EnvironmentPlaceholder } from './profile.js';

/** `{{ name }}` slots of the environment template. */
const SLOT = /\{\{\s*([^}]*?)\s*\}\}/g;

export type EnvironmentValues = Record<EnvironmentPlaceholder, string>;

export interface RenderedEnvironment {
  text: string;
  /** Slot names that are not known placeholders (left in the text as written). */
  unknown: string[];
  /** Known placeholders the template uses, in first-use order. */
  used: EnvironmentPlaceholder[];
  /** Where each known placeholder's value landed in `text` (for the prompt-cache view). */
  slots: { name: EnvironmentPlaceholder; start: number; end: number }[];
}

function isKnown(name: string): name is EnvironmentPlaceholder {
  return (ENVIRONMENT_PLACEHOLDERS as readonly string[]).includes(name);
}

/** Unknown slot names in a template (for load-time checks). */
export function unknownEnvironmentSlots(template: string): string[] {
  const out: string[] = [];
  for (const m of template.matchAll(SLOT)) {
    const name = m[1] ?? '';
    if (!isKnown(name) && !out.includes(name)) out.push(name);
  }
  return out;
}

/** One left-to-right pass; inserted values are not scanned again. */
export function renderEnvironment(template: string, values: EnvironmentValues): RenderedEnvironment {
  const unknown: string[] = [];
  const used: EnvironmentPlaceholder[] = [];
  const slots: RenderedEnvironment['slots'] = [];
  let shift = 0;
  const text = template.replace(SLOT, (whole, raw: string, offset: number) => {
    if (!isKnown(raw)) {
      if (!unknown.includes(raw)) unknown.push(raw);
      return whole;
    }
    if (!used.includes(raw)) used.push(raw);
    const value = values[raw];
    slots.push({ name: raw, start: offset + shift, end: offset + shift + value.length });
    shift += value.length - whole.length;
    return value;
  });
  return { text, unknown, used, slots };
}
