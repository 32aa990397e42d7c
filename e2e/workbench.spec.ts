import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  chooseInFolderBrowser,
  countInPreview,
  expect,
  outlineLabels,
  previewLines,
  screenshot,
  test,
  typeInTemplate,
  waitForPreview,
} from './fixtures.js';

test('closing a tab with unsaved work asks first', async ({ studio: page }) => {
  await typeInTemplate(page, 2, 'Unsaved-words');
  const tab = page.getByTestId('tabs').locator('.tab.active');
  await tab.getByRole('button', { name: /^Close / }).click();
  const dialog = page.getByTestId('confirm');
  await expect(dialog).toContainText('Save the changes to');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('tabs').locator('.tab')).toHaveCount(1);
  await tab.getByRole('button', { name: /^Close / }).click();
  await dialog.getByRole('button', { name: "Don't save" }).click();
  await expect(page.getByTestId('tabs').locator('.tab')).toHaveCount(0);
  await expect(previewLines(page)).not.toContainText('Unsaved-words');
});

test('go to definition on a component key opens it; its override is one click away and drives the preview', async ({ studio: page }) => {
  await page.locator('[data-testid=template-editor] .view-line').first().locator('span', { hasText: 'AGENT_ROLE_SECTION' }).first().click();
  await page.keyboard.press('F12');
  await expect(page.getByTestId('tabs').getByRole('tab', { selected: true })).toContainText('AGENT_ROLE_SECTION (built-in)');
  await page.getByRole('button', { name: 'Override it in generic' }).click();
  await expect(page.getByTestId('tabs').getByRole('tab', { selected: true })).toContainText('generic · AGENT_ROLE_SECTION');
  await page.locator('[data-testid=template-editor] .view-line').first().click();
  await page.keyboard.press('Control+Home');
  await page.keyboard.type('Overridden-role-opening. ');
  await expect(previewLines(page)).toContainText('Overridden-role-opening.');
  await expect(page.getByTestId('component-AGENT_ROLE_SECTION')).toContainText('Edit override');
});

test('clicking a line of the preview, or a section of the outline, opens its source', async ({ studio: page }) => {
  // Line 1 of the prompt is the agent role: a click on its line number opens that component.
  await page.locator('[data-testid=preview-editor] .line-numbers', { hasText: /^1$/ }).click();
  await expect(page.getByTestId('tabs').getByRole('tab', { selected: true })).toContainText('AGENT_ROLE_SECTION (built-in)');
  await page.locator('[data-testid=outline] .outline-entry[data-label=RULES_SECTION]').click();
  await expect(page.getByTestId('tabs').getByRole('tab', { selected: true })).toContainText('RULES_SECTION (built-in)');
});

test('a stack profile: agent, the user system text and instruction files in the context', async ({ studio: page }) => {
  await page.getByTestId('explorer').getByRole('button', { name: 'opencode', exact: true }).click();
  await expect(page.getByTestId('preview').locator('h2')).toContainText('opencode');
  await page.getByTestId('bottom-tab-context').click();
  const form = page.getByTestId('stack-context-form');
  await expect(form).toBeVisible();
  await form.getByLabel("The user message's own system text (appended last)").fill('Answer-in-haiku-system-text');
  await expect.poll(async () => (await page.getByTestId('outline').textContent()) ?? '').toContain('Answer-in-haiku-system-text');
  // The stack preset's virtual files are listed, and its AGENTS.md files are in the prompt,
  // nearest the working folder (packages/api) first.
  const tree = page.getByTestId('file-tree');
  await expect(tree).toContainText('/home/user/project/AGENTS.md');
  const projectFiles = async () => (await outlineLabels(page)).filter((l) => l.startsWith('/home/user/project/'));
  const [api, root] = ['/home/user/project/packages/api/AGENTS.md', '/home/user/project/AGENTS.md'];
  await expect.poll(projectFiles).toEqual([api, root]);
  const addFile = async (file: string, text: string): Promise<void> => {
    await form.getByLabel('New file path').fill(file);
    await form.getByRole('button', { name: 'Add file' }).click();
    await form.getByLabel(`Content of ${file}`).fill(text);
    await expect(tree).toContainText(file);
  };
  // A new AGENTS.md on the way up from the working folder joins the prompt between the two.
  const between = '/home/user/project/packages/AGENTS.md';
  await addFile(between, 'Notes-for-every-package.');
  await expect.poll(projectFiles).toEqual([api, between, root]);
  await page.locator(`[data-testid=outline] .outline-entry[data-label="${between}"]`).click();
  await expect(previewLines(page)).toContainText(`Instructions from: ${between}`);
  await expect(previewLines(page)).toContainText('Notes-for-every-package.');
  await screenshot(page, '08-stack-profile');
  // One below the working folder is listed, but not read.
  const below = '/home/user/project/packages/api/CONTEXT-NOTES/AGENTS.md';
  await addFile(below, 'Not-read-from-below.');
  await expect.poll(projectFiles).toEqual([api, between, root]);
  // Removed again: the prompt is as before.
  await form.getByLabel(`Remove ${between}`).click();
  await expect(tree).not.toContainText(between);
  await expect.poll(projectFiles).toEqual([api, root]);
});

