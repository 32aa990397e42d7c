import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { tempWorkspace } from './app-server.js';
import { chooseInFolderBrowser, expect, previewLines, screenshot, test } from './fixtures.js';

// Switching workspace leaves nothing of the previous one (renderer/src/store/workspace-reset.ts),
// and browser mode has the desktop's ways to get there: recent workspaces, the built-in variants.

/** The explorer's head names the open workspace's folder in its title. */
const openFolderIs = (page: Page, folder: string) =>
  expect(page.getByTestId('explorer').locator('.explorer-head strong')).toHaveAttribute('title', new RegExp(`${path.basename(folder)}$`));

async function command(page: Page, text: string): Promise<void> {
  await page.keyboard.press('Control+Shift+P');
  await page.getByTestId('palette').getByRole('combobox').fill(text);
  await page.keyboard.press('Enter');
}

test('another workspace: preview, compare columns and problems are its own, and back again', async ({ studio: page, app }) => {
  // A long flow: on a loaded machine it takes longer than one default timeout.
  test.slow();
  const first = app.workspace!;
  const second = tempWorkspace();
  // The second workspace's generic says so, and has a broken variant of its own.
  const template = path.join(second, 'variants/generic/template.md');
  fs.writeFileSync(template, `Second-workspace-marker.\n${fs.readFileSync(template, 'utf8')}`);
  fs.mkdirSync(path.join(second, 'variants/only-in-second'));
  fs.writeFileSync(path.join(second, 'variants/only-in-second/variant.yaml'), 'id: only-in-second\nversion: [not a number]\n');
  try {
    // The compare view is open on the first workspace's columns.
    await page.getByTestId('open-compare').click();
    const compare = page.getByTestId('compare-view');
    await expect(compare.getByTestId('compare-column-header').first()).toContainText('generic');
    await expect(compare.getByTestId('compare-cell').first()).toBeVisible();
    await expect(compare).not.toContainText('Second-workspace-marker.');
    await page.getByTestId('bottom-tab-problems').click();
    await expect(page.getByTestId('problems-panel')).not.toContainText('only-in-second');

    // The folder browser starts beside the open workspace (its parent folder), not at the home folder.
    await command(page, 'open a workspace folder');
    const browser = page.getByTestId('folder-browser');
    await expect(browser.getByLabel('Folder path')).toHaveValue(path.dirname(first));
    await chooseInFolderBrowser(page, second, 'Open this folder');
    await openFolderIs(page, second);

    // Everything shown is the second workspace's: its generic opens in front, the problems are its own.
    await expect(page.getByTestId('preview-title')).toHaveText('generic × basic');
    await expect(previewLines(page)).toContainText('Second-workspace-marker.');
    await expect(page.getByTestId('problems-panel')).toContainText('variants/only-in-second/variant.yaml');
    await screenshot(page, 'workspace-switched');
    // The compare view is still open, one click away, on the second workspace's columns at the first click.
    await page.getByTestId('compare-tab').click();
    await expect(compare.getByTestId('compare-columns')).toContainText('Second-workspace-marker.');
    await page.getByTestId('compare-tab').locator('..').getByRole('button', { name: 'Close the compare view' }).click();
    await expect(compare).toHaveCount(0);

    // Back through the recent workspaces: the first one's again, nothing of the second left.
    await command(page, 'open a recent workspace');
    const palette = page.getByTestId('palette');
    await expect(palette.getByRole('option')).toContainText([path.basename(first)]);
    await expect(palette.getByRole('option', { name: new RegExp(path.basename(second)) })).toHaveCount(0);
    await palette.getByRole('option', { name: new RegExp(path.basename(first)) }).click();
    await openFolderIs(page, first);
    await expect(previewLines(page)).not.toContainText('Second-workspace-marker.');
    await expect(page.getByTestId('preview-title')).toHaveText('generic × basic');
    await expect(page.getByTestId('problems-panel')).not.toContainText('only-in-second');
    await expect(page.getByTestId('explorer')).not.toContainText('only-in-second');
  } finally {
    fs.rmSync(second, { recursive: true, force: true });
  }
});

test('the built-in variants from the palette and the folder browser; the folder browser then starts at home', async ({
  studio: page,
  app,
}) => {
  await command(page, 'open the built-in variants');
  await expect(page.getByTestId('workspace-name')).toContainText('Built-in variants');
  await expect(page.getByTestId('workspace-name')).toContainText('read-only');
  await expect(page.getByTestId('preview-title')).toHaveText('generic × basic');
  // The built-ins have no folder: the browser starts at the home folder, and offers the recent workspace.
  await command(page, 'open a workspace folder');
  const browser = page.getByTestId('folder-browser');
  await expect(browser.getByLabel('Folder path')).toHaveValue(os.homedir());
  const recent = browser.getByTestId('recent-workspaces');
  await expect(recent).toContainText('Recent workspaces');
  await expect(recent.getByRole('button', { name: 'Open the built-in variants (read-only)' })).toHaveCount(0);
  await screenshot(page, 'folder-browser-recent');
  await recent.getByRole('button', { name: new RegExp(path.basename(app.workspace!)) }).click();
  await expect(browser).toHaveCount(0);
  await expect(page.getByTestId('workspace-name')).not.toContainText('read-only');
  await openFolderIs(page, app.workspace!);
  // From a folder: the folder browser offers the built-ins too.
  await command(page, 'open a workspace folder');
  await browser.getByRole('button', { name: 'Open the built-in variants (read-only)' }).click();
  await expect(browser).toHaveCount(0);
  await expect(page.getByTestId('workspace-name')).toContainText('Built-in variants');
});
