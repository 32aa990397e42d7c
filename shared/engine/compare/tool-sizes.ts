import type { SystemPromptContext } from '../../domain/context.js';
import type { ToolSpec } from '../../domain/tool.js';
import type { Variant } from '../../domain/variant.js';
import { nativeToolDefinitions } from '../tools/native-tools.js';
import { selectTools, type ToolCatalog } from '../tools/tool-catalog.js';
import { renderToolTextCached } from '../tools/tool-text.js';

/** The size of a variant's tools for a context: as prompt text, and as native function definitions (JSON) per API. */
export interface ToolSizes {
  count: number;
  /** Characters of the tools' prompt texts (joined by blank lines), as without native tool calls. */
  textChars: number;
  /** Characters of the JSON definitions each API would get with native tool calls. */
  nativeJsonChars: { openai: number; anthropic: number; gemini: number };
}

export function toolSizes(variant: Variant, context: SystemPromptContext, catalog: ToolCatalog): ToolSizes {
  const textContext = context.enableNativeToolCalls ? { ...context, enableNativeToolCalls: false } : context;
  const textSpecs = selectTools(variant, textContext, catalog).enabled;
  const nativeContext = { ...context, enableNativeToolCalls: true };
  const nativeSpecs = selectTools(variant, nativeContext, catalog).enabled;
  return cachedSizes(context, textSpecs, nativeSpecs, () => {
    const ids = textSpecs.map((s) => s.id);
    const texts = textSpecs.map((spec) => renderToolTextCached(spec, ids, textContext)).filter(Boolean);
    const native = nativeToolDefinitions(nativeSpecs, nativeContext);
    return {
      count: textSpecs.length,
      textChars: texts.reduce((n, t) => n + t.length, 0) + Math.max(0, texts.length - 1) * 2,
      nativeJsonChars: {
        openai: JSON.stringify(native.openai).length,
        anthropic: JSON.stringify(native.anthropic).length,
        gemini: JSON.stringify(native.gemini).length,
      },
    };
  });
}

interface CachedSizes {
  textSpecs: readonly ToolSpec[];
  nativeSpecs: readonly ToolSpec[];
  sizes: ToolSizes;
}

/**
 * Sizes by context object, then by the tools selected for text and for native calls (the
 * same spec objects: specForFamily keeps one per tool file and family). Sizing serialises
 * every native definition three times, which cost as much as building the column's prompt,
 * on every keystroke in the compare view, while typing in a template changes neither the
 * context nor the tools. Contexts are immutable values (see renderToolTextCached).
 */
const sizesByContext = new WeakMap<SystemPromptContext, Map<string, CachedSizes>>();

function cachedSizes(
  context: SystemPromptContext,
  textSpecs: readonly ToolSpec[],
  nativeSpecs: readonly ToolSpec[],
  compute: () => ToolSizes,
): ToolSizes {
  let byTools = sizesByContext.get(context);
  if (!byTools) {
    byTools = new Map();
    sizesByContext.set(context, byTools);
  }
  const key = `${textSpecs.map((s) => s.id).join('\n')}\u0000${nativeSpecs.map((s) => s.id).join('\n')}`;
  const hit = byTools.get(key);
  if (hit && sameSpecs(hit.textSpecs, textSpecs) && sameSpecs(hit.nativeSpecs, nativeSpecs)) return hit.sizes;
  const sizes = compute();
  byTools.set(key, { textSpecs, nativeSpecs, sizes });
  return sizes;
}

function sameSpecs(a: readonly ToolSpec[], b: readonly ToolSpec[]): boolean {
  return a.length === b.length && a.every((spec, i) => spec === b[i]);
}
