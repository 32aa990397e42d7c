import { editVariantConfig, variantYaml, variantYamlLoaded } from './components-slice';
import { focusVariantId } from './focus';
import type { SliceCreator } from './types';

export interface PlaceholdersSlice {
  setPlaceholder(key: string, value: string): Promise<boolean>;
  /** Renames in variant.yaml and, when asked, every `{{KEY}}` slot of the base template. */
  renamePlaceholder(from: string, to: string, inTemplate: boolean): Promise<boolean>;
  removePlaceholder(key: string): Promise<boolean>;
}

export const createPlaceholdersSlice: SliceCreator<PlaceholdersSlice> = (_set, get) => ({
  async setPlaceholder(key, value) {
    const { setPlaceholder, VariantYamlError } = variantYamlLoaded() ?? (await variantYaml());
    return editVariantConfig(get, (t) => setPlaceholder(t, key, value), VariantYamlError);
  },
  async renamePlaceholder(from, to, inTemplate) {
    const { renamePlaceholder, renameTemplateKey, VariantYamlError } = variantYamlLoaded() ?? (await variantYaml());
    if (!editVariantConfig(get, (t) => renamePlaceholder(t, from, to), VariantYamlError)) return false;
    const vid = focusVariantId(get());
    if (inTemplate && vid) {
      const doc = await get().ensureDoc({ kind: 'variant-template', variantId: vid });
      if (doc) get().editDoc(doc.key, renameTemplateKey(doc.text, from, to), 'structured');
    }
    get().announce(`Renamed ${from} to ${to}`);
    return true;
  },
  async removePlaceholder(key) {
    const { removePlaceholder, VariantYamlError } = variantYamlLoaded() ?? (await variantYaml());
    const ok = editVariantConfig(get, (t) => removePlaceholder(t, key), VariantYamlError);
    if (ok) get().announce(`Removed ${key}`);
    return ok;
  },
});
