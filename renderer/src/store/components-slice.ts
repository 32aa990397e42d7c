import { docKey } from '../../../shared/ipc/doc-key';
import type { DocRef } from '../../../shared/ipc/doc-ref';
import { call } from './api';
import { focusVariantId } from './focus';
import type { SliceCreator, StudioState } from './types';
import type * as VariantYaml from './variant-yaml';

let loaded: typeof VariantYaml | undefined;

/** The variant.yaml edits (YAML): a chunk of its own, loaded by the first edit (the lists that offer them load it when shown). */
export const variantYaml = async (): Promise<typeof VariantYaml> => (loaded ??= await import('./variant-yaml'));

/**
 * The edits' module itself once it is loaded, to use as `variantYamlLoaded() ?? (await variantYaml())`:
 * an edit asked from a control then changes the text within the control's event. A controlled
 * checkbox whose state changes a task later is first put back by React, and the click looks lost
 * to anything that looks in between.
 */
export const variantYamlLoaded = (): typeof VariantYaml | undefined => loaded;

export interface ComponentsSlice {
  /** Moves a component in the current variant's componentOrder (announced for screen readers). */
  moveComponent(from: number, to: number): Promise<boolean>;
  setComponentEnabled(id: string, enabled: boolean): Promise<boolean>;
  /** Opens the override template of a component in the current variant, creating it from the default. */
  openComponentOverride(id: string): Promise<void>;
  /** Opens what a component renders: the variant's override, the workspace component, or the built-in's default. */
  openComponentSource(id: string, offset?: number): Promise<void>;
}

/** Edits the current variant's variant.yaml text through a pure function; reports what went wrong. */
export function editVariantConfig(
  get: () => StudioState,
  edit: (text: string) => string,
  VariantYamlError: typeof VariantYaml.VariantYamlError,
): boolean {
  const id = focusVariantId(get());
  if (!id) return false;
  const key = docKey({ kind: 'variant-config', variantId: id });
  const doc = get().docs[key];
  if (!doc) return false;
  try {
    const next = edit(doc.text);
    if (next !== doc.text) get().editDoc(key, next, 'structured');
    return true;
  } catch (e) {
    get().notify('error', e instanceof VariantYamlError ? e.message : `Edit failed: ${String(e)}`);
    return false;
  }
}

export function overrideRef(variantId: string, componentId: string): DocRef {
  return { kind: 'component-override', variantId, componentId };
}

export const createComponentsSlice: SliceCreator<ComponentsSlice> = (_set, get) => ({
  async moveComponent(from, to) {
    const { moveComponent, readVariantYaml, reorderTemplateSlots, VariantYamlError } = variantYamlLoaded() ?? (await variantYaml());
    const id = focusVariantId(get());
    if (!id) return false;
    const cfgKey = docKey({ kind: 'variant-config', variantId: id });
    const cfg = get().docs[cfgKey];
    if (!cfg) return false;
    let next: string;
    try {
      next = moveComponent(cfg.text, from, to);
    } catch (e) {
      get().notify('error', e instanceof VariantYamlError ? e.message : `Edit failed: ${String(e)}`);
      return false;
    }
    const order = readVariantYaml(next).value?.componentOrder ?? [];
    const edits = [{ key: cfgKey, text: next }];
    // The prompt follows the template's slots: move the component's slot along with it.
    const tpl = get().docs[docKey({ kind: 'variant-template', variantId: id })];
    if (tpl) edits.push({ key: tpl.key, text: reorderTemplateSlots(tpl.text, order) });
    get().editDocs(edits);
    const moved = order[to];
    if (moved) get().announce(`${moved} moved to position ${to + 1} of ${order.length}`);
    return true;
  },
  async setComponentEnabled(cid, enabled) {
    const { setComponentEnabled, VariantYamlError } = variantYamlLoaded() ?? (await variantYaml());
    const ok = editVariantConfig(get, (t) => setComponentEnabled(t, cid, enabled), VariantYamlError);
    if (ok) get().announce(`${cid} ${enabled ? 'enabled' : 'disabled'}`);
    return ok;
  },
  async openComponentOverride(cid) {
    const vid = focusVariantId(get());
    if (!vid) return;
    const ref = overrideRef(vid, cid);
    const key = docKey(ref);
    const exists = get().docs[key] || get().workspace?.documents.some((d) => d.key === key);
    if (!exists) {
      const info = get().workspace?.components.find((c) => c.id === cid);
      const created = await call('doc:create', { ref, text: info?.defaultTemplate ?? '' });
      if (!created) return;
      get().announce(`Created an override of ${cid} for ${vid}`);
    }
    await get().openDoc(ref);
  },
  async openComponentSource(cid, offset) {
    const vid = focusVariantId(get());
    const ws = get().workspace;
    if (vid) {
      const key = docKey(overrideRef(vid, cid));
      if (get().docs[key] || ws?.documents.some((d) => d.key === key)) {
        await get().openDoc(overrideRef(vid, cid), offset !== undefined ? { offset } : undefined);
        return;
      }
    }
    const info = ws?.components.find((c) => c.id === cid);
    if (info?.kind === 'workspace') {
      await get().openDoc({ kind: 'component', componentId: cid }, offset !== undefined ? { offset } : undefined);
      return;
    }
    get().openBuiltinComponent(cid);
  },
});
