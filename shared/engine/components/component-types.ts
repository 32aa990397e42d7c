import type { SystemPromptContext } from '../../domain/context.js';
import type { ToolSpec } from '../../domain/tool.js';
import type { Variant } from '../../domain/variant.js';
import type { BuildEnvironment } from '../environment.js';
import type { ToolCatalog, ToolSelection } from '../tools/tool-catalog.js';
import type { ReadTracker } from '../volatility/read-tracker.js';
import type { VolatileField } from '../volatility/volatile-fields.js';

/** Present when a build records which volatile context fields each part reads (see volatility/). */
export interface BuildTracking {
  tracker: ReadTracker;
  /** Tool id -> the volatile fields that decide whether it is enabled (its context requirement). */
  toolFields: ReadonlyMap<string, readonly VolatileField[]>;
}

/** What a component sees when it builds its section. */
export interface ComponentInput {
  variant: Variant;
  context: SystemPromptContext;
  env: BuildEnvironment;
  tools: {
    catalog: ToolCatalog;
    selection: ToolSelection;
    /** Prompt text of each enabled tool, in order ('' for placeholder tools); empty with native tool calls. */
    texts: readonly { spec: ToolSpec; text: string }[];
  };
  /** Sections kept so far, by component id (components run in order). */
  sections: Readonly<Record<string, string>>;
  /**
   * Scratch space of one build, for values computed once and shared by several components
   * (the builder passes a fresh map per build; without one, nothing is memoised). A slot on
   * the input rather than a WeakMap keyed by it: per-build WeakMap keys make every
   * young-generation GC pay for ephemerons.
   */
  memo?: Map<string, unknown> | undefined;
  /** Set by a tracking build: context and env are then proxies that record reads of volatile fields. */
  tracking?: BuildTracking | undefined;
}

/** A value computed once per build: kept in the input's memo when there is one. */
export function memoized<T>(input: ComponentInput, key: string, compute: () => T): T {
  const memo = input.memo;
  if (!memo) return compute();
  const tracking = input.tracking;
  if (tracking) {
    // A value reused must still count the fields it was computed from for its new reader.
    let hit = memo.get(key) as { value: T; fields: ReadonlySet<VolatileField> } | undefined;
    if (!hit) {
      hit = tracking.tracker.run(compute);
      memo.set(key, hit);
    } else tracking.tracker.recordAll(hit.fields);
    return hit.value;
  }
  if (memo.has(key)) return memo.get(key) as T;
  const value = compute();
  memo.set(key, value);
  return value;
}

/**
 * A built-in component: a default template in the component template language and the
 * variables it computes from the input. A variant's override template replaces the
 * default template and sees the same variables.
 */
export interface BuiltinComponent {
  id: string;
  title: string;
  description: string;
  defaultTemplate: string;
  variables(input: ComponentInput): Record<string, unknown>;
  /** Why the component renders nothing for this input (shown next to its zero size). */
  emptyReason?(input: ComponentInput): string | undefined;
}

/** A component written in code, like an entry of Cline's component registry. */
export type ComponentFunction = (variant: Variant, context: SystemPromptContext, input: ComponentInput) => string | undefined;

export type ComponentEntry =
  | { kind: 'builtin'; id: string; component: BuiltinComponent }
  | { kind: 'workspace'; id: string; template: string; file?: string | undefined; description?: string | undefined }
  | { kind: 'code'; id: string; fn: ComponentFunction };

/** Where the text of a rendered component came from. */
export type ComponentOrigin = 'default' | 'override' | 'workspace' | 'code';
