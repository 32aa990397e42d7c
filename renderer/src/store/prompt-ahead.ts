import { speculateTemplateEdit, type BuiltText } from '../../../shared/engine/build/speculate-template-edit';
import { minimalEdit, type MinimalEdit } from '../../../shared/engine/text/minimal-edit';
import { splicedEdit } from '../../../shared/ipc/text-splice';
import { docKey } from '../../../shared/ipc/doc-key';
import { previewEditSince, previewTextPieces } from '../../../shared/ipc/preview-wire';
import { PieceText, type TextWindow } from '../../../shared/engine/text/piece-text';
import { sameFromBase, spanAfterEdit, type EditSpan } from '../../../shared/engine/text/edit-span';
import type { BuildSection, VariantBuildResult } from '../../../shared/engine/build/build-result';
import { variantResultOf } from './preview-slice';
import type { StudioState } from './types';
import type { DocState } from './docs-slice';

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
  /** `template` as pieces, edited along with it: a keystroke reads the long template around itself only (the editor's text is a rope, which a read copies whole). */
  templatePieces: PieceText;
  built: BuiltText;
  /** Where `built.text` differs from the text of the build it was made from (null: nowhere, it is that build). */
  span: EditSpan | null;
  /** Made by a keystroke: the prompt before it, and the edit of that prompt that makes `built.text`. */
  madeFrom?: { text: string; edit: MinimalEdit } | undefined;
}

/** Prompts shown ahead of their builds, newest last: the build that matches one is of its template. */
const AHEAD_KEPT = 8;

export interface PromptAhead {
  /**
   * The newest prompt certain for the state `s` when it is ahead of the build `s` holds (it may
   * lack a keystroke that is not certain); undefined when the build is the newest.
   */
  textFor(s: StudioState): string | undefined;
  /** The prompt the last keystroke was made on, and the edit of it that makes the newest (`textFor`), when known. */
  lastEdit(): { text: string; edit: MinimalEdit } | undefined;
  /** The prompt shown ahead that the newest build's text equals, if it was one. */
  builtAhead(): string | undefined;
}

/** Whether a prompt is `text`: by its pieces when it has them (a rope compared with `===` is copied whole first). */
function sameText(built: BuiltText, text: string): boolean {
  return built.text.length === text.length && (built.pieces ? built.pieces.equals(text) : built.text === text);
}

/** A build's text read by ranges: the decoder's pieces when it patched it (a read of the text itself would copy it whole). */
function windowOf(r: VariantBuildResult): TextWindow {
  return previewTextPieces(r) ?? r.text;
}

/** The source ranges of two builds are the same. */
function sameSections(a: readonly BuildSection[], b: readonly BuildSection[]): boolean {
  return (
    a.length === b.length &&
    a.every((x, i) => {
      const y = b[i]!;
      return x.start === y.start && x.end === y.end && x.offset === y.offset && JSON.stringify(x.source) === JSON.stringify(y.source);
    })
  );
}

/**
 * The build `r` as the next keystroke is made on: with the prompt ahead it equals, that
 * string and its pieces (what the preview editor holds, and what the edit reads around),
 * and what was verified of it when its ranges are the build's.
 */
function builtOf(r: VariantBuildResult, ahead: BuiltText | undefined): BuiltText {
  if (!ahead) return { text: r.text, sections: r.sections, placeholderKeys: r.placeholderKeys };
  const verified = sameSections(ahead.sections, r.sections) ? ahead.verified : undefined;
  return { text: ahead.text, sections: r.sections, pieces: ahead.pieces, verified, placeholderKeys: r.placeholderKeys };
}

