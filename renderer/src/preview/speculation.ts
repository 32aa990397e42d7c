import { speculateTemplateEdit, type BuiltText } from '../../../shared/engine/build/speculate-template-edit';
import { minimalEdit } from '../../../shared/engine/text/minimal-edit';
import { docKey } from '../../../shared/ipc/doc-key';
import type { StudioState } from '../store';
import { variantResultOf } from '../store/preview-slice';

/**
 * A keystroke in the shown variant's base template, shown in the preview before the host's
 * build of it comes back: only when the prompt it makes is certain from the last build
 * (shared/engine/build/speculate-template-edit.ts, checked against real builds in
 * tests/engine/speculate-template-edit.test.ts). The host's build still comes and is what
 * the preview then shows; the outline, sizes, diff and compare views only ever show builds.
 */

/** What the preview shows: a build, or a keystroke made on one, and the template text it is of. */
interface Shown {
  variantId: string;
  templateKey: string;
  template: string;
  built: BuiltText;
}

/** Prompts shown ahead of their builds, newest last: the build that matches one is of its template. */
const AHEAD_KEPT = 8;

export interface PreviewSpeculation {
  /**
   * The text the preview shows for the store's new state when it is not a build's own: a
   * keystroke made ahead of its build, or a build that came with the keystrokes made since put
   * on it; undefined when neither applies (the build shows as it is, or nothing changed for it).
   */
  next(s: StudioState, prev: StudioState): { text: string } | undefined;
  /** Nothing shown is known any more (another target, the preview covered). */
  forget(): void;
}

export function previewSpeculation(): PreviewSpeculation {
  let shown: Shown | null = null;
  let ahead: Shown[] = [];

  const templateKeyOf = (variantId: string): string => docKey({ kind: 'variant-template', variantId });

  /** `from` with the edit that makes `template`, when it is certain. */
  const advance = (from: Shown, template: string): Shown | undefined => {
    if (from.template === template) return from;
    const edit = minimalEdit(from.template, template);
    if (!edit) return from;
    const built = speculateTemplateEdit(from.built, from.variantId, from.template, template, edit);
    return built ? { ...from, template, built } : undefined;
  };

  return {
    next(s, prev) {
      if (s.preview !== prev.preview) {
        // A build came. Of which template: one shown ahead of it with the same text, else the one edited now.
        const result = variantResultOf(s.preview);
        if (!result) {
          shown = null;
          ahead = [];
          return undefined;
        }
        const templateKey = templateKeyOf(result.variantId);
        const current = s.docs[templateKey]?.text;
        const built: BuiltText = { text: result.text, sections: result.sections };
        if (shown?.templateKey !== templateKey) ahead = [];
        if (current === undefined) {
          shown = null;
          return undefined;
        }
        const matched = ahead.find((a) => a.built.text === result.text);
        ahead = [];
        const base: Shown = { variantId: result.variantId, templateKey, template: matched?.template ?? current, built };
        // Keystrokes made since that build: shown on it still, rather than dropped until the next build.
        const moved = advance(base, current);
        shown = moved ?? null;
        if (moved && moved !== base) {
          ahead.push(moved);
          return { text: moved.built.text };
        }
        return undefined;
      }
      if (!shown) return undefined;
      const doc = s.docs[shown.templateKey];
      if (!doc || doc === prev.docs[shown.templateKey] || doc.text === shown.template) return undefined;
      const moved = advance(shown, doc.text);
      if (!moved) {
        // Not certain: the build decides, and the next keystroke waits for it.
        shown = null;
        ahead = [];
        return undefined;
      }
      shown = moved;
      ahead.push(moved);
      if (ahead.length > AHEAD_KEPT) ahead.shift();
      return { text: moved.built.text };
    },
    forget() {
      shown = null;
      ahead = [];
    },
  };
}
