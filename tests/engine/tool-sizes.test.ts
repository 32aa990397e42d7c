import { describe, expect, it } from 'vitest';
import { builtinWorkspaceDir } from '../../electron/host/builtin-workspace.js';
import { folderFileSource } from '../../electron/host/folder-source.js';
import { buildVariantPrompt } from '../../shared/engine/build/build-variant-prompt.js';
import { loadWorkspace } from '../../shared/engine/workspace/load-workspace.js';
import { toolSizes } from '../../shared/engine/compare/tool-sizes.js';
import { anthropicBody, geminiBody, openAiChatBody } from '../../shared/requests/request-bodies.js';
import { requestInputFromVariant } from '../../shared/requests/request-input.js';

const OPTIONS = { now: '2026-01-15', processCwd: '/tmp' };

describe('toolSizes', () => {
  const ws = loadWorkspace(folderFileSource(builtinWorkspaceDir()));
  const generic = ws.variants.find((v) => v.id === 'generic')!;
  const basic = ws.presets.find((p) => p.name === 'basic')!.context;

  it('sizes the tools as the prompt text a build writes and as the tools JSON of each API’s request', () => {
    const sizes = toolSizes(generic, basic, ws.tools);
    // As text: a variant whose prompt is only the tools, as the TOOLS_SECTION component writes them.
    const toolsOnly = { ...generic, baseTemplate: '{{TOOLS_SECTION}}', componentOrder: ['TOOLS_SECTION'], componentOverrides: {} };
    const text = buildVariantPrompt({ variant: toolsOnly, context: basic, components: ws.components, tools: ws.tools, options: OPTIONS });
    expect(text.tools.enabled.length).toBeGreaterThan(0);
    expect(sizes.count).toBe(text.tools.enabled.length);
    expect(sizes.textChars).toBe(text.text.length);
    // As JSON: the tools of the request bodies for the same variant with native tool calls on.
    const native = { ...basic, enableNativeToolCalls: true };
    const build = buildVariantPrompt({ variant: generic, context: native, components: ws.components, tools: ws.tools, options: OPTIONS });
    const input = requestInputFromVariant(build, native, generic);
    const gemini = geminiBody(input) as { tools: [{ functionDeclarations: unknown[] }] };
    expect(sizes.nativeJsonChars).toEqual({
      openai: JSON.stringify((openAiChatBody(input) as { tools: unknown[] }).tools).length,
      anthropic: JSON.stringify((anthropicBody(input) as { tools: unknown[] }).tools).length,
      gemini: JSON.stringify(gemini.tools[0].functionDeclarations).length,
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
