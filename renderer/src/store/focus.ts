import type { BuildTarget } from '../../../shared/ipc/contract';
import type { DocRef } from '../../../shared/ipc/doc-ref';

/**
 * What the workbench shows, decided here and nowhere else: the active document and the build
 * target it implies. A variant's own file (its template, variant.yaml, an override of one of
 * its components or tools) shows that variant; a stack profile's file shows that profile (its
 * agent kept); a file every variant shares (a component, a tool, a preset, workspace.yaml, a
 * harness profile, a built-in component) keeps the target shown so far and says so. The
 * preview, its diff, the Components, Placeholders and Context tabs, the explorer's highlight
 * and the preview's header all read the target from the store (`target`), and the words
 * about it from `describeFocus`.
 */

/** The target a document implies, given the target shown now; null: the document belongs to no one variant or profile. */
export function targetOfDoc(ref: DocRef | null | undefined, current: BuildTarget | null): BuildTarget | null {
  switch (ref?.kind) {
    case 'variant-template':
    case 'variant-config':
    case 'component-override':
    case 'tool-override':
      return { kind: 'variant', variantId: ref.variantId };
    case 'profile-file':
      // Another file of the profile shown keeps the agent chosen for it.
      return current?.kind === 'profile' && current.profileId === ref.profileId ? current : { kind: 'profile', profileId: ref.profileId };
    default:
      return null;
  }
}

/** The target to show after the active document changed to `ref`: the one it implies, else the current one. */
export function nextTarget(ref: DocRef | null | undefined, current: BuildTarget | null): BuildTarget | null {
  const implied = targetOfDoc(ref, current);
  return implied && !sameTarget(implied, current) ? implied : current;
}

export function sameTarget(a: BuildTarget | null | undefined, b: BuildTarget | null | undefined): boolean {
  if (!a || !b) return !a && !b;
  switch (a.kind) {
    case 'variant':
      return b.kind === 'variant' && a.variantId === b.variantId;
    case 'profile':
      return b.kind === 'profile' && a.profileId === b.profileId && (a.agent ?? null) === (b.agent ?? null);
    case 'selected':
      return b.kind === 'selected';
  }
}

/** What focus selectors read (a part of the store's state). */
export interface FocusInputs {
  target: BuildTarget | null;
  activeTab: string | null;
  docs: Record<string, { ref: DocRef | null; path: string; builtinComponentId?: string | undefined } | undefined>;
  presetName: string | null;
  contextEdited: boolean;
  stackPresetName: string | null;
}

export function focusVariantId(s: Pick<FocusInputs, 'target'>): string | null {
  return s.target?.kind === 'variant' ? s.target.variantId : null;
}

export function focusProfileId(s: Pick<FocusInputs, 'target'>): string | null {
  return s.target?.kind === 'profile' ? s.target.profileId : null;
}

export function focusAgent(s: Pick<FocusInputs, 'target'>): string | null {
  return s.target?.kind === 'profile' ? (s.target.agent ?? null) : null;
}

/** What the preview's header says: what it renders, and why when the open file is not that target's own. */
export interface FocusDescription {
  /** `generic × basic`, `generic × basic (edited)`, `opencode · build × stack-basic`; null: nothing shown yet. */
  label: string | null;
  /** The open file is shared by every variant (or is no file of the target): it is shown as the target builds it. */
  shared: string | null;
}

export function describeFocus(s: FocusInputs): FocusDescription {
  const t = s.target;
  if (!t) return { label: null, shared: null };
  if (t.kind === 'selected') return { label: `the variant selected for the model × ${s.presetName ?? 'no preset'}`, shared: null };
  const label =
    t.kind === 'variant'
      ? `${t.variantId} × ${s.presetName ?? 'no preset'}${s.presetName && s.contextEdited ? ' (edited)' : ''}`
      : `${t.profileId}${t.agent ? ` · ${t.agent}` : ''} × ${s.stackPresetName ?? 'no preset'}`;
  const doc = s.activeTab ? s.docs[s.activeTab] : undefined;
  if (!doc) return { label, shared: null };
  const implied = targetOfDoc(doc.ref, t);
  if (implied && sameTarget(implied, t)) return { label, shared: null };
  const what = t.kind === 'variant' ? t.variantId : t.profileId;
  const ref = doc.ref;
  let shared: string;
  if (doc.builtinComponentId) shared = `${doc.builtinComponentId} is a built-in component: shown as ${what} renders it.`;
  else if (ref?.kind === 'preset')
    shared = `${doc.path} is a context preset: the preview uses ${t.kind === 'variant' ? (s.presetName ?? 'none') : (s.stackPresetName ?? 'none')}.`;
  else if (ref?.kind === 'component' || ref?.kind === 'tool') shared = `${doc.path} is shared by the variants: shown as ${what} uses it.`;
  else shared = `${doc.path} is not a file of ${what}: the preview still shows ${what}.`;
  return { label, shared };
}
