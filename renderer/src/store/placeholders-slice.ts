import { editVariantConfig } from './components-slice';
import { removePlaceholder, renamePlaceholder, renameTemplateKey, setPlaceholder } from './variant-yaml';
import { focusVariantId } from './focus';
import type { SliceCreator } from './types';

export interface PlaceholdersSlice {
  setPlaceholder(key: string, value: string): boolean;
  /** Renames in variant.yaml and, when asked, every `{{KEY}}` slot of the base template. */
  renamePlaceholder(from: string, to: string, inTemplate: boolean): Promise<boolean>;
  removePlaceholder(key: string): boolean;
}

export const createPlaceholdersSlice: SliceCreator<PlaceholdersSlice> = (_set, get) => ({
  setPlaceholder(key, value) {
    return editVariantConfig(get, (t) => setPlaceholder(t, key, value));
  },
  async renamePlaceholder(from, to, inTemplate) {
    if (!editVariantConfig(get, (t) => renamePlaceholder(t, from, to))) return false;
    const vid = focusVariantId(get());
    if (inTemplate && vid) {
      const doc = await get().ensureDoc({ kind: 'variant-template', variantId: vid });
      if (doc) get().editDoc(doc.key, renameTemplateKey(doc.text, from, to), 'structured');
    }
    get().announce(`Renamed ${from} to ${to}`);
    return true;
  },
  removePlaceholder(key) {
    const ok = editVariantConfig(get, (t) => removePlaceholder(t, key));
    if (ok) get().announce(`Removed ${key}`);
    return ok;
  },
});