test.describe('real instruction files', () => {
  // This machine's standard global instruction file, as the app server sees it.
  const configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vs-e2e-config-'));
  const saved = process.env.OPENCODE_CONFIG_DIR;
  test.beforeAll(() => {
    fs.writeFileSync(path.join(configDir, 'AGENTS.md'), 'Global-rules-of-this-machine.');
    process.env.OPENCODE_CONFIG_DIR = configDir;
  });
  test.afterAll(() => {
    if (saved === undefined) delete process.env.OPENCODE_CONFIG_DIR;
    else process.env.OPENCODE_CONFIG_DIR = saved;
    fs.rmSync(configDir, { recursive: true, force: true });
  });

  test('are read only from the working folder chosen through the host, and the global ones can be switched off', async ({
    studio: page,
  }) => {
    const project = fs.mkdtempSync(path.join(os.tmpdir(), 'vs-e2e-project-'));
    fs.mkdirSync(path.join(project, '.git'));
    fs.writeFileSync(path.join(project, 'AGENTS.md'), 'Rules-from-the-real-disk.');
    try {
      await page.getByTestId('explorer').getByRole('button', { name: 'opencode', exact: true }).click();
      await page.getByTestId('bottom-tab-context').click();
      const form = page.getByTestId('stack-context-form');
      await form.getByLabel('Working folder (absolute)').fill(project);
      await form.getByLabel(/Read the real folders/).check();
      // Not chosen through the host yet: the preview says so instead of reading the disk.
      await expect(page.getByTestId('build-error')).toContainText('choose the working folder first');
      // Browser mode has no folder dialog: the host serves a folder browser.
      await form.getByTestId('choose-working-folder').click();
      await chooseInFolderBrowser(page, project, 'Use this folder');
      // OpenCode 1.18.33 puts the global file first: the project's AGENTS.md is its own entry.
      const entry = page.getByTestId('outline').locator('.outline-entry', { hasText: `${fs.realpathSync(project)}/AGENTS.md` });
      await expect(entry).toHaveCount(1);
      await entry.click();
      await expect(previewLines(page)).toContainText('Rules-from-the-real-disk.');
      // The machine's global file is read, until it is switched off in the form; then again.
      const outline = page.getByTestId('outline');
      await expect(outline).toContainText(path.join(configDir, 'AGENTS.md'));
      const globalSwitch = form.getByLabel('$OPENCODE_CONFIG_DIR/AGENTS.md');
      await globalSwitch.uncheck();
      await expect(outline).not.toContainText(path.join(configDir, 'AGENTS.md'));
      await globalSwitch.check();
      await expect(outline).toContainText(path.join(configDir, 'AGENTS.md'));
    } finally {
      fs.rmSync(project, { recursive: true, force: true });
    }
  });
});

