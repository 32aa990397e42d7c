import type { Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { cursorAtLine, expect, screenshot, test } from './fixtures.js';

// Issue 17, item 6: Ctrl+S on a variant's document saves that variant's files together, and a
// file with errors is saved only when the user says so.

const activeTab = (page: Page) => page.getByTestId('tabs').locator('.tab.active');

test('Ctrl+S in the template saves the reorder it made in variant.yaml too', async ({ studio: page, app }) => {
  const dir = path.join(app.workspace!, 'variants/generic');
  const onDisk = (file: string) => fs.readFileSync(path.join(dir, file), 'utf8');
  // A reorder changes variant.yaml and the template: RULES_SECTION before FEEDBACK_SECTION.
  await page.getByTestId('bottom-tab-components').click();
  await page.getByTestId('component-RULES_SECTION').locator('.drag-handle').focus();
  await page.keyboard.press('Alt+ArrowUp');
  await expect(activeTab(page)).toContainText('generic · template.md');
  await expect(activeTab(page).locator('.dirty-dot')).toBeVisible();
  // Unsaved: the disk still has the old order in both files.
  expect(onDisk('variant.yaml').indexOf('- FEEDBACK_SECTION')).toBeLessThan(onDisk('variant.yaml').indexOf('- RULES_SECTION'));
  // Save from the template's editor.
  await cursorAtLine(page, 1);
  await page.keyboard.press('Control+S');
  await expect(activeTab(page).locator('.dirty-dot')).toHaveCount(0);
  expect(onDisk('variant.yaml').indexOf('- RULES_SECTION')).toBeLessThan(onDisk('variant.yaml').indexOf('- FEEDBACK_SECTION'));
  expect(onDisk('template.md').indexOf('{{RULES_SECTION}}')).toBeLessThan(onDisk('template.md').indexOf('{{FEEDBACK_SECTION}}'));
  // variant.yaml was saved with it: its tab opens clean, and Save all has nothing left.
  await page.getByTestId('explorer').getByRole('button', { name: 'variant.yaml' }).click();
  await expect(activeTab(page)).toContainText('generic · variant.yaml');
  await expect(activeTab(page).locator('.dirty-dot')).toHaveCount(0);
  await expect(page.getByTestId('tabs').locator('.dirty-dot')).toHaveCount(0);
});

test('a variant.yaml with errors: Ctrl+S asks "save anyway?"; Cancel writes nothing, Save anyway writes it', async ({
  studio: page,
  app,
}) => {
  const file = path.join(app.workspace!, 'variants/generic/variant.yaml');
  const before = fs.readFileSync(file, 'utf8');
  await page.getByTestId('explorer').getByRole('button', { name: 'variant.yaml' }).click();
  await expect(activeTab(page)).toContainText('generic · variant.yaml');
  await cursorAtLine(page, 4); // version: 1
  await page.keyboard.press('Backspace');
  await page.keyboard.type('abc');
  await expect(page.getByTestId('build-error')).toContainText('variants/generic/variant.yaml:4:10');
  await page.keyboard.press('Control+S');
  const dialog = page.getByTestId('confirm');
  await expect(dialog).toContainText('This file has errors: save anyway?');
  await expect(dialog).toContainText('variants/generic/variant.yaml:4:10');
  await screenshot(page, 'save-anyway');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(activeTab(page).locator('.dirty-dot')).toBeVisible();
  expect(fs.readFileSync(file, 'utf8')).toBe(before);
  // Asked again, and this time saved as it is.
  await page.keyboard.press('Control+S');
  await dialog.getByRole('button', { name: 'Save anyway' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(activeTab(page).locator('.dirty-dot')).toHaveCount(0);
  expect(fs.readFileSync(file, 'utf8')).toContain('version: abc');
  // Mended and saved: no question.
  await cursorAtLine(page, 4);
  for (let i = 0; i < 3; i++) await page.keyboard.press('Backspace');
  await page.keyboard.type('1');
  await expect(page.getByTestId('build-error')).toHaveCount(0);
  await page.keyboard.press('Control+S');
  await expect(activeTab(page).locator('.dirty-dot')).toHaveCount(0);
  await expect(dialog).toHaveCount(0);
  expect(fs.readFileSync(file, 'utf8')).toBe(before);
});
