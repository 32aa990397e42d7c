import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startApp } from './app-server.js';
import {
  chooseInFolderBrowser,
  countInPreview,
  expect,
  previewLines,
  screenshot,
  test,
  typeInTemplate,
  waitForPreview,
} from './fixtures.js';

test('the diff against the last saved version counts the added lines', async ({ studio: page }) => {
  await page.getByTestId('diff-toggle').click();
  await expect(page.getByTestId('diff-counts')).toContainText('+0 lines');
  await typeInTemplate(page, 2, 'A-line-only-in-the-edit');
  await expect(page.locator('[data-testid=diff-editor] .editor.modified .view-lines:not(.line-delete)')).toContainText(
    'A-line-only-in-the-edit',
  );
  await expect(page.getByTestId('diff-counts')).toContainText('+1 lines');
  await expect(page.getByTestId('diff-counts')).toContainText(/\+\d+ tok/);
  await expect(page.locator('[data-testid=diff-editor] .line-insert, [data-testid=diff-editor] .char-insert').first()).toBeVisible();
  await page.getByRole('button', { name: 'Show side by side' }).click();
  await expect(page.locator('[data-testid=diff-editor] .editor.original')).toBeVisible();
  await screenshot(page, '06-diff-side-by-side');
  await page.getByTestId('baseline-select').selectOption('variant:xs');
  await expect(page.getByTestId('diff-counts')).toContainText(/−[1-9][\d,]* lines/);
});

test('save, reload: the edit is still there, on disk too', async ({ studio: page, app }) => {
  await typeInTemplate(page, 2, 'Saved-edit-marker');
  await expect(previewLines(page)).toContainText('Saved-edit-marker');
  await page.keyboard.press('Control+S');
  await expect(page.getByTestId('tabs').locator('.tab.active .dirty-dot')).toHaveCount(0);
  expect(fs.readFileSync(path.join(app.workspace!, 'variants/generic/template.md'), 'utf8')).toContain('Saved-edit-marker');
  await page.reload();
  await waitForPreview(page);
  await expect(page.locator('[data-testid=template-editor] .view-lines')).toContainText('Saved-edit-marker');
  await expect(previewLines(page)).toContainText('Saved-edit-marker');
});

/** The texts of the drafts the host keeps in a user-data folder (none while it has written nothing). */
function draftTexts(userData: string): string[] {
  const dir = path.join(userData, 'drafts');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => /^[0-9a-f]+\.json$/.test(name))
    .flatMap((name) => {
      try {
        return (JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as { drafts: { text: string }[] }).drafts.map((d) => d.text);
      } catch {
        return []; // removed between the listing and the read (no drafts left)
      }
    });
}

test('unsaved edits survive a crash of the host and are offered back', async ({ studio: page, app }) => {
  await typeInTemplate(page, 2, 'Draft-kept-through-a-crash');
  await expect(previewLines(page)).toContainText('Draft-kept-through-a-crash');
  // The host writes drafts a moment after the last edit (drafts/<id>.json in its user data):
  // once the edit is there, it dies without saving.
  await expect.poll(() => draftTexts(app.userData).join('\n')).toContain('Draft-kept-through-a-crash');
  app.child.kill('SIGKILL');
  const second = await startApp({ workspace: app.workspace, userData: app.userData });
  try {
    page.on('dialog', (d) => void d.accept());
    await page.goto(second.url);
    const dialog = page.getByTestId('confirm');
    await expect(dialog).toContainText('Unsaved edits from your last session were kept');
    // Escape closes the offer without throwing the edits away: they are offered again.
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    expect(draftTexts(app.userData).join('\n')).toContain('Draft-kept-through-a-crash');
    await page.reload();
    await expect(dialog).toContainText('Unsaved edits from your last session were kept');
    await dialog.getByRole('button', { name: 'Restore them' }).click();
    await expect(page.locator('[data-testid=template-editor] .view-lines')).toContainText('Draft-kept-through-a-crash');
    await expect(previewLines(page)).toContainText('Draft-kept-through-a-crash');
    await expect(page.getByTestId('tabs').locator('.tab.active .dirty-dot')).toBeVisible();
  } finally {
    await second.stop();
  }
});

test('an edit made in another editor shows up', async ({ studio: page, app }) => {
  const file = path.join(app.workspace!, 'variants/generic/template.md');
  const text = fs.readFileSync(file, 'utf8');
  fs.writeFileSync(file, text.replace('{{AGENT_ROLE_SECTION}}\n', '{{AGENT_ROLE_SECTION}}\nWritten-by-another-editor\n'));
  await expect(page.locator('[data-testid=template-editor] .view-lines')).toContainText('Written-by-another-editor');
  await expect(previewLines(page)).toContainText('Written-by-another-editor');
  await expect(page.getByTestId('tabs').locator('.tab.active .dirty-dot')).toHaveCount(0);
});

