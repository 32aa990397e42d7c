import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cursorAtLine, expect, previewLines, screenshot, test, typeInTemplate, waitForPreview } from './fixtures.js';

// What a new user trips over (issue 12): each flow both ways.

test('quick open finds multi-word and partial queries', async ({ studio: page }) => {
  await page.keyboard.press('Control+P');
  const palette = page.getByTestId('palette');
  await palette.getByRole('combobox').fill('gpt-5 templ');
  await expect(palette.getByRole('option').first()).toContainText('variants/gpt-5/template.md');
  await palette.getByRole('combobox').fill('xs · template');
  await expect(palette.getByRole('option').first()).toContainText('variants/xs/template.md');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('tabs').getByRole('tab', { selected: true })).toContainText('xs · template.md');
  await page.keyboard.press('Control+P');
  await palette.getByRole('combobox').fill('gpt-5 nothing-like-this');
  await expect(palette).toContainText('Nothing matches.');
  await page.keyboard.press('Escape');
  await expect(palette).toHaveCount(0);
  // Errors in plain words: no channel names.
  await page.keyboard.press('Control+Shift+P');
  await palette.getByRole('combobox').fill('open a workspace folder');
  await page.keyboard.press('Enter');
  const browser = page.getByTestId('folder-browser');
  await browser.getByLabel('Folder path').fill('/no/such/folder');
  await browser.getByRole('button', { name: 'Go', exact: true }).click();
  await expect(browser.getByRole('alert')).toHaveText("There is no folder at '/no/such/folder' (or it cannot be read).");
  await browser.getByRole('button', { name: 'Cancel' }).click();
  await expect(browser).toHaveCount(0);
});

test("completion shows whole at the editor's right edge, and closes", async ({ studio: page }) => {
  await cursorAtLine(page, 2);
  // Far to the right of the line, where the list runs past the editor's right edge.
  await page.keyboard.type(`${' '.repeat(70)}{{`);
  const widget = page.locator('.suggest-widget.visible');
  await expect(widget).toBeVisible();
  await expect(widget.getByRole('option').first()).toBeVisible();
  const whole = await widget.evaluate((el) => {
    const doc = el.ownerDocument;
    const r = el.getBoundingClientRect();
    const editor = doc.querySelector('[data-testid=template-editor]')!.getBoundingClientRect();
    // What is painted at the widget's far corners is the widget itself (nothing clipped or over it).
    const corners = [
      [r.right - 3, r.top + 3],
      [r.right - 3, r.bottom - 3],
    ].map(([x, y]) => el.contains(doc.elementFromPoint(x!, y!)));
    return { pastTheEdge: r.right > editor.right, corners };
  });
  expect(whole).toEqual({ pastTheEdge: true, corners: [true, true] });
  await page.keyboard.press('Escape');
  await expect(widget).toHaveCount(0);
});

test('the diff: counts pending until real; it turns off (button and Ctrl+Shift+D) without page errors', async ({ studio: page }) => {
  const counts = page.getByTestId('diff-counts');
  await page.getByTestId('diff-toggle').click();
  // Settled against the last saved version (the token counts come last).
  await expect(counts).toContainText('+0 lines −0 lines +0 tok −0 tok');
  // Every figure shown while the new baseline is built and diffed, in order.
  await counts.evaluate((el) => {
    const seen: string[] = [];
    const win = el.ownerDocument.defaultView!;
    (win as unknown as { seenCounts: string[] }).seenCounts = seen;
    new win.MutationObserver(() => {
      const now = el.ownerDocument.querySelector('[data-testid=diff-counts]')?.textContent ?? '';
      if (seen.at(-1) !== now) seen.push(now);
    }).observe(el.closest('[data-testid=preview]')!, { subtree: true, childList: true, characterData: true });
  });
  await page.getByTestId('baseline-select').selectOption('variant:xs');
  await expect(counts).toContainText(/\+[1-9][\d,]* lines −[1-9][\d,]* lines/);
  const final = /\+[\d,]+ lines −[\d,]+ lines/.exec((await counts.textContent()) ?? '')![0];
  const seen = await counts.evaluate((el) => (el.ownerDocument.defaultView as unknown as { seenCounts: string[] }).seenCounts);
  expect(seen.length).toBeGreaterThan(0);
  for (const text of seen) expect(text === 'comparing…' || text.startsWith(final), text).toBe(true);

  // Off with the shortcut, on and off with the button: no page errors (checked by the fixture).
  await page.keyboard.press('Control+Shift+D');
  await expect(page.getByTestId('diff-editor')).toHaveCount(0);
  await page.getByTestId('diff-toggle').click();
  await expect(page.getByTestId('diff-editor')).toBeVisible();
  await expect(counts).toContainText(/lines/);
  await page.getByTestId('diff-toggle').click();
  await expect(page.getByTestId('diff-editor')).toHaveCount(0);
  await expect(page.getByTestId('preview-editor')).toBeVisible();
});

