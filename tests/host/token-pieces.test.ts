import { describe, expect, it } from 'vitest';
import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';
import { countTokens as countCl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import { countTokens, tokenPieces } from '../../electron/host/tokens.js';
import { buildVariantPrompt } from '../../shared/engine/build/build-variant-prompt.js';
import { loadWorkspace } from '../../shared/engine/workspace/load-workspace.js';
import { builtinWorkspaceDir } from '../../electron/host/builtin-workspace.js';
import { folderFileSource } from '../../electron/host/folder-source.js';

const NO_SPECIAL = { disallowedSpecial: new Set<string>() };

describe('token counts in pieces', () => {
  it('cuts only after a line break followed by non-whitespace, and the pieces join back to the text', () => {
    const text = `${'a'.repeat(5000)}\n\n  indented\n${'b'.repeat(5000)}\nc`;
    const pieces = tokenPieces(text);
    expect(pieces.join('')).toBe(text);
    expect(pieces.map((p) => p.length)).toEqual([5000 + 2 + 10 + 1, 5000 + 1, 1]);
  });

  it('adds up to the count of the whole text for every built-in prompt (both encodings)', async () => {
    const ws = loadWorkspace(folderFileSource(builtinWorkspaceDir()));
    let checked = 0;
    for (const variant of ws.variants) {
      for (const preset of ws.presets) {
        const text = buildVariantPrompt({
          variant,
          context: preset.context,
          components: ws.components,
          tools: ws.tools,
          options: { now: '2026-01-15', processCwd: '/w' },
        }).text;
        const counts = await countTokens(text);
        expect(counts).toEqual({ o200k: countO200k(text, NO_SPECIAL), cl100k: countCl100k(text, NO_SPECIAL) });
        if (tokenPieces(text).length > 1) checked++;
      }
    }
    expect(checked).toBe(ws.variants.length * ws.presets.length); // every built-in prompt is longer than one piece
  });
});
