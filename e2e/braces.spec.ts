import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { cursorAtLine, expect, marksSince, pageNow, previewLines, screenshot, test, waitForPreview } from './fixtures.js';

// Typing `{{KEY}}` by hand gives `{{KEY}}` (issue 17, item 2): the closing braces the editor
// inserts are typed over, with the completion list open or closed, and a picked completion
// leaves exactly one closing pair.

// The list lives in the overflow widgets' layer (monaco/overflow-widgets.ts), outside the editor's box.
const suggest = (page: Page) => page.locator('.suggest-widget.visible');

/** A line of the template editor as shown (Monaco renders spaces as no-break spaces). */
async function editorLine(page: Page, line: number): Promise<string> {
  const text = await page
    .locator('[data-testid=template-editor] .view-line')
    .nth(line - 1)
    .textContent();
  return (text ?? '').replace(/\u00a0/g, ' ');
}

/** Saves the template and reads the line back from disk: what the document holds, byte for byte. */
async function savedLine(page: Page, workspace: string, line: number): Promise<string> {
  await page.keyboard.press('Control+S');
  await expect(page.getByTestId('tabs').locator('.tab.active .dirty-dot')).toHaveCount(0);
  return fs.readFileSync(path.join(workspace, 'variants/generic/template.md'), 'utf8').split('\n')[line - 1]!;
}

async function addTeamName(page: Page): Promise<void> {
  await page.getByTestId('bottom-tab-placeholders').click();
  await page.getByLabel('New placeholder name').fill('TEAM_NAME');
  await page.getByLabel('New placeholder value').fill('Team-Orion-value');
  await page.getByRole('button', { name: 'Add placeholder' }).click();
  await expect(page.getByTestId('placeholder-TEAM_NAME')).toContainText('not used');
}

/** Types one key at a time, as a person does. */
async function typeKeys(page: Page, text: string): Promise<void> {
  for (const ch of text) await page.keyboard.type(ch);
}