test('the diff side by side wraps both columns; a narrow pane offers the compare view', async ({ studio: page }) => {
  await page.getByTestId('diff-toggle').click();
  await page.getByTestId('baseline-select').selectOption('variant:xs');
  await expect(page.getByTestId('diff-counts')).toContainText(/−[1-9][\d,]* lines/);
  // Side by side in the ~560 px pane: both columns wrap, and the narrow pane offers more room.
  await page.getByRole('button', { name: 'Show side by side' }).click();
  await expect(page.getByRole('button', { name: 'Show inline' })).toBeVisible();
  const original = page.locator('[data-testid=diff-editor] .editor.original');
  await expect(original).toBeVisible();
  await expect(original.locator('.view-line').first()).toBeVisible();
  const cut = await original.evaluate((ed) => {
    const width = ed.querySelector('.lines-content')!.parentElement!.getBoundingClientRect().width;
    return [...ed.querySelectorAll('.view-line')].filter(
      (l) => (l.firstElementChild as unknown as { offsetWidth: number }).offsetWidth > width,
    ).length;
  });
  expect(cut).toBe(0);
  await screenshot(page, 'tour-2-diff');
  // Against another variant: the compare view, whole window, the two variants as columns.
  await page.getByTestId('narrow-offer').getByRole('button', { name: 'open it in the compare view' }).click();
  const headers = page.getByTestId('compare-column-header');
  await expect(headers).toHaveCount(2);
  await expect(headers.nth(0)).toContainText('generic');
  await expect(headers.nth(1)).toContainText('xs');
  await expect(page.getByTestId('compare-maximize')).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Close the compare view' }).click();
  await expect(headers).toHaveCount(0);
  await expect(page.getByTestId('diff-editor')).toBeVisible();
  // Against the saved text (not a compare column): the Compare tab below and the diff inline.
  await page.getByTestId('baseline-select').selectOption('saved');
  await page.getByTestId('narrow-offer').getByRole('button', { name: 'open it in the compare view' }).click();
  await expect(page.getByTestId('bottom-tab-compare')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: 'Show side by side' })).toBeVisible();
});

test('a wrong value while typing keeps the last prompt, dimmed, with one banner naming file:line:column', async ({ studio: page }) => {
  await page.getByTestId('explorer').getByRole('button', { name: 'variant.yaml' }).click();
  await expect(page.getByTestId('tabs').getByRole('tab', { selected: true })).toContainText('generic · variant.yaml');
  await cursorAtLine(page, 4); // version: 1
  await page.keyboard.press('Backspace');
  await page.keyboard.type('abc', { delay: 50 });
  const banner = page.getByTestId('build-error');
  await expect(banner).toContainText('showing the last prompt that built');
  await expect(banner).toContainText('variants/generic/variant.yaml:4:10: Invalid input: expected number, received string (at version)');
  await expect(banner).toHaveCount(1);
  await expect(page.getByTestId('preview-main')).toHaveClass(/stale/);
  await expect(previewLines(page)).toContainText('You are Cline');
  await expect(page.getByTestId('notices').locator('.notice')).toHaveCount(0);
  // Fixed again: the banner goes, the prompt is live.
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('1');
  await expect(banner).toHaveCount(0);
  await expect(page.getByTestId('preview-main')).not.toHaveClass(/stale/);
});

test('the Problems panel lists what check --strict finds, follows edits, and opens the file at the finding', async ({ studio: page }) => {
  await page.getByTestId('bottom-tab-problems').click();
  const panel = page.getByTestId('problems-panel');
  // As `variant-studio check --strict` reports the built-in variants (the prompt-cache warnings included).
  await expect(panel).toContainText('0 error(s), 7 warning(s), 25 note(s)');
  const badge = page.getByTestId('bottom-tab-problems');
  await expect(badge).toContainText(/Problems\s*7/);
  // Move TOOL_USE_SECTION before the agent role: strict mode wants the role first.
  await page.getByTestId('bottom-tab-components').click();
  await page.getByTestId('component-TOOL_USE_SECTION').locator('.drag-handle').focus();
  await page.keyboard.press('Alt+ArrowUp');
  await page.getByTestId('bottom-tab-problems').click();
  const finding = panel.locator('.finding', { hasText: 'AGENT_ROLE_SECTION should come first' });
  await expect(finding).toContainText('variants/generic/variant.yaml:14:5 STRICT_AGENT_ROLE_NOT_FIRST');
  await expect(badge).not.toContainText(/Problems\s*7\b/);
  await screenshot(page, 'tour-3-problems');
  await finding.getByRole('button').click();
  await expect(page.getByTestId('tabs').getByRole('tab', { selected: true })).toContainText('generic · variant.yaml');
  // The editor marks the same place.
  await expect(page.locator('[data-testid=template-editor] .squiggly-warning').first()).toBeVisible();
  // Back in order: the finding goes.
  await page.keyboard.press('Control+Z');
  await expect(finding).toHaveCount(0);
  await expect(panel).toContainText('0 error(s), 7 warning(s), 25 note(s)');
  await expect(badge).toContainText(/Problems\s*7/);
});