export function promptAhead(): PromptAhead {
  let result: VariantBuildResult | undefined;
  let known: Known | null = null;
  let ahead: Known[] = [];
  /** `known` as the last build made it (its text is the build's), until a keystroke moves it. */
  let atBuild: Known | null = null;
  /** The prompt ahead that the last build turned out to be (the same text as the build's). */
  let builtAhead: string | undefined;
  /** The text of the build `known` and those ahead were made from, and the same read by ranges. */
  let base: { text: string; window: TextWindow } = { text: '', window: '' };

  /** `from` with the edit that makes `template`, when that is certain (the editor's splice, when it made `template` from `from`'s). */
  const advance = (from: Known, template: string, madeBy: DocState['madeBy']): Known | undefined => {
    const spliced = splicedEdit(from.template, template, madeBy);
    const edit = spliced !== undefined ? spliced : minimalEdit(from.template, template);
    if (!edit) return from;
    const built = speculateTemplateEdit(from.built, from.variantId, from.templatePieces, edit);
    if (!built) return undefined;
    return {
      ...from,
      template,
      templatePieces: from.templatePieces.edit(edit.start, edit.endOld, edit.text),
      built,
      span: spanAfterEdit(from.span, built.promptEdit),
      madeFrom: { text: from.built.text, edit: built.promptEdit },
    };
  };

  /**
   * Whether a prompt made ahead is the text of the build `r`: read where either differs from
   * the build both were made from, when the decoder says how `r` was made from it; else compared whole.
   */
  const isBuildOf = (a: Known, r: VariantBuildResult, patch: MinimalEdit | null | undefined): boolean => {
    if (patch === undefined || !a.span || !a.built.pieces) return sameText(a.built, r.text);
    const edit = patch ?? { start: a.span.start, endOld: a.span.start, text: '' };
    return sameFromBase(base.text, a.built.pieces, a.span, windowOf(r), spanAfterEdit(null, edit));
  };

  /** Whether the prompt of `k` is still the text of the build it was made from (keystrokes and their Backspace). */
  const isItsBase = (k: Known): boolean => {
    if (!k.span || !k.built.pieces) return sameText(k.built, base.text);
    const { start, endOld, endNew } = k.span;
    return k.built.text.length === base.text.length && k.built.pieces.slice(start, endNew) === base.window.slice(start, endOld);
  };

  /** A build came: of the template of a prompt shown ahead with its text, else (as far as is known) of the one edited now. */
  const took = (r: VariantBuildResult, s: StudioState): void => {
    result = r;
    const templateKey = docKey({ kind: 'variant-template', variantId: r.variantId });
    const current = s.docs[templateKey]?.text;
    const ours = known?.templateKey === templateKey;
    const patch = ours ? previewEditSince(r, base.text) : undefined;
    if (ours && patch === null) {
      // The same prompt again (built again for another reason, or of a keystroke that left it
      // as it was): it says nothing new of the template, and what is ahead of it stays.
      base = { text: r.text, window: windowOf(r) };
      return;
    }
    // Compared where the wire's patch is, else by pieces (speculateTemplateEdit's): the prompts
    // ahead are ropes, which `===` would copy whole first.
    const matched = ours ? ahead.find((a) => isBuildOf(a, r, patch)) : undefined;
    builtAhead = matched?.built.text;
    ahead = [];
    known =
      current === undefined
        ? null
        : {
            templateKey,
            variantId: r.variantId,
            template: matched?.template ?? current,
            templatePieces: matched?.templatePieces ?? PieceText.of(current),
            built: builtOf(r, matched?.built),
            span: null,
          };
    base = { text: r.text, window: windowOf(r) };
    atBuild = known;
  };

  return {
    textFor(s) {
      const r = variantResultOf(s.preview);
      // The last build failed (the preview shows the one before, dimmed): the workspace does not build, nothing is ahead.
      if (!r || s.previewStale) {
        result = undefined;
        known = null;
        ahead = [];
        builtAhead = undefined;
        return undefined;
      }
      if (r !== result) took(r, s);
      if (!known) return undefined;
      const doc = s.docs[known.templateKey];
      if (!doc) return undefined;
      const current = doc.text;
      const moved = current === known.template ? known : advance(known, current, doc.madeBy);
      if (moved && moved !== known) {
        known = moved;
        ahead.push(moved);
        if (ahead.length > AHEAD_KEPT) ahead.shift();
      }
      // Not certain: the newest prompt that is stays until the build decides, and the next
      // keystrokes are tried from it.
      return known === atBuild || isItsBase(known) ? undefined : known.built.text;
    },
    lastEdit: () => known?.madeFrom,
    builtAhead: () => builtAhead,
  };
}

let memo: { s: StudioState; text: string | undefined } | undefined;
const shared = promptAhead();

/** The prompt views show for `s` when it is ahead of its build (one answer per state, for every view that asks). */
export function promptAheadOf(s: StudioState): string | undefined {
  if (memo?.s !== s) memo = { s, text: shared.textFor(s) };
  return memo.text;
}

/** How the prompt ahead (promptAheadOf) was made from the one before it: an editor given that one takes the edit, not two whole texts to compare. */
export function promptAheadEditOf(s: StudioState): { text: string; edit: MinimalEdit } | undefined {
  return promptAheadOf(s) === undefined ? undefined : shared.lastEdit();
}

/** The prompt shown ahead that the build `s` holds turned out to be (an editor showing it holds the build's text already). */
export function builtAheadOf(s: StudioState): string | undefined {
  promptAheadOf(s);
  return shared.builtAhead();
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
