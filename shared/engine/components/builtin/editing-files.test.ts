import { describe, expect, it } from 'vitest';
import { parseContext } from '../../../domain/parse-context.js';
import { buildVariantPrompt } from '../../build/build-variant-prompt.js';
import { editingFiles } from './editing-files.js';
import { createBuiltinRegistry } from './index.js';
import { exampleTools, renderFor, testVariant } from './__tests__/input.js';

const BLOCK = '------- SEARCH\nconst maxRetries = 3;\n=======\nconst maxRetries = 5;\n+++++++ REPLACE';

describe('EDITING_FILES_SECTION', () => {
  it('covers both tools, the block format with its example, and auto-formatting', () => {
    const text = renderFor(editingFiles);
    expect(text.startsWith('EDITING FILES\n\nTwo tools change files: **write_to_file**')).toBe(true);
    for (const heading of [
      '# write_to_file',
      '# replace_in_file',
      '## The block format',
      '# Choosing between them',
      '# Formatting and the final content',
      '# Workflow',
    ]) {
      expect(text).toContain(`\n\n${heading}\n`);
    }
    expect(text).toContain(`Each block looks like this:\n\n${BLOCK}\n\n- The SEARCH part must match`);
    expect(text).toContain('- wrap long lines;');
  });

  it("mentions the user's review of edits except in yolo mode", () => {
    const normal = renderFor(editingFiles);
    expect(normal).toContain('The user reviews each edit and may change it before it is saved');
    expect(normal).toContain("after the user's changes and any formatting.");
    const yolo = renderFor(editingFiles, { yoloModeToggled: true });
    expect(yolo).not.toContain('The user reviews');
    expect(yolo).toContain('Once an edit is saved, the editor may format the file automatically');
    expect(yolo).toContain('final content, after any formatting.');
  });

  it("keeps the diff layout through the builder's cleanup (the ==== guard)", () => {
    const variant = testVariant({
      componentOrder: ['EDITING_FILES_SECTION', 'TOOL_USE_SECTION'],
      baseTemplate: '{{EDITING_FILES_SECTION}}\n\n====\n\n{{TOOL_USE_SECTION}}',
      tools: exampleTools().map((t) => t.id),
    });
    const catalog = new Map(exampleTools().map((t) => [t.id, { id: t.id, specs: [{ ...t }] }]));
    const result = buildVariantPrompt({
      variant,
      context: parseContext({}),
      components: createBuiltinRegistry(),
      tools: catalog,
      options: { now: '2026-01-15', processCwd: '/tmp' },
    });
    expect(result.text).toContain(`\n\n${BLOCK}\n\n`);
    expect(result.text).toContain(
      '------- SEARCH\n  const user = await fetchUser(id);\n=======\n  const [user, team] = await Promise.all([fetchUser(id), fetchTeam(id)]);\n+++++++ REPLACE\n</diff>',
    );
    expect(result.text).not.toContain('\n\n=======\n\n');
  });
});