test('typing {{TEAM_NAME}} with the completion list closed types over the inserted braces', async ({ studio: page, app }) => {
  await cursorAtLine(page, 2);
  await typeKeys(page, 'Team: {{');
  // The editor closed the tag itself; the list opened on `{{` and is sent away.
  await expect.poll(() => editorLine(page, 2)).toBe('Team: {{}}');
  await expect(suggest(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(suggest(page)).toHaveCount(0);
  await typeKeys(page, 'TEAM_NAME');
  await expect(suggest(page)).toHaveCount(0);
  await typeKeys(page, '}} ok');
  await expect.poll(() => editorLine(page, 2)).toBe('Team: {{TEAM_NAME}} ok');
  // Not a placeholder of generic: the slot stays in the prompt as typed.
  await expect(previewLines(page)).toContainText('Team: {{TEAM_NAME}} ok');
  await expect(previewLines(page)).not.toContainText('ok}}');
  expect(await savedLine(page, app.workspace!, 2)).toBe('Team: {{TEAM_NAME}} ok');
});

test('typing {{TEAM_NAME}} with the completion list open types over the inserted braces', async ({ studio: page, app }) => {
  await addTeamName(page);
  await cursorAtLine(page, 2);
  await typeKeys(page, 'Team: {{TEAM_NAME');
  await expect(suggest(page)).toBeVisible();
  await expect(suggest(page).getByRole('option').first()).toContainText('TEAM_NAME');
  await expect.poll(() => editorLine(page, 2)).toBe('Team: {{TEAM_NAME}}');
  await screenshot(page, 'braces-completion-open');
  await typeKeys(page, '}} ok');
  await expect(suggest(page)).toHaveCount(0);
  await expect.poll(() => editorLine(page, 2)).toBe('Team: {{TEAM_NAME}} ok');
  await expect(previewLines(page)).toContainText('Team: Team-Orion-value ok');
  await expect(previewLines(page)).not.toContainText('Team-Orion-value}}');
  expect(await savedLine(page, app.workspace!, 2)).toBe('Team: {{TEAM_NAME}} ok');
  // Unused again (placeholder removed): the prompt holds the slot exactly as the document does.
  await page.getByRole('button', { name: 'Remove TEAM_NAME' }).click();
  await expect(previewLines(page)).toContainText('Team: {{TEAM_NAME}} ok');
});

test('picking a completion leaves exactly one closing pair, with or without braces after the cursor', async ({ studio: page, app }) => {
  await addTeamName(page);
  // At the end of a line the editor closed the tag: the pick keeps that one pair, and `}}`
  // typed out of habit steps over it.
  await cursorAtLine(page, 2);
  await typeKeys(page, 'A {{TEA');
  await expect(suggest(page).getByRole('option').first()).toContainText('TEAM_NAME');
  await page.keyboard.press('Enter');
  await expect(suggest(page)).toHaveCount(0);
  await expect.poll(() => editorLine(page, 2)).toBe('A {{TEAM_NAME}}');
  await typeKeys(page, '}} b');
  await expect.poll(() => editorLine(page, 2)).toBe('A {{TEAM_NAME}} b');
  // Before a word the editor inserts no closing braces: the pick brings the pair.
  await cursorAtLine(page, 2);
  await page.keyboard.press('Home');
  await typeKeys(page, '{{TEA');
  await expect.poll(() => editorLine(page, 2)).toBe('{{TEAA {{TEAM_NAME}} b');
  await expect(suggest(page).getByRole('option').first()).toContainText('TEAM_NAME');
  await page.keyboard.press('Enter');
  // The word the tag was typed in front of stays.
  await expect.poll(() => editorLine(page, 2)).toBe('{{TEAM_NAME}}A {{TEAM_NAME}} b');
  await expect(previewLines(page)).toContainText('Team-Orion-valueA Team-Orion-value b');
  expect(await savedLine(page, app.workspace!, 2)).toBe('{{TEAM_NAME}}A {{TEAM_NAME}} b');
});

const AHEAD_KINDS = ['vs:edit', 'vs:apply:preview', 'vs:shown:preview-ahead'];

/** Types one key; once the preview shows `shows` (or no longer shows `gone`), what came first after the key's edit: its prompt made ahead ('shown:preview-ahead') or a build ('apply:preview'). */
async function firstAfterKey(page: Page, key: string, wait: { shows: string } | { gone: string }): Promise<string | undefined> {
  const from = await pageNow(page);
  await page.keyboard.press(key);
  if ('shows' in wait) await expect(previewLines(page)).toContainText(wait.shows);
  else await expect(previewLines(page)).not.toContainText(wait.gone);
  // After the key's edit (the build of an earlier key may come before it): the prompt made ahead is put in the
  // preview in the edit's own task, so nothing comes between them.
  const marks = await marksSince(page, from, AHEAD_KINDS);
  const edit = marks.findIndex((m) => m.name === 'edit');
  expect(edit, key).toBeGreaterThanOrEqual(0);
  return marks[edit + 1]?.name;
}

test('a tag typed key by key shows in the preview before its build until its key finds a value, and after Backspace waits again', async ({
  studio: page,
}) => {
  // Issue 23: the keys of a tag whose key finds no value are literal text, known without a build.
  await page.goto(`${page.url()}${page.url().includes('?') ? '&' : '?'}trace`);
  await waitForPreview(page);
  await page.locator('[data-testid=template-editor] .monaco-editor .view-line').last().click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await typeKeys(page, 'Dir: {{');
  await expect.poll(() => page.locator('[data-testid=template-editor] .view-line').last().textContent()).toBe('Dir:\u00a0{{}}');
  await page.keyboard.press('Escape');
  await expect(previewLines(page)).toContainText('Dir: {{}}');
  expect(await firstAfterKey(page, 'C', { shows: 'Dir: {{C}}' })).toBe('shown:preview-ahead');
  expect(await firstAfterKey(page, 'W', { shows: 'Dir: {{CW}}' })).toBe('shown:preview-ahead');
  // CWD finds the working directory: that key waits for the build, which puts the value in.
  expect(await firstAfterKey(page, 'D', { gone: 'Dir: {{CW' })).toBe('apply:preview');
  await expect(previewLines(page)).toContainText('Dir: /home/user/project');
  // Backspace takes the value out again: that waits for the build too; then a key into the tag is known again.
  expect(await firstAfterKey(page, 'Backspace', { shows: 'Dir: {{CW}}' })).toBe('apply:preview');
  expect(await firstAfterKey(page, 'X', { shows: 'Dir: {{CWX}}' })).toBe('shown:preview-ahead');
});
