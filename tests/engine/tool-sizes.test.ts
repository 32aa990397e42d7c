import { describe, expect, it } from 'vitest';
import { builtinWorkspaceDir } from '../../electron/host/builtin-workspace.js';
import { folderFileSource } from '../../electron/host/folder-source.js';
import { nativeToolDefinitions } from '../../shared/engine/tools/native-tools.js';
import { selectTools } from '../../shared/engine/tools/tool-catalog.js';
import { loadWorkspace } from '../../shared/engine/workspace/load-workspace.js';
import { toolSizes } from '../../shared/engine/compare/tool-sizes.js';

describe('toolSizes', () => {
  const ws = loadWorkspace(folderFileSource(builtinWorkspaceDir()));
  const generic = ws.variants.find((v) => v.id === 'generic')!;
  const basic = ws.presets.find((p) => p.name === 'basic')!.context;

  it('sizes the tools as text and as each API’s JSON definitions', () => {
    const sizes = toolSizes(generic, basic, ws.tools);
    const native = { ...basic, enableNativeToolCalls: true };
    const definitions = nativeToolDefinitions(selectTools(generic, native, ws.tools).enabled, native);
    expect(sizes.count).toBe(selectTools(generic, basic, ws.tools).enabled.length);
    expect(sizes.nativeJsonChars).toEqual({
      openai: JSON.stringify(definitions.openai).length,
      anthropic: JSON.stringify(definitions.anthropic).length,
      gemini: JSON.stringify(definitions.gemini).length,
    });
  });

  it('is computed once per context and tool selection; an edited template or another context does not reuse a stale one', () => {
    const first = toolSizes(generic, basic, ws.tools);
    // Typing in the template: a new variant object with the same tools.
    const edited = { ...generic, baseTemplate: `${generic.baseTemplate}\nmore` };
    expect(toolSizes(edited, basic, ws.tools)).toBe(first);
    // Fewer tools: sized again.
    const fewer = { ...generic, tools: generic.tools.slice(1) };
    expect(toolSizes(fewer, basic, ws.tools).count).toBe(first.count - 1);
    // Another context object (a copy): sized again, to the same figures.
    const copy = structuredClone(basic);
    const again = toolSizes(generic, copy, ws.tools);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});
