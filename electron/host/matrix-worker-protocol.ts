import type { ContextPreset } from '../../shared/domain/preset.js';
import type { Variant } from '../../shared/domain/variant.js';
import { BUILTIN_COMPONENTS } from '../../shared/engine/components/builtin/index.js';
import { ComponentRegistry } from '../../shared/engine/components/component-registry.js';
import type { ToolCatalog } from '../../shared/engine/tools/tool-catalog.js';
import type { BuildDigest } from './matrix-cell-memo.js';

/**
 * The messages between the host and the snapshot matrix's worker threads (matrix-worker.ts).
 * At the start of each job the host sends the workspace sides its builds are made from
 * (components, tools, presets; they replace the last job's), then rows to build (a variant and the presets it is built under); a worker answers each
 * batch of rows with their digests (or their token counts), in the order asked. Nothing else is kept between batches.
 */

/** A component entry as data: a built-in by its index in BUILTIN_COMPONENTS (the same object there), a template as is. */
export type WireComponent =
  | { kind: 'builtin'; id: string; builtin: number }
  | { kind: 'workspace'; id: string; template: string; file?: string | undefined; description?: string | undefined };

export interface WireSide {
  components: WireComponent[];
  tools: ToolCatalog;
  presets: ContextPreset[];
}

export interface WireRow {
  /** The host's number for the row, answered with its digests. */
  job: number;
  /** An index into the job's sides. */
  side: number;
  variant: Variant;
  /** Indexes into the side's presets. */
  presets: number[];
}

export type WorkerDigest = BuildDigest & { exact: boolean };

/** A cell's o200k token count (tokens.ts loadTokenCounter) and how many of its variant's budgets it goes over. */
export interface WorkerCount {
  tokens: number;
  budgetsOver: number;
}

/** What a worker makes of each cell of a row: its digest (the matrix), or its counts (the counts that follow it). */
export type WorkerTask = 'digest' | 'count';
export type WorkerResult<T extends WorkerTask> = T extends 'digest' ? WorkerDigest : WorkerCount;

export type ToMatrixWorker = { type: 'sides'; sides: WireSide[] } | { type: 'rows'; task: WorkerTask; rows: WireRow[] };

export type FromMatrixWorker =
  { type: 'results'; rows: { job: number; results: (WorkerDigest | WorkerCount)[] }[] } | { type: 'failed'; message: string };

/**
 * A registry's entries as data, or undefined when one cannot cross to a worker (a component
 * registered in code, a built-in that is not one of BUILTIN_COMPONENTS): its builds stay on the host's thread.
 */
export function wireComponents(registry: ComponentRegistry): WireComponent[] | undefined {
  const out: WireComponent[] = [];
  for (const entry of registry.values()) {
    if (entry.kind === 'code') return undefined;
    if (entry.kind === 'workspace') {
      out.push({ kind: 'workspace', id: entry.id, template: entry.template, file: entry.file, description: entry.description });
      continue;
    }
    const builtin = BUILTIN_COMPONENTS.indexOf(entry.component);
    if (builtin < 0) return undefined;
    out.push({ kind: 'builtin', id: entry.id, builtin });
  }
  return out;
}

/** The registry wireComponents described: the same entries, in the same order. */
export function registryOf(components: readonly WireComponent[]): ComponentRegistry {
  return new ComponentRegistry(
    components.map((c) => (c.kind === 'builtin' ? { kind: 'builtin', id: c.id, component: BUILTIN_COMPONENTS[c.builtin]! } : c)),
  );
}