test.describe('the built-in variants', () => {
  test.use({ builtin: true });

  test('the first edit offers a copy of my own, picked in the folder browser; the copy is named after its folder', async ({
    studio: page,
  }) => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'vs-own-'));
    fs.mkdirSync(path.join(parent, 'existing'));
    try {
      await expect(page.getByTestId('workspace-name')).toContainText('Built-in variants');
      await expect(page.getByTestId('read-only-offer')).toHaveCount(0);
      await typeInTemplate(page, 2, 'Mine-now');
      const offer = page.getByTestId('read-only-offer');
      await expect(offer).toContainText('The built-in variants are read-only');
      // Cancelled: nothing changes.
      await offer.getByRole('button', { name: 'Copy the built-ins to a folder of my own' }).click();
      const browser = page.getByTestId('folder-browser');
      await browser.getByRole('button', { name: 'Cancel' }).click();
      await expect(browser).toHaveCount(0);
      await expect(page.getByTestId('workspace-name')).toContainText('read-only');
      // Chosen: walk into a folder and back up, name the new one, copy.
      await offer.getByRole('button', { name: 'Copy the built-ins to a folder of my own' }).click();
      await browser.getByLabel('Folder path').fill(parent);
      await browser.getByRole('button', { name: 'Go', exact: true }).click();
      await browser.getByRole('button', { name: '📁 existing' }).click();
      await expect(browser.getByLabel('Folder path')).toHaveValue(path.join(parent, 'existing'));
      await browser.getByRole('button', { name: '↑ .. (up)' }).click();
      await expect(browser.getByLabel('Folder path')).toHaveValue(parent);
      await browser.getByLabel('New folder name').fill('existing');
      await expect(browser.getByRole('button', { name: 'Copy into the new folder' })).toBeDisabled();
      await browser.getByLabel('New folder name').fill('my-variants');
      await expect(browser.getByTestId('folder-target')).toContainText(path.join(parent, 'my-variants'));
      await browser.getByRole('button', { name: 'Copy into the new folder' }).click();
      // The header names the new workspace; it is not read-only and says so nowhere.
      await expect(page.getByTestId('workspace-name')).toHaveText('my-variants');
      await expect(page.getByTestId('explorer').locator('.explorer-head')).toHaveText('my-variants');
      await expect(page.getByTestId('read-only-offer')).toHaveCount(0);
      const copy = path.join(parent, 'my-variants');
      expect(fs.readFileSync(path.join(copy, 'workspace.yaml'), 'utf8')).not.toContain('Read-only in the app');
      expect(fs.readFileSync(path.join(copy, 'variants/generic/template.md'), 'utf8')).toContain('Mine-now');
      await expect(page.locator('[data-testid=template-editor] .view-lines')).toContainText('Mine-now');
    } finally {
      fs.rmSync(parent, { recursive: true, force: true });
    }
  });
});