test('native tool calls put the tools JSON in its own tab, not the tool texts in the prompt; and back', async ({ studio: page }) => {
  // Without them, each tool of the variant (generic: execute_command first) has a "## name" block in the prompt.
  expect(await countInPreview(page, '## read_file')).toBe(1);
  await page.getByTestId('bottom-tab-context').click();
  const native = page.getByLabel('Native tool calls (tools as JSON, not in the prompt)');
  await native.check();
  await page.getByRole('tab', { name: 'Tools JSON' }).click();
  const json = page.getByTestId('tools-json');
  // The definitions per API, in the variant's tool order.
  await expect(json).toContainText('"openai": [');
  await expect(json).toContainText('"type": "function"');
  await expect(json).toContainText('"name": "execute_command"');
  await screenshot(page, '09-tools-json');
  await expect.poll(() => countInPreview(page, '## read_file')).toBe(0);
  // Off again: the tab goes, the preview shows the prompt, with the tool texts back in it.
  await native.uncheck();
  await expect(page.getByRole('tab', { name: 'Tools JSON' })).toHaveCount(0);
  await expect(json).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Prompt' })).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => countInPreview(page, '## read_file')).toBe(1);
});

test('pane sizes are remembered; the theme follows the system', async ({ studio: page }) => {
  const explorer = page.getByTestId('explorer');
  const before = (await explorer.boundingBox())!.width;
  await page.getByTestId('splitter-explorer').focus();
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  await expect.poll(async () => Math.round((await explorer.boundingBox())!.width)).toBe(Math.round(before + 50));
  await page.reload();
  await waitForPreview(page);
  await expect.poll(async () => Math.round((await explorer.boundingBox())!.width)).toBe(Math.round(before + 50));
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await screenshot(page, '10-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});

test('every request the page makes goes to 127.0.0.1', async ({ studio: page, requests }) => {
  // Open the lazily loaded parts too: YAML highlighting, the diff editor and its worker.
  await page.getByTestId('explorer').getByRole('button', { name: 'variant.yaml' }).click();
  await page.getByTestId('diff-toggle').click();
  await expect(page.locator('[data-testid=diff-editor] .editor.modified')).toBeVisible();
  expect(requests.some((u) => u.startsWith('ws://127.0.0.1'))).toBe(true);
  expect(requests.some((u) => /\/assets\/.+\.js/.test(u))).toBe(true);
  for (const u of requests) expect(u).toMatch(/^(https?|wss?):\/\/127\.0\.0\.1[:/]|^(data|blob):/);
});

test('the compare view, the harnesses and the bundle dialogs load their code when first opened; each opens and closes', async ({
  studio: page,
  requests,
}) => {
  // Each is a chunk of its own (renderer/src/app/lazy-views.tsx): not fetched for the first screen.
  const fetched = (chunk: string) => requests.some((u) => new RegExp(`/assets/${chunk}-[\\w-]+\\.js$`).test(u));
  for (const chunk of ['CompareView', 'HarnessesView', 'BundleDialogs']) expect(fetched(chunk), chunk).toBe(false);

  await page.getByTestId('open-compare').click();
  await expect(page.getByTestId('compare-column-header').first()).toBeVisible();
  expect(fetched('CompareView')).toBe(true);
  await page.getByRole('button', { name: 'Close the compare view' }).click();
  await expect(page.getByTestId('compare-column-header')).toHaveCount(0);

  await page.getByTestId('open-harnesses').click();
  await expect(page.getByTestId('harness-columns')).toBeVisible();
  expect(fetched('HarnessesView')).toBe(true);
  await page.getByTestId('harness-view-close').click();
  await expect(page.getByTestId('harness-view')).toHaveCount(0);

  await page
    .getByTestId('explorer')
    .getByRole('button', { name: /^gpt-5\b/ })
    .click({ modifiers: ['Control'] });
  await page.getByTestId('bundle-selection').getByRole('button', { name: 'Export…' }).click();
  const dialog = page.getByTestId('export-dialog');
  await expect(dialog).toBeVisible();
  expect(fetched('BundleDialogs')).toBe(true);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  // Opened again, from the loaded chunk.
  await page.getByTestId('open-compare').click();
  await expect(page.getByTestId('compare-column-header').first()).toBeVisible();
  await expect(page.getByTestId('view-loading')).toHaveCount(0);
});
