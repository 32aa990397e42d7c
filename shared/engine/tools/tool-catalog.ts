import type { SystemPromptContext } from '../../domain/context.js';
import type { ToolFile, ToolSpec } from '../../domain/tool.js';
import type { Variant } from '../../domain/variant.js';
import { orderWithOverrides } from '../ordering.js';
import type { ReadTracker } from '../volatility/read-tracker.js';
import type { VolatileField } from '../volatility/volatile-fields.js';
import { describeRequirement, requirementHolds } from './requirements.js';

/** Tool files by tool id. */
export type ToolCatalog = ReadonlyMap<string, ToolFile>;

/** The spec of a tool for a family: the family's own, else the generic one, else the first. */
export function specForFamily(file: ToolFile, family: string): ToolSpec {
  let byFamily = specCache.get(file);
  if (!byFamily) {
    byFamily = new Map();
    specCache.set(file, byFamily);
  }
  let spec = byFamily.get(family);
  if (!spec) {
    const found = file.specs.find((s) => s.family === family) ?? file.specs.find((s) => s.family === 'generic') ?? file.specs[0]!;
    spec = { id: file.id, ...found };
    byFamily.set(family, spec);
  }
  return spec;
}
/** One spec object per tool file and family, so texts rendered from it can be cached. */
const specCache = new WeakMap<ToolFile, Map<string, ToolSpec>>();

export interface ToolSelection {
  /** Enabled tools in prompt order. */
  enabled: ToolSpec[];
  /** Tools of the variant that were left out, with the reason. */
  excluded: { id: string; reason: string; code: 'TOOL_NOT_FOUND' | 'TOOL_DISABLED' | 'TOOL_CONTEXT' }[];
  /**
   * With a ReadTracker (and a tracked context): tool id -> the volatile fields its context
   * requirement read, for every tool the requirement was checked for (enabled or not).
   */
  requirementFields?: Map<string, readonly VolatileField[]> | undefined;
}

/** The variant's tools for a context (Cline's getEnabledToolSpecs, plus the variant's tool overrides). */
export function selectTools(variant: Variant, context: SystemPromptContext, catalog: ToolCatalog, tracker?: ReadTracker): ToolSelection {
  const enabled: ToolSpec[] = [];
  const requirementFields = tracker ? new Map<string, readonly VolatileField[]>() : undefined;
  const excluded: ToolSelection['excluded'] = [];
  const seen = new Set<string>();
  const ordered = orderWithOverrides(variant.tools, variant.toolOverrides);
  for (const entry of ordered) {
    if (seen.has(entry.id)) continue;
    seen.add(entry.id);
    if (!entry.enabled) {
      excluded.push({ id: entry.id, reason: 'disabled by the variant', code: 'TOOL_DISABLED' });
      continue;
    }
    const file = catalog.get(entry.id);
    if (!file) {
      excluded.push({ id: entry.id, reason: `no tool spec with id '${entry.id}'`, code: 'TOOL_NOT_FOUND' });
      continue;
    }
    const spec = specForFamily(file, variant.family);
    let holds: boolean;
    if (tracker) {
      const run = tracker.run(() => requirementHolds(spec.contextRequirement, context));
      holds = run.value;
      if (run.fields.size > 0) requirementFields!.set(entry.id, [...run.fields]);
    } else holds = requirementHolds(spec.contextRequirement, context);
    if (!holds) {
      excluded.push({ id: entry.id, reason: `needs: ${describeRequirement(spec.contextRequirement!)}`, code: 'TOOL_CONTEXT' });
      continue;
    }
    enabled.push(spec);
  }
  return requirementFields ? { enabled, excluded, requirementFields } : { enabled, excluded };
}
