import type { SystemPromptContext } from '../../domain/context.js';
import type { ToolParameter, ToolSpec } from '../../domain/tool.js';
import type { BuildTracking } from '../components/component-types.js';
import { variableFields } from '../components/variable-table.js';
import type { BuildEnvironment } from '../environment.js';
import type { RenderTracking } from '../template/component-template.js';
import { ReadTracker, trackContext, trackEnvironment } from './read-tracker.js';
import type { VolatileField } from './volatile-fields.js';
import { emptinessFields, shiftRanges, type RangedText, type RangeOrigin, type VolatileRange } from './volatile-range.js';

/**
 * The state of one tracking build (buildVariantPrompt with `trackVolatility`): the tracked
 * context and environment every part of the build reads through, the fields that decide
 * which tools are enabled, and the ranged texts of tools and sections as they are made.
 */
export class VolatilityTracking implements BuildTracking {
  readonly tracker = new ReadTracker();
  readonly context: SystemPromptContext;
  readonly env: BuildEnvironment;
  toolFields: ReadonlyMap<string, readonly VolatileField[]> = new Map();
  /** Tool id -> its text with ranges (enabled tools only). */
  readonly tools = new Map<string, RangedText>();
  /** Component id -> its output with ranges (kept or not). */
  readonly sections = new Map<string, RangedText>();
  /** The joined tool texts (the TOOLS variable). */
  toolsJoined: RangedText = { text: '', ranges: [] };

  constructor(context: SystemPromptContext, env: BuildEnvironment) {
    this.context = trackContext(context, this.tracker);
    this.env = trackEnvironment(env, this.tracker);
  }

  /** What the template renderer needs to mark a template's volatile output, with origins from `origin`. */
  render(origin: (offset: number) => RangeOrigin, extra?: ReadonlyMap<string, RangedText>): RenderTracking {
    return {
      tracker: this.tracker,
      fieldsOf: (vars, head) => variableFields(vars, head),
      rangedValue: (key) => {
        if (extra?.has(key)) return extra.get(key);
        if (key === 'TOOLS') return this.toolsJoined;
        if (key.startsWith('sections.')) return this.sections.get(key.slice('sections.'.length));
        return undefined;
      },
      origin,
      ranges: [],
    };
  }

  /** The fields that decide which parameters of a tool are kept: their requirements and the tools they depend on. */
  keptFields(spec: ToolSpec): (params: () => ToolParameter[]) => { value: ToolParameter[]; fields: readonly VolatileField[] } {
    return (params) => {
      const run = this.tracker.run(params);
      const fields = new Set(run.fields);
      for (const p of spec.parameters ?? [])
        for (const d of p.dependencies ?? []) for (const f of this.toolFields.get(d) ?? []) fields.add(f);
      return { value: run.value, fields: [...fields] };
    };
  }

  /** A code component's output: all of it depends on what the function read. */
  runCode(id: string, fn: () => string | undefined): string | undefined {
    const run = this.tracker.run(fn);
    const text = run.value ?? '';
    this.sections.set(id, {
      text,
      ranges:
        run.fields.size > 0
          ? [{ start: 0, end: text.length, fields: [...run.fields], origin: { kind: 'component', componentId: id } }]
          : [],
    });
    return run.value;
  }

  /**
   * Joins the enabled tools' texts as the TOOLS variable does (non-empty ones, blank line
   * between), with each tool's ranges; a tool whose presence depends on volatile fields is
   * volatile as a whole, and a tool left out because of them leaves a zero-length mark.
   */
  joinTools(order: readonly string[], texts: readonly { spec: ToolSpec; text: string }[]): void {
    const byId = new Map(texts.map((t) => [t.spec.id, t.text]));
    let text = '';
    const ranges: VolatileRange[] = [];
    // A tool that may be absent takes the blank line before it along (after it, when it comes first).
    let firstMayGo: VolatileRange | undefined;
    for (const id of order) {
      const presence = this.toolFields.get(id);
      const own = byId.get(id);
      if (own === undefined) {
        if (presence?.length) ranges.push({ start: text.length, end: text.length, fields: presence, origin: { kind: 'tool', toolId: id } });
        continue;
      }
      if (!own) continue;
      const separatorAt = text.length;
      if (text) text += '\n\n';
      if (firstMayGo) {
        firstMayGo.end = text.length;
        firstMayGo = undefined;
      }
      const at = text.length;
      if (presence?.length) {
        const range = { start: separatorAt, end: at + own.length, fields: presence, origin: { kind: 'tool' as const, toolId: id } };
        ranges.push(range);
        if (separatorAt === 0) firstMayGo = range;
      }
      shiftRanges(this.tools.get(id)?.ranges ?? [], at, ranges);
      text += own;
    }
    this.toolsJoined = { text, ranges };
  }
}

/** The ranged text of a component's output, with a zero-length mark when it is empty but could be filled in another session. */
export function emptySection(value: RangedText): RangedText {
  const fields = emptinessFields(value, true);
  const origin = value.ranges[0]?.origin;
  return fields.length > 0 && origin ? { text: '', ranges: [{ start: 0, end: 0, fields, origin }] } : { text: '', ranges: [] };
}
