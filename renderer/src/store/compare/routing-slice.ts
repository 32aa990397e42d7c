import type { ProviderModels } from '../../../../shared/engine/routing/model-catalog';
import type { RoutingTable } from '../../../../shared/engine/routing/routing-table';
import { parseModelIds } from '../../../../shared/engine/routing/model-ids';
import { call } from '../api';
import type { SliceCreator } from '../types';
import { loadCatalog, saveCatalog } from './compare-storage';

/** The routing table: the model ids typed or pasted (commas, spaces or newlines), and the host's answer. */
export interface RoutingSlice {
  routingText: string;
  routing: RoutingTable | null;
  /** The editable list of current model ids per provider. */
  modelCatalog: ProviderModels[];
  setRoutingText(text: string): void;
  runRouting(): Promise<void>;
  setCatalogModels(providerId: string, text: string): void;
  resetCatalog(): void;
}

export const createRoutingSlice: SliceCreator<RoutingSlice> = (set, get) => ({
  routingText: 'claude-sonnet-4-5 gpt-5 o3\ngemini-2.5-pro, qwen2.5-coder:7b',
  routing: null,
  modelCatalog: loadCatalog(),
  setRoutingText(text) {
    set({ routingText: text });
  },
  async runRouting() {
    const modelIds = parseModelIds(get().routingText).slice(0, 500);
    const r = await call('compare:routing', { context: get().contextSpec(), modelIds });
    set({ routing: r ?? null });
  },
  setCatalogModels(providerId, text) {
    const catalog = get().modelCatalog.map((p) => (p.providerId === providerId ? { ...p, models: parseModelIds(text) } : p));
    set({ modelCatalog: catalog });
    saveCatalog(catalog);
  },
  resetCatalog() {
    saveCatalog(null);
    set({ modelCatalog: loadCatalog() });
  },
});
