import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, previewLines, runCommand, test, typeInTemplate } from './fixtures.js';

// Revert can be undone (issue 17, item 7): the reverted text is a step of the document's
// history, so Ctrl+Z brings the dropped edits back and Ctrl+Shift+Z reverts again.

const editorText = (page: Page) => page.locator('[data-testid=template-editor] .view-lines');
const dirtyDot = (page: Page) => page.getByTestId('tabs').locator('.tab.active .dirty-dot');

test('Revert drops the draft; Ctrl+Z brings it back, Ctrl+Shift+Z reverts again, Save keeps what is shown', async ({
  studio: page,
  app,
}) => {
  const file = path.join(app.workspace!, 'variants/generic/template.md');
  const saved = fs.readFileSync(file, 'utf8');
  await typeInTemplate(page, 2, 'Draft-sentence-to-revert');
  await expect(previewLines(page)).toContainText('Draft-sentence-to-revert');
  await expect(dirtyDot(page)).toBeVisible();

  await runCommand(page, 'Revert the document to its saved text');
  await expect(editorText(page)).not.toContainText('Draft-sentence-to-revert');
  await expect(previewLines(page)).not.toContainText('Draft-sentence-to-revert');
  await expect(dirtyDot(page)).toHaveCount(0);
  await expect(page.getByTestId('announcer')).toHaveText(
    'Reverted variants/generic/template.md to its saved text: Ctrl+Z brings your edits back',
  );

  // Undo in the editor: the draft is back, unsaved, and in the prompt.
  await page.locator('[data-testid=template-editor] .view-line').first().click();
  await page.keyboard.press('Control+Z');
  await expect(editorText(page)).toContainText('Draft-sentence-to-revert');
  await expect(previewLines(page)).toContainText('Draft-sentence-to-revert');
  await expect(dirtyDot(page)).toBeVisible();

  // Redo: reverted again, as saved.
  await page.keyboard.press('Control+Shift+Z');
  await expect(editorText(page)).not.toContainText('Draft-sentence-to-revert');
  await expect(previewLines(page)).not.toContainText('Draft-sentence-to-revert');
  await expect(dirtyDot(page)).toHaveCount(0);

  // And back to the draft, saved this time: the file holds it.
  await page.keyboard.press('Control+Z');
  await expect(dirtyDot(page)).toBeVisible();
  await page.keyboard.press('Control+S');
  await expect(dirtyDot(page)).toHaveCount(0);
  const now = fs.readFileSync(file, 'utf8');
  expect(now).toContain('Draft-sentence-to-revert');
  expect(now.replace('Draft-sentence-to-revert', '')).toBe(saved);
});
