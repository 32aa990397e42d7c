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

/** The final text of each row, in order of first appearance (a component used twice: its parts joined). */
export function sectionTexts(result: VariantBuildResult): Map<string, string> {
  const out = new Map<string, string>();
  for (const s of result.sections) {
    const key = sectionKey(s);
    out.set(key, (out.get(key) ?? '') + result.text.slice(s.start, s.end));
  }
  return out;
}
