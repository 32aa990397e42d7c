import { describe, expect, it } from 'vitest';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { buildWorkspaceVariant } from '../../shared/engine/build/build-from-workspace.js';
import { variantColumnSections } from '../../shared/engine/compare/column-sections.js';
import { sectionSizes } from '../../shared/engine/compare/section-sizes.js';
import { loadWorkspace } from '../../shared/engine/workspace/load-workspace.js';
import { builtinWorkspaceDir } from '../../electron/host/builtin-workspace.js';
import { folderFileSource } from '../../electron/host/folder-source.js';
import { buildOutline, entryChars, entryText, type OutlineEntry } from '../../renderer/src/store/outline.js';

/**
 * The preview's outline shows the size of each component's entry; the component list, the
 * compare view and the CLI show sectionSizes. For a component the template uses once, the two
 * must be the same number (the outline used to count the separators folded into its entry:
 * TOOL_USE_SECTION 24,307 characters in the outline against 24,305 everywhere else).
 */
describe('outline sizes', () => {
  const ws = loadWorkspace(folderFileSource(builtinWorkspaceDir()));
  for (const variantId of ['generic', 'next-gen', 'gpt-5']) {
    it(`equal the section sizes for every component of ${variantId}`, () => {
      const out = buildWorkspaceVariant(ws, variantId, ws.presets[0]!.context, { now: '2026-01-15', processCwd: '/tmp' });
      if (!out.ok) throw new Error(out.error);
      const sizes = new Map(sectionSizes(variantColumnSections(out.result), countTokens).map((s) => [s.key, s]));
      const entries = buildOutline(out.result).filter((e: OutlineEntry) => e.componentId !== undefined);
      expect(entries.length).toBeGreaterThan(3);
      // Folding separators into entries is still what the outline shows (start…end spans them).
      expect(entries.some((e) => e.end - e.start !== entryChars(e))).toBe(true);
      for (const e of entries as OutlineEntry[]) {
        const size = sizes.get(e.componentId!);
        expect(size?.uses, e.componentId).toBe(1);
        expect([e.componentId, entryChars(e), countTokens(entryText(out.result.text, e))]).toEqual([
          e.componentId,
          size!.chars,
          size!.tokens,
        ]);
      }
    });
  }
});
