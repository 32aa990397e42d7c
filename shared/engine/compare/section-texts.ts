import type { BuildSection, VariantBuildResult } from '../build/build-result.js';

/** The row a range of the final text belongs to: its component id, `{{KEY}}` for a placeholder, or the template's own text. */
export function sectionKey(section: BuildSection): string {
  switch (section.source.kind) {
    case 'component':
      return section.source.componentId;
    case 'placeholder':
      return `{{${section.source.key}}}`;
    case 'template':
      return TEMPLATE_TEXT;
  }
}

/** The row of the base template's own text (between the placeholders). */
export const TEMPLATE_TEXT = '(template text)';

/**
 * The final text of each row, occurrence by occurrence, in order of first appearance: a
 * placeholder the template uses twice has two occurrences (adjacent ranges of one key are one
 * occurrence). The template's own text is one row of many pieces.
 */
export function sectionOccurrences(result: VariantBuildResult): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let lastKey: string | undefined;
  for (const s of result.sections) {
    const key = sectionKey(s);
    const text = result.text.slice(s.start, s.end);
    let list = out.get(key);
    if (!list) out.set(key, (list = []));
    if (key === lastKey && list.length > 0) list[list.length - 1] += text;
    else list.push(text);
    lastKey = key;
  }
  return out;
}

/** All the final text of each row, in order of first appearance (a key used twice: both occurrences, one after the other). */
export function sectionTexts(result: VariantBuildResult): Map<string, string> {
  return new Map([...sectionOccurrences(result)].map(([key, parts]) => [key, parts.join('')]));
}