test('a new variant from this one (context menu), undone from its notice; a delete asks first', async ({ studio: page, app }) => {
  const explorer = page.getByTestId('explorer');
  const variant = (id: string) => explorer.getByRole('button', { name: new RegExp(`^${id}(\\s|$)`) });
  const ws = app.workspace!;
  await variant('xs').click({ button: 'right' });
  await page.getByTestId('entity-menu').getByRole('menuitem', { name: 'New variant from this one…' }).click();
  const prompt = page.getByTestId('text-prompt');
  await expect(prompt.getByRole('textbox')).toHaveValue('xs-copy');
  await prompt.getByRole('textbox').fill('generic');
  await expect(prompt).toContainText('generic exists already.');
  await prompt.getByRole('textbox').fill('xs-mine');
  await prompt.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByTestId('tabs').getByRole('tab', { selected: true })).toContainText('xs-mine · template.md');
  await expect(variant('xs-mine')).toBeVisible();
  // The copy keeps the matcher and comes right before its source: reachable (issue 17, item 8).
  expect(fs.readFileSync(path.join(ws, 'variants/xs-mine/variant.yaml'), 'utf8')).toContain('matcher:');
  expect(fs.readFileSync(path.join(ws, 'workspace.yaml'), 'utf8')).toContain('selectionOrder: [xs-mine, xs, devstral,');
  const notice = page.getByTestId('notices').locator('.notice', { hasText: 'New variant xs-mine (from xs)' });
  await notice.getByRole('button', { name: 'Undo' }).click();
  await expect(variant('xs-mine')).toHaveCount(0);
  expect(fs.existsSync(path.join(ws, 'variants/xs-mine'))).toBe(false);
  // A delete asks first; cancelled, the preset stays.
  await explorer.getByRole('button', { name: /^yolo/ }).click({ button: 'right' });
  await page.getByTestId('entity-menu').getByRole('menuitem', { name: 'Delete…' }).click();
  await page.getByTestId('confirm').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('confirm')).toHaveCount(0);
  await expect(explorer.getByRole('button', { name: /^yolo/ })).toBeVisible();
  expect(fs.existsSync(path.join(ws, 'contexts/yolo.yaml'))).toBe(true);
});

test('rename (palette) and delete (context menu, confirmed) a variant, the delete undone', async ({ studio: page, app }) => {
  const explorer = page.getByTestId('explorer');
  const variant = (id: string) => explorer.getByRole('button', { name: new RegExp(`^${id}(\\s|$)`) });
  const ws = app.workspace!;
  await variant('xs').click();
  await expect(page.getByTestId('tabs').getByRole('tab', { selected: true })).toContainText('xs · template.md');
  await page.keyboard.press('Control+Shift+P');
  await page.getByTestId('palette').getByRole('combobox').fill('rename the open');
  await page.keyboard.press('Enter');
  const prompt = page.getByTestId('text-prompt');
  await prompt.getByRole('textbox').fill('xs-ours');
  await prompt.getByRole('button', { name: 'Rename' }).click();
  await expect(variant('xs-ours')).toBeVisible();
  await expect(variant('xs')).toHaveCount(0);
  await expect(page.getByTestId('tabs').getByRole('tab', { selected: true })).toContainText('xs-ours · template.md');
  expect(fs.readFileSync(path.join(ws, 'workspace.yaml'), 'utf8')).toContain('selectionOrder: [xs-ours, devstral,');
  await variant('xs-ours').click({ button: 'right' });
  await page.getByTestId('entity-menu').getByRole('menuitem', { name: 'Delete…' }).click();
  await page.getByTestId('confirm').getByRole('button', { name: 'Delete' }).click();
  await expect(variant('xs-ours')).toHaveCount(0);
  expect(fs.existsSync(path.join(ws, 'variants/xs-ours'))).toBe(false);
  const notice = page.getByTestId('notices').locator('.notice', { hasText: 'Deleted variant xs-ours' });
  await notice.getByRole('button', { name: 'Undo' }).click();
  await expect(variant('xs-ours')).toBeVisible();
  expect(fs.existsSync(path.join(ws, 'variants/xs-ours/variant.yaml'))).toBe(true);
});

test.describe('a first start', () => {
  test.use({ firstRun: true });

  test('opens the getting-started panel by itself, once', async ({ studio: page }) => {
    const help = page.getByTestId('help');
    await expect(help.getByTestId('getting-started')).toContainText('Component');
    await expect(help.getByTestId('getting-started')).toContainText('Try this on the built-in variants');
    await screenshot(page, 'tour-1-getting-started');
    await page.keyboard.press('Escape');
    await expect(help).toHaveCount(0);
    // Not again at the next start (the host remembers).
    await page.reload();
    await waitForPreview(page);
    await expect(help).toHaveCount(0);
  });
});

test('help and the shortcut sheet open from the palette, the button and Ctrl+Shift+H', async ({ studio: page }) => {
  const help = page.getByTestId('help');
  await expect(help).toHaveCount(0);
  await page.keyboard.press('Control+Shift+P');
  await page.getByTestId('palette').getByRole('combobox').fill('help getting');
  await page.keyboard.press('Enter');
  await expect(help.getByTestId('getting-started')).toBeVisible();
  await help.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  await expect(help.getByTestId('shortcut-sheet')).toContainText('Ctrl+Shift+DToggle diff');
  await help.getByRole('button', { name: 'Close' }).click();
  await expect(help).toHaveCount(0);
  await page.keyboard.press('Control+Shift+H');
  await expect(help.getByTestId('shortcut-sheet')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);
});
