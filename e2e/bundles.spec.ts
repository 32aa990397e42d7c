import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { strFromU8, unzipSync, zipSync } from 'fflate';
import { ROOT, tempWorkspace } from './app-server.js';
import { expect, previewLines, screenshot, test } from './fixtures.js';

/** Bundles in browser mode: export as a download, import by upload with a decision per item, copy prompt and request. */

const made: string[] = [];
test.afterEach(() => {
  for (const d of made.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vs-e2e-bundle-'));
  made.push(dir);
  return dir;
}

/** A bundle of generic from a workspace where someone changed its template (made with the CLI). */
function teamBundle(): string {
  const team = tempWorkspace();
  made.push(team);
  const template = path.join(team, 'variants/generic/template.md');
  fs.writeFileSync(template, `Team-line-marker\n${fs.readFileSync(template, 'utf8')}`);
  const zip = path.join(tempDir(), 'team.zip');
  execFileSync(process.execPath, [
    path.join(ROOT, 'bin/variant-studio.js'),
    'export',
    '--workspace',
    team,
    '--variant',
    'generic',
    '--out',
    zip,
  ]);
  return zip;
}

/** The clipboard as the page sees it (the spec compiles without the DOM library). */
function readClipboard(page: Page): Promise<string> {
  return page.evaluate(() =>
    (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText(),
  );
}

async function openImport(page: Page, file: string): Promise<void> {
  await page.keyboard.press('Control+Shift+P');
  await page.keyboard.type('Import a bundle');
  await page.keyboard.press('Enter');
  await page.getByTestId('bundle-file').setInputFiles(file);
  await expect(page.getByTestId('plan-summary')).toContainText('team.zip:');
}

test('export: pick variants in the explorer, export a bundle with rendered prompts, download it', async ({ studio: page }) => {
  const explorer = page.getByTestId('explorer');
  await explorer.getByRole('button', { name: /^gpt-5\b/ }).click({ modifiers: ['Control'] });
  await explorer.getByRole('button', { name: /^xs\b/ }).click({ modifiers: ['Control'] });
  await expect(page.getByTestId('bundle-selection')).toContainText('2 selected');
  await page.getByTestId('bundle-selection').getByRole('button', { name: 'Export…' }).click();
  const dialog = page.getByTestId('export-dialog');
  await dialog.getByLabel(/Include the rendered prompts/).check();
  await screenshot(page, '11-export-dialog');
  const download = page.waitForEvent('download');
  await dialog.getByTestId('export-run').click();
  const file = path.join(tempDir(), 'bundle.zip');
  await (await download).saveAs(file);
  expect((await download).suggestedFilename()).toBe('built-in-variants.zip');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('notices')).toContainText('Exported');

  const entries = unzipSync(fs.readFileSync(file));
  const manifest = JSON.parse(strFromU8(entries['manifest.json']!)) as { contents: { variants: string[]; rendered: boolean } };
  expect(manifest.contents).toMatchObject({ variants: ['xs', 'gpt-5'], rendered: true });
  expect(strFromU8(entries['rendered/xs/basic.md']!)).toBe(fs.readFileSync(path.join(ROOT, 'variants/snapshots/xs/basic.md'), 'utf8'));
  expect(Object.keys(entries)).toContain('variants/gpt-5/variant.yaml');
  // The pick is cleared once exported; Ctrl+click again unpicks.
  await expect(page.getByTestId('bundle-selection')).toHaveCount(0);
});

test('import: see the change, import under a new id, then overwrite; cancel writes nothing', async ({ studio: page, app }) => {
  test.setTimeout(120_000);
  const zip = teamBundle();
  const ws = app.workspace!;
  const original = fs.readFileSync(path.join(ws, 'variants/generic/template.md'), 'utf8');

  // Open, look, cancel: nothing changes.
  await openImport(page, zip);
  await page.getByTestId('import-dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('import-dialog')).toHaveCount(0);
  expect(fs.existsSync(path.join(ws, 'variants/generic-imported'))).toBe(false);

  // Import under a new id.
  await openImport(page, zip);
  const item = page.getByTestId('plan-item-variant:generic');
  await expect(item).toContainText('changed');
  await item.getByRole('button', { name: 'diff' }).click();
  await expect(page.getByTestId('plan-diff')).toContainText('+Team-line-marker');
  await expect(page.getByTestId('plan-pending')).toHaveText('1 item needs a decision');
  await expect(page.getByTestId('import-run')).toBeDisabled();
  await item.getByLabel('What to do with generic').selectOption('rename');
  await expect(item.getByLabel('New id for generic')).toHaveValue('generic-imported');
  await screenshot(page, '12-import-plan');
  await page.getByTestId('import-run').click();
  await expect(page.getByTestId('notices')).toContainText('Imported: 2 files written, 0 removed.');
  await expect(page.getByTestId('explorer').getByRole('button', { name: /^generic-imported\b/ })).toBeVisible();
  expect(fs.readFileSync(path.join(ws, 'variants/generic-imported/template.md'), 'utf8')).toBe(`Team-line-marker\n${original}`);
  expect(fs.readFileSync(path.join(ws, 'variants/generic/template.md'), 'utf8')).toBe(original);

  // And back the other way: overwrite mine; the open editor and the preview follow.
  await openImport(page, zip);
  await page.getByTestId('plan-item-variant:generic').getByLabel('What to do with generic').selectOption('overwrite');
  await page.getByTestId('import-run').click();
  await expect(page.getByTestId('notices')).toContainText('Imported: 1 file written, 0 removed.');
  expect(fs.readFileSync(path.join(ws, 'variants/generic/template.md'), 'utf8')).toBe(`Team-line-marker\n${original}`);
  await expect(page.locator('[data-testid=template-editor] .view-lines')).toContainText('Team-line-marker');
  await expect(previewLines(page)).toContainText('Team-line-marker');
});

test('a bundle that leaves its folder is refused, naming the entry; nothing is written', async ({ studio: page, app }) => {
  const evil = path.join(tempDir(), 'evil.zip');
  fs.writeFileSync(evil, zipSync({ '../outside.md': new TextEncoder().encode('x') }));
  const tree = (): string[] => (fs.readdirSync(app.workspace!, { recursive: true }) as string[]).sort();
  const before = tree();
  await page.keyboard.press('Control+Shift+P');
  await page.keyboard.type('Import a bundle');
  await page.keyboard.press('Enter');
  await page.getByTestId('bundle-file').setInputFiles(evil);
  await expect(page.getByTestId('notices')).toContainText(
    "evil.zip: entry '../outside.md': leaves the bundle's folder (..); nothing was written",
  );
  await expect(page.getByTestId('plan-summary')).toHaveCount(0);
  expect(tree()).toEqual(before);
  expect(fs.existsSync(path.join(path.dirname(app.workspace!), 'outside.md'))).toBe(false);
});

test('copy the prompt and copy it as an Anthropic request', async ({ studio: page, context, app }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(app.url).origin });
  await page.getByTestId('copy-prompt').click();
  await expect(page.getByTestId('notices')).toContainText('Copied the prompt');
  const prompt = await readClipboard(page);
  const chars = Number(((await page.getByTestId('sizes').textContent()) ?? '').match(/([\d,]+) chars/)![1]!.replace(/,/g, ''));
  expect(prompt.length).toBe(chars);
  expect(prompt.split('\n')[0]).toBe(fs.readFileSync(path.join(ROOT, 'variants/snapshots/generic/basic.md'), 'utf8').split('\n')[0]);

  await page.getByTestId('copy-request').selectOption('anthropic');
  await expect(page.getByTestId('notices')).toContainText('Copied the Anthropic Messages request');
  const body = JSON.parse(await readClipboard(page)) as {
    model: string;
    system: { text: string; cache_control?: unknown }[];
    messages: unknown[];
  };
  expect(body.model).toBe('claude-sonnet-4-5-20250929');
  expect(body.system).toEqual([{ type: 'text', text: prompt, cache_control: { type: 'ephemeral' } }]);
  expect(body.messages).toEqual([{ role: 'user', content: "Replace this with the user's message." }]);
});

test('copy a compare column: its prompt and its request, beside the column', async ({ studio: page, context, app }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(app.url).origin });
  await page.getByTestId('open-compare').click();
  const second = page.getByTestId('compare-column-header').nth(1);
  await expect(second).toBeVisible();
  const label = ((await second.locator('.compare-col-title strong').textContent()) ?? '').trim();
  expect(label).not.toBe('');
  await second.getByRole('button', { name: `Copy the prompt of ${label}` }).click();
  await expect(page.getByTestId('notices')).toContainText(`Copied the prompt of ${label}`);
  const prompt = await readClipboard(page);
  const chars = Number(((await second.locator('.compare-col-meta').textContent()) ?? '').match(/([\d,]+) chars/)![1]!.replace(/,/g, ''));
  expect(prompt.length).toBe(chars);
  expect(prompt.split('\n')[0]).toBe(fs.readFileSync(path.join(ROOT, `variants/snapshots/${label}/basic.md`), 'utf8').split('\n')[0]);

  await second.getByLabel(`Copy as request of ${label}`).selectOption('openai-chat');
  await expect(page.getByTestId('notices')).toContainText(`Copied the OpenAI Chat Completions request of ${label}`);
  const body = JSON.parse(await readClipboard(page)) as { messages: { role: string; content: string }[] };
  expect(body.messages[0]).toEqual({ role: 'system', content: prompt });

  // Closed: the column buttons go with the view; the preview's own stay.
  await page.getByRole('button', { name: 'Close the compare view' }).click();
  await expect(page.getByRole('button', { name: `Copy the prompt of ${label}` })).toHaveCount(0);
  await expect(page.getByTestId('copy-prompt')).toHaveCount(1);
});
