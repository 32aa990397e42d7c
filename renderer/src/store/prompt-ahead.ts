import { speculateTemplateEdit, type BuiltText } from '../../../shared/engine/build/speculate-template-edit';
import { minimalEdit } from '../../../shared/engine/text/minimal-edit';
import { docKey } from '../../../shared/ipc/doc-key';
import type { VariantBuildResult } from '../../../shared/engine/build/build-result';
import { variantResultOf } from './preview-slice';
import type { StudioState } from './types';

/**
 * The prompt of the shown variant with the keystrokes in its base template made since its
 * last build, before the host's build of them comes back: only when the prompt they make is
 * certain from that build (shared/engine/build/speculate-template-edit.ts, checked against
 * real builds in tests/engine/speculate-template-edit.test.ts). The preview and the diff show
 * it; the build still comes and is what they show then. Outline, sizes and compare only show builds.
 */

/** A build, or keystrokes made on one, and the template text it is the prompt of. */
interface Known {
  templateKey: string;
  variantId: string;
  template: string;
  built: BuiltText;
}

/** Prompts shown ahead of their builds, newest last: the build that matches one is of its template. */
const AHEAD_KEPT = 8;

export interface PromptAhead {
  /**
   * The newest prompt certain for the state `s` when it is ahead of the build `s` holds (it may
   * lack a keystroke that is not certain); undefined when the build is the newest.
   */
  textFor(s: StudioState): string | undefined;
}

export function promptAhead(): PromptAhead {
  let result: VariantBuildResult | undefined;
  let known: Known | null = null;
  let ahead: Known[] = [];

  /** `from` with the edit that makes `template`, when that is certain. */
  const advance = (from: Known, template: string): Known | undefined => {
    const edit = minimalEdit(from.template, template);
    if (!edit) return from;
    const built = speculateTemplateEdit(from.built, from.variantId, from.template, template, edit);
    return built ? { ...from, template, built } : undefined;
  };

  /** A build came: of the template of a prompt shown ahead with its text, else (as far as is known) of the one edited now. */
  const took = (r: VariantBuildResult, s: StudioState): void => {
    result = r;
    const templateKey = docKey({ kind: 'variant-template', variantId: r.variantId });
    const current = s.docs[templateKey]?.text;
    const matched = known?.templateKey === templateKey ? ahead.find((a) => a.built.text === r.text) : undefined;
    ahead = [];
    known =
      current === undefined
        ? null
        : { templateKey, variantId: r.variantId, template: matched?.template ?? current, built: { text: r.text, sections: r.sections } };
  };

  return {
    textFor(s) {
      const r = variantResultOf(s.preview);
      // The last build failed (the preview shows the one before, dimmed): the workspace does not build, nothing is ahead.
      if (!r || s.previewStale) {
        result = undefined;
        known = null;
        ahead = [];
        return undefined;
      }
      if (r !== result) took(r, s);
      if (!known) return undefined;
      const current = s.docs[known.templateKey]?.text;
      if (current === undefined) return undefined;
      const moved = current === known.template ? known : advance(known, current);
      if (moved && moved !== known) {
        known = moved;
        ahead.push(moved);
        if (ahead.length > AHEAD_KEPT) ahead.shift();
      }
      // Not certain: the newest prompt that is stays until the build decides, and the next
      // keystrokes are tried from it.
      return known.built.text === r.text ? undefined : known.built.text;
    },
  };
}

let memo: { s: StudioState; text: string | undefined } | undefined;
const shared = promptAhead();

/** The prompt views show for `s` when it is ahead of its build (one answer per state, for every view that asks). */
export function promptAheadOf(s: StudioState): string | undefined {
  if (memo?.s !== s) memo = { s, text: shared.textFor(s) };
  return memo.text;
}

/**
 * The same for the diff against the baseline: only when the baseline cannot have changed with
 * the template (the saved files, a pinned snapshot, another variant); a baseline of the same
 * variant under another preset is built from the same template, and waits for its build.
 */
export function diffAheadOf(s: StudioState): string | undefined {
  const spec = s.preview?.baseline.spec;
  if (!spec) return undefined;
  const unmoved =
    spec.kind === 'saved' ||
    spec.kind === 'snapshot' ||
    (spec.kind === 'variant' && spec.variantId !== variantResultOf(s.preview)?.variantId);
  return unmoved ? promptAheadOf(s) : undefined;
}
