import fs from 'node:fs';
import path from 'node:path';
import { countInPreview, expect, outlineLabels, previewLines, runCommand, screenshot, test, typeInTemplate } from './fixtures.js';

test('browser off and no MCP servers: their sections and tools leave the prompt', async ({ studio: page }) => {
  expect(await countInPreview(page, 'browser_action')).toBeGreaterThan(0);
  expect(await outlineLabels(page)).toContain('MCP_SECTION');
  await page.getByTestId('bottom-tab-context').click();
  await page.getByLabel('The agent can use a browser').uncheck();
  await expect.poll(() => countInPreview(page, 'browser_action')).toBe(0);
  await page.getByTestId('context-form').getByRole('button', { name: 'Remove' }).first().click();
  await expect.poll(() => outlineLabels(page)).not.toContain('MCP_SECTION');
  await expect(page.locator('.top-preset')).toContainText('edited');
  await screenshot(page, '04-context-form');
  await page.getByLabel('The agent can use a browser').check();
  await expect.poll(() => countInPreview(page, 'browser_action')).toBeGreaterThan(0);
});

test('switching presets rebuilds the preview (from the menu and from the keyboard)', async ({ studio: page }) => {
  expect(await outlineLabels(page)).toContain('MCP_SECTION');
  await page.getByTestId('preset-select').selectOption('no-mcp');
  await expect.poll(() => outlineLabels(page)).not.toContain('MCP_SECTION');
  await page.locator('body').press('Control+Alt+K');
  await page.getByTestId('palette').locator('input').fill('basic');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('preset-select')).toHaveValue('basic');
  await expect.poll(() => outlineLabels(page)).toContain('MCP_SECTION');
});

test('Ctrl+Shift+K in the editor deletes the line (Monaco’s own), Ctrl+Alt+K switches the preset', async ({ studio: page }) => {
  const editor = page.locator('[data-testid=template-editor] .view-lines');
  const palette = page.getByTestId('palette');
  await typeInTemplate(page, 2, ' Kd4-marker');
  // The whole edit reached the prompt (and the document's history) before the line goes.
  await expect(previewLines(page)).toContainText('Kd4-marker');
  await page.keyboard.press('Control+Shift+K');
  await expect(editor).not.toContainText('Kd4-marker');
  await expect(palette).toHaveCount(0);
  await page.keyboard.press('Control+Z');
  await expect(editor).toContainText('Kd4-marker');
  // From the editor too, the preset switcher is one chord away, and Escape closes it.
  await page.keyboard.press('Control+Alt+K');
  await expect(palette).toBeVisible();
  await expect(palette.getByRole('option', { name: /no-mcp/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(palette).toHaveCount(0);
  await expect(editor).toContainText('Kd4-marker');
});

test('the palette opens the Harnesses view, and its close button closes it', async ({ studio: page }) => {
  await runCommand(page, 'Harnesses: the instruction files every coding agent loads');
  const view = page.getByTestId('harness-view');
  await expect(view).toBeVisible();
  await expect(view.getByTestId('harness-codex')).toBeVisible();
  await view.getByTestId('harness-view-close').click();
  await expect(view).toHaveCount(0);
  await runCommand(page, 'Harnesses');
  await expect(view).toBeVisible();
});

test('the command palette runs commands', async ({ studio: page }) => {
  await page.locator('body').press('Control+Shift+P');
  const palette = page.getByTestId('palette');
  await expect(palette).toBeVisible();
  await palette.locator('input').fill('toggle diff');
  await screenshot(page, '05-palette');
  await page.keyboard.press('Enter');
  await expect(palette).toBeHidden();
  await expect(page.getByTestId('diff-toggle')).toHaveAttribute('aria-pressed', 'true');
});

test('runtime placeholders are validated as JSON before they reach the preview', async ({ studio: page }) => {
  await page.getByTestId('bottom-tab-context').click();
  const field = page.getByLabel(/Runtime placeholders/);
  await field.fill('{ "AGENT_ROLE_SECTION": ');
  await expect(page.getByTestId('context-form').getByRole('alert')).toContainText('Not valid JSON');
  await field.fill('{ "AGENT_ROLE_SECTION": "Runtime-role-override" }');
  await expect(page.locator('[data-testid=preview-editor] .view-lines')).toContainText('Runtime-role-override');
});

test('an edited context saves as a new preset in contexts/', async ({ studio: page, app }) => {
  await page.getByTestId('bottom-tab-context').click();
  await page.getByLabel('The agent can use a browser').uncheck();
  await page.getByLabel('New preset name').fill('quiet-browserless');
  await page.getByRole('button', { name: 'Save as preset' }).click();
  const file = path.join(app.workspace!, 'contexts/quiet-browserless.yaml');
  await expect.poll(() => fs.existsSync(file) && fs.readFileSync(file, 'utf8')).toContain('supportsBrowserUse: false');
  await expect(page.getByTestId('preset-select')).toHaveValue('quiet-browserless');
  await expect(page.locator('.top-preset')).not.toContainText('edited');
});