test('a conflict with the disk stays until I choose, across a reload of the window', async ({ studio: page, app }) => {
  const file = path.join(app.workspace!, 'variants/generic/template.md');
  await typeInTemplate(page, 2, 'Mine-unsaved');
  await expect(previewLines(page)).toContainText('Mine-unsaved');
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('{{AGENT_ROLE_SECTION}}\n', '{{AGENT_ROLE_SECTION}}\nTheirs-on-disk\n'));
  const banner = page.getByTestId('disk-banner');
  await expect(banner).toContainText('changed on disk while you had unsaved edits');
  await page.reload();
  await waitForPreview(page);
  await expect(banner).toContainText('changed on disk while you had unsaved edits');
  await expect(page.locator('[data-testid=template-editor] .view-lines')).toContainText('Mine-unsaved');
  await banner.getByRole('button', { name: 'Keep mine' }).click();
  await expect(banner).toHaveCount(0);
  await page.reload();
  await waitForPreview(page);
  await expect(page.locator('[data-testid=template-editor] .view-lines')).toContainText('Mine-unsaved');
  await expect(banner).toHaveCount(0);
  // Kept mine: saving writes over the disk's version without asking again.
  await page.keyboard.press('Control+S');
  await expect(page.getByTestId('tabs').locator('.tab.active .dirty-dot')).toHaveCount(0);
  expect(fs.readFileSync(file, 'utf8')).toContain('Mine-unsaved');
  expect(fs.readFileSync(file, 'utf8')).not.toContain('Theirs-on-disk');
});

test.describe('a broken YAML file', () => {
  test.use({ workspaceFiles: { 'variants/xs/variant.yaml': 'id: xs\nfamily: xs\ncomponentOrder: [AGENT_ROLE_SECTION\n  - : :\n' } });

  test('shows a clear error and the rest of the workspace still works', async ({ studio: page }) => {
    const problems = page.getByTestId('problems');
    await expect(problems).toContainText('variants/xs/variant.yaml');
    await expect(problems).toContainText('the rest of the workspace still works');
    await expect(page.getByTestId('explorer').locator('.variant.broken')).toContainText('xs');
    await screenshot(page, '07-broken-yaml');
    await typeInTemplate(page, 2, 'Still-working-marker');
    await expect(previewLines(page)).toContainText('Still-working-marker');
    await page
      .getByTestId('explorer')
      .getByRole('button', { name: /^next-gen\b/ })
      .click();
    await expect(page.getByTestId('tabs').getByRole('tab', { selected: true })).toContainText('next-gen');
    expect(await countInPreview(page, 'Still-working-marker')).toBe(0);
  });
});

test.describe('the built-in variants', () => {
  test.use({ builtin: true });

  test('are read-only: saving offers a copy of my own, unsaved edits included', async ({ studio: page }) => {
    const explorer = page.getByTestId('explorer');
    await expect(explorer).toContainText('read-only');
    await typeInTemplate(page, 2, 'Edit-to-keep-in-my-copy');
    await page.keyboard.press('Control+S');
    const dialog = page.getByTestId('confirm');
    await expect(dialog).toContainText('The built-in variants are read-only.');
    // Browser mode has no folder dialog: the host serves a folder browser.
    const target = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vs-copy-')), 'mine');
    try {
      await dialog.getByRole('button', { name: 'Copy to a workspace of my own' }).click();
      await chooseInFolderBrowser(page, path.dirname(target), 'Copy into the new folder', 'mine');
      // The copy is open once the explorer names its folder (the host answers after writing it).
      await expect(explorer.locator('.explorer-head strong')).toHaveAttribute('title', target);
      await expect(explorer).not.toContainText('read-only');
      const template = path.join(target, 'variants/generic/template.md');
      // The edit was written into the copy, and the copy opens with it, saved.
      expect(fs.readFileSync(template, 'utf8')).toContain('Edit-to-keep-in-my-copy');
      await expect(page.getByTestId('tabs').getByRole('tab', { selected: true })).toContainText('generic');
      await expect(page.locator('[data-testid=template-editor] .view-lines')).toContainText('Edit-to-keep-in-my-copy');
      await expect(page.getByTestId('tabs').locator('.tab.active .dirty-dot')).toHaveCount(0);
      // The copy is mine: a further edit saves into it without asking.
      await typeInTemplate(page, 2, ' and-saved-in-the-copy');
      await expect(page.getByTestId('tabs').locator('.tab.active .dirty-dot')).toBeVisible();
      await page.keyboard.press('Control+S');
      await expect(page.getByTestId('tabs').locator('.tab.active .dirty-dot')).toHaveCount(0);
      await expect(dialog).toHaveCount(0);
      expect(fs.readFileSync(template, 'utf8')).toContain('Edit-to-keep-in-my-copy and-saved-in-the-copy');
    } finally {
      fs.rmSync(path.dirname(target), { recursive: true, force: true });
    }
  });
});
