import type { OverrideSettings } from '../domain/variant.js';

export interface OrderedEntry {
  id: string;
  enabled: boolean;
}

/**
 * Applies a variant's overrides to an ordered list of ids (components or tools): entries
 * with `enabled: false` are marked disabled, and entries with an `order` move to that
 * 0-based position, applied from the lowest target up (ties keep their list order).
 */
export function orderWithOverrides(ids: readonly string[], overrides: Readonly<Record<string, OverrideSettings>>): OrderedEntry[] {
  const entries: OrderedEntry[] = ids.map((id) => ({ id, enabled: overrides[id]?.enabled !== false }));
  const moves = entries
    .map((entry, index) => ({ entry, index, order: overrides[entry.id]?.order }))
    .filter((m): m is { entry: OrderedEntry; index: number; order: number } => m.order !== undefined)
    .sort((a, b) => a.order - b.order || a.index - b.index);
  if (moves.length === 0) return entries;
  const rest = entries.filter((e) => !moves.some((m) => m.entry === e));
  for (const move of moves) rest.splice(Math.min(move.order, rest.length), 0, move.entry);
  return rest;
}
