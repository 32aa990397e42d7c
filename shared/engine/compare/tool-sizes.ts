import type { SystemPromptContext } from '../../domain/context.js';
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
  const selection = selectTools(variant, textContext, catalog);
  const ids = selection.enabled.map((s) => s.id);
  const texts = selection.enabled.map((spec) => renderToolTextCached(spec, ids, textContext)).filter(Boolean);
  const nativeContext = { ...context, enableNativeToolCalls: true };
  const native = nativeToolDefinitions(selectTools(variant, nativeContext, catalog).enabled, nativeContext);
  return {
    count: selection.enabled.length,
    textChars: texts.reduce((n, t) => n + t.length, 0) + Math.max(0, texts.length - 1) * 2,
    nativeJsonChars: {
      openai: JSON.stringify(native.openai).length,
      anthropic: JSON.stringify(native.anthropic).length,
      gemini: JSON.stringify(native.gemini).length,
    },
  };
}
