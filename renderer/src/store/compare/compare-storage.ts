import type { CompareColumnSpec } from '../../../../shared/ipc/contract';
import { MODEL_CATALOG, type ProviderModels } from '../../../../shared/engine/routing/model-catalog';

/**
 * What the compare view remembers in the app's localStorage: the columns per workspace (a
 * folder by its path, the built-ins as one) and the user's edits of the model list.
 */
const COLUMNS_KEY = 'variant-studio.compare.columns';
const CATALOG_KEY = 'variant-studio.compare.models';

function read<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
}

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or unavailable: the view still works, it just forgets
  }
}

function isColumn(value: unknown): value is CompareColumnSpec {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  const str = (k: string): boolean => typeof v[k] === 'string' && (v[k] as string).length > 0 && (v[k] as string).length <= 200;
  const opt = (k: string): boolean => v[k] === undefined || str(k);
  if (!opt('preset')) return false;
  if (v.kind === 'variant') return str('variantId');
  if (v.kind === 'model') return str('modelId') && opt('providerId');
  if (v.kind === 'profile') return str('profileId') && opt('agent');
  return false;
}

/** The remembered columns of a workspace (root path, or null for the built-ins); stored data is checked, not trusted. */
export function loadColumns(workspace: string | null): CompareColumnSpec[] | undefined {
  const all = read<Record<string, unknown>>(COLUMNS_KEY, {});
  const list = all[workspace ?? '(built-in)'];
  return Array.isArray(list) ? list.filter(isColumn).slice(0, 4) : undefined;
}

export function saveColumns(workspace: string | null, columns: readonly CompareColumnSpec[]): void {
  const all = read<Record<string, unknown>>(COLUMNS_KEY, {});
  all[workspace ?? '(built-in)'] = columns;
  write(COLUMNS_KEY, all);
}

/** The model list: the user's edited one, else the built-in catalog. */
export function loadCatalog(): ProviderModels[] {
  const stored = read<unknown>(CATALOG_KEY, null);
  if (!Array.isArray(stored)) return MODEL_CATALOG.map((p) => ({ ...p, models: [...p.models] }));
  return stored
    .filter(
      (p): p is ProviderModels =>
        !!p &&
        typeof (p as ProviderModels).provider === 'string' &&
        typeof (p as ProviderModels).providerId === 'string' &&
        Array.isArray((p as ProviderModels).models),
    )
    .map((p) => ({ provider: p.provider, providerId: p.providerId, models: p.models.filter((m) => typeof m === 'string') }));
}

export function saveCatalog(catalog: readonly ProviderModels[] | null): void {
  if (catalog !== null) write(CATALOG_KEY, catalog);
  else
    try {
      localStorage.removeItem(CATALOG_KEY);
    } catch {
      // unavailable storage: nothing was kept either
    }
}
