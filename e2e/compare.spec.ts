import type { Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { cursorAtLine, expect, screenshot, test, typeInTemplate } from './fixtures.js';

const headers = (page: Page) => page.getByTestId('compare-column-header');

test('compare view: columns of variants and model ids, aligned with gaps, reordered, removed, remembered', async ({ studio: page }) => {
  // Loads the app twice (the columns must survive a reload).
  test.slow();
  await page.getByTestId('open-compare').click();
  const view = page.getByTestId('compare-view');
  await expect(view).toBeVisible();
  await expect(headers(page)).toHaveCount(2);
  await expect(headers(page).nth(0)).toContainText('generic');
  await expect(headers(page).nth(1)).toContainText('xs');

  // A model id column says which variant it got and why.
  const add = page.getByTestId('compare-add');
  await add.getByLabel('Column kind').selectOption('model');
  await add.getByLabel('Model id').fill('gpt-5');
  await add.getByRole('button', { name: 'Add column' }).click();
  await expect(headers(page)).toHaveCount(3);
  await expect(headers(page).nth(2)).toContainText('gpt-5 → gpt-5');
  await expect(headers(page).nth(2).getByTestId('compare-why')).toContainText(`'gpt-5' matched`);

  // xs has no MCP_SECTION: a gap with the reason, in the same row, not a shift.
  const mcpRow = page.locator('.compare-row[data-row=MCP_SECTION]');
  await expect(mcpRow.getByTestId('compare-gap')).toHaveCount(1);
  await expect(mcpRow.getByTestId('compare-gap')).toContainText('not in the component order');
  await expect(mcpRow.getByTestId('compare-cell')).toHaveCount(2);
  // Word-level differences against the first column.
  await expect(page.locator('.compare-row[data-row=AGENT_ROLE_SECTION] mark.diff-added').first()).toBeVisible();
  // What the first column has and this one lacks: struck-through text, not a 2 px bar.
  const removed = page.locator('.compare-row[data-row=AGENT_ROLE_SECTION] del.diff-removed').first();
  await expect(removed).toBeVisible();
  await expect(removed).not.toHaveText('');
  await expect(removed).toHaveCSS('text-decoration-line', 'line-through');
  expect((await removed.boundingBox())!.width).toBeGreaterThan(4);
  // The size table: per section, totals and tools.
  const sizes = page.getByTestId('compare-sizes');
  await expect(sizes).toContainText('tools as native JSON');
  await expect(sizes.locator('tr.total')).toContainText('42,260');

  // Reorder and remove.
  await page.getByRole('button', { name: 'Move xs right' }).click();
  await expect(headers(page).nth(1)).toContainText('gpt-5');
  await expect(headers(page).nth(2)).toContainText('xs');
  await page.getByRole('button', { name: 'Remove xs' }).click();
  await expect(headers(page)).toHaveCount(2);

  // Closed, and the app loaded again: the same columns (remembered per workspace).
  await page.getByRole('button', { name: 'Close the compare view' }).click();
  await expect(view).toBeHidden();
  await page.reload();
  await page.getByTestId('open-compare').click();
  await expect(headers(page)).toHaveCount(2);
  await expect(headers(page).nth(1)).toContainText('gpt-5 → gpt-5');
});

test('the compare view opened while the app starts stays in front of the first document, on the columns remembered; closed, the template is there', async ({
  studio: page,
}) => {
  await page.getByTestId('open-compare').click();
  await page.getByRole('button', { name: 'Move xs left' }).click();
  await expect(headers(page).nth(0)).toContainText('xs');
  await page.getByRole('button', { name: 'Close the compare view' }).click();
  // The host's messages are held until the click: it comes before the workspace is there.
  let held: (() => void)[] | null = [];
  await page.routeWebSocket(/\/ws/, (ws) => {
    const server = ws.connectToServer();
    server.onMessage((message) => (held ? held.push(() => ws.send(message)) : ws.send(message)));
  });
  await page.reload();
  await page.getByTestId('open-compare').click();
  // Nothing of the workspace yet: no columns built.
  await expect(page.getByTestId('compare-view')).toBeVisible();
  await expect(headers(page)).toHaveCount(0);
  const release = held;
  held = null;
  for (const send of release) send();
  await expect(headers(page)).toHaveCount(2);
  await expect(headers(page).nth(0)).toContainText('xs');
  await expect(headers(page).nth(1)).toContainText('generic');
  await expect(page.getByTestId('compare-tab')).toBeVisible();
  await page.getByTestId('compare-tab').locator('..').getByRole('button', { name: 'Close the compare view' }).click();
  await expect(page.getByTestId('compare-view')).toHaveCount(0);
  await expect(page.locator('[data-testid=template-editor] .view-lines')).not.toBeEmpty();
});

test('compare view: the columns follow typing in the editor beside them; the view takes the whole window and gives it back', async ({
  studio: page,
}) => {
  await page.getByTestId('open-compare').click();
  await expect(headers(page)).toHaveCount(2);
  await typeInTemplate(page, 1, ' Zq7');
  await expect(page.locator('.compare-row[data-row="(template text)"] [data-testid=compare-cell]').first()).toContainText('Zq7');
  await page.getByTestId('compare-maximize').click();
  await expect(page.getByTestId('preview')).toBeHidden();
  await expect(page.getByTestId('template-editor')).toBeHidden();
  await screenshot(page, 'compare-columns');
  await page.getByTestId('compare-maximize').click();
  await expect(page.getByTestId('preview')).toBeVisible();
  await expect(page.getByTestId('template-editor')).toBeVisible();
});

test('a long template in the compare view: its cells are blocks cut at newlines, typing shows in them, the selection copies the text as it is; undone, one block again', async ({
  studio: page,
}) => {
  await page.getByTestId('open-compare').click();
  await expect(headers(page)).toHaveCount(2);
  const cell = page.locator('.compare-row[data-row="(template text)"] [data-testid=compare-cell] .compare-text').first();
  await expect(cell.locator('.text-chunk')).toHaveCount(1);
  await cursorAtLine(page, 1);
  await page.keyboard.press('End');
  const pasted = Array.from({ length: 600 }, (_, i) => `pasted line ${i} with words to read`).join('\n');
  await page.keyboard.insertText(`\n${pasted}`);
  await expect(cell).toContainText('pasted line 599 with words to read');
  const blocks = await cell.locator('.text-chunk').count();
  expect(blocks).toBeGreaterThan(4);
  // Every block but the last ends after a newline: no boundary shows as a line break the text lacks.
  const ends = await cell.locator('.text-chunk').evaluateAll((els) => els.slice(0, -1).every((el) => el.textContent!.endsWith('\n')));
  expect(ends).toBe(true);
  // One keystroke: one undo step whatever the machine's pace (keys typed within 600 ms of each other are one step,
  // so a burst typed on a loaded machine may be two).
  await page.keyboard.type('Z');
  await expect(cell).toContainText('pasted line 599 with words to readZ');
  // Selected, the blocks copy what one text node of the same text does (the browser leaves out a final newline in both).
  const selection = await cell.evaluate((el) => {
    const doc = el.ownerDocument;
    const selected = (node: typeof el): string => {
      const range = doc.createRange();
      range.selectNodeContents(node);
      doc.getSelection()!.removeAllRanges();
      doc.getSelection()!.addRange(range);
      return doc.getSelection()!.toString();
    };
    const whole = doc.createElement('pre');
    whole.className = el.className;
    whole.textContent = el.textContent;
    el.after(whole);
    const same = selected(el) === selected(whole);
    whole.remove();
    return same;
  });
  expect(selection).toBe(true);
  await page.keyboard.press('Control+Z');
  await page.keyboard.press('Control+Z');
  await expect(cell).not.toContainText('pasted line');
  await expect(cell.locator('.text-chunk')).toHaveCount(1);
});

test('routing: pasted ids in any separator, fall-through flagged, the model list is editable and opens columns', async ({
  studio: page,
}) => {
  await page.getByTestId('open-compare').click();
  await page.getByTestId('compare-tab-routing').click();
  const routing = page.getByTestId('routing');
  // The list as it stands is routed on open, without a click on Route.
  await expect(page.getByTestId('routing-table').locator('tbody tr')).toHaveCount(5);
  await expect(page.getByTestId('routing-table').locator('tbody tr').first()).toContainText('claude-sonnet-4-5');
  await routing.getByLabel('Model ids to route').fill('claude-sonnet-4 gpt-5, o3\nqwen2.5-coder:7b');
  await routing.getByTestId('route').click();
  const rows = page.getByTestId('routing-table').locator('tbody tr');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(0)).toContainText('next-gen');
  await expect(rows.nth(1)).toContainText('gpt-5');
  await expect(rows.nth(2)).toContainText('generic');
  await expect(rows.nth(2)).toContainText('fell through');
  await expect(rows.nth(3)).toContainText('xs');
  // Every matcher tried, with its verdict.
  await rows.nth(1).getByRole('button', { name: /gpt-5/ }).nth(1).click();
  await expect(rows.nth(1).locator('.steps li')).toHaveCount(8);
  await expect(rows.nth(1).locator('.steps li.match')).toContainText('gpt-5 match');

  await routing.getByRole('button', { name: 'Model list' }).click();
  const catalog = page.getByTestId('model-catalog');
  await expect(catalog).toContainText('DeepSeek');
  await catalog.getByRole('button', { name: 'Edit the model ids of xAI' }).click();
  await catalog.getByLabel('Model ids of xAI').fill('grok-4, grok-9-preview');
  await catalog.getByRole('button', { name: 'Keep' }).click();
  await expect(catalog.locator('[data-provider=xai] .chip')).toHaveText(['grok-4', 'grok-9-preview']);
  await screenshot(page, 'compare-routing');
  await catalog.locator('[data-provider=xai] .chip', { hasText: 'grok-4' }).click();
  await expect(page.getByTestId('compare-columns')).toBeVisible();
  await expect(headers(page).last()).toContainText('grok-4 → next-gen');
  // Back to the list: reset restores the built-in ids.
  await page.getByTestId('compare-tab-routing').click();
  await page.getByRole('button', { name: 'Model list' }).click();
  await page.getByTestId('model-catalog').getByRole('button', { name: 'Reset the list' }).click();
  await expect(page.locator('[data-provider=xai] .chip')).toHaveText(['grok-4', 'grok-4-fast', 'grok-code-fast-1', 'grok-3-mini']);
});

test('snapshot matrix: an edit shows as a difference, the cell shows its diff, approval writes the CLI snapshot file', async ({
  studio: page,
  app,
}) => {
  await page.getByTestId('open-compare').click();
  await page.getByTestId('compare-tab-matrix').click();
  const matrix = page.getByTestId('matrix');
  await expect(matrix.getByTestId('matrix-cell')).toHaveCount(8 * 7);
  await expect(matrix.locator('[data-snapshot=same]')).toHaveCount(56);
  await expect(matrix.getByTestId('approve-all')).toBeDisabled();
  // Each row is named by its variant alone; its approve button has a cell of its own.
  await expect(matrix.getByRole('rowheader')).toHaveCount(8);
  await expect(matrix.locator('tr[data-variant=generic]').getByRole('rowheader')).toHaveText('generic');
  await expect(matrix.locator('tr[data-variant=xs]').getByRole('rowheader')).toHaveText('xs');

  // Edit generic's template beside the view: its seven cells now differ from their snapshots and from the save.
  await typeInTemplate(page, 1, ' Mq7');
  await matrix.getByRole('button', { name: 'Rebuild' }).click();
  await expect(matrix.locator('[data-snapshot=differs]')).toHaveCount(7);
  const cell = matrix.locator('[data-cell="generic/basic"]');
  await expect(cell).toContainText('unsaved change');
  await cell.getByRole('button').click();
  await expect(page.getByTestId('matrix-diff')).toContainText('Mq7');
  await page.getByTestId('compare-maximize').click();
  await screenshot(page, 'compare-matrix');
  await page.getByTestId('compare-maximize').click();

  await page.getByTestId('approve-cell').click();
  await expect(cell.locator('[data-snapshot=same]')).toHaveCount(1);
  await expect(matrix.locator('[data-snapshot=differs]')).toHaveCount(6);
  const file = path.join(app.workspace!, 'snapshots/generic/basic.md');
  expect(fs.readFileSync(file, 'utf8')).toContain('Mq7');
  // A row at once.
  await matrix.getByRole('button', { name: 'Approve the row generic' }).click();
  await expect(matrix.locator('[data-snapshot=differs]')).toHaveCount(0);
  expect(fs.readFileSync(path.join(app.workspace!, 'snapshots/generic/yolo.md'), 'utf8')).toContain('Mq7');
});

test('prompt cache: stable prefix and its cause, the offending line one click away, two sessions', async ({ studio: page }) => {
  await page.getByTestId('open-compare').click();
  await page.getByTestId('compare-tab-cache').click();
  const cache = page.getByTestId('cache-view');
  await expect(cache.getByTestId('cache-of')).toHaveText('Prompt cache of generic × basic');
  await expect(cache.getByTestId('cache-summary')).toContainText(/Stable prefix: 2,1\d\d of 42,260 characters/);
  const first = cache.getByTestId('first-volatile');
  await expect(first).toContainText('the working directory');
  await expect(first).toContainText('tool execute_command, description (tools/execute_command.yaml:7)');
  await expect(cache.getByTestId('cache-providers')).toContainText('Anthropic');
  await expect(cache.getByTestId('cache-findings')).toContainText('CACHE_VOLATILE_BEFORE_STABLE');
  await expect(cache.locator('mark.cache-volatile').first()).toHaveText(' (/home/user/project)');

  // Two sessions: the working directory and the date change; the diff shows the other folder.
  const sessions = cache.getByTestId('two-sessions');
  await expect(sessions).toContainText('/home/user/another-project');
  await expect(sessions.getByTestId('sessions-diff')).toContainText('/home/user/another-project');
  await sessions.getByLabel('the working directory').uncheck();
  await expect(sessions).not.toContainText('/home/user/another-project');
  await sessions.getByLabel('the working directory').check();
  await expect(sessions).toContainText('/home/user/another-project');
  await page.getByTestId('compare-maximize').click();
  await screenshot(page, 'compare-cache');

  // The cause opens the tool file at its line (the editor comes back in front).
  await first.getByRole('button', { name: /tools\/execute_command\.yaml:7/ }).click();
  await expect(page.getByTestId('tabs').getByRole('tab', { selected: true })).toContainText('execute_command');
  await expect(page.getByTestId('compare-view')).toBeHidden();
  await page.getByTestId('compare-tab').click();
  await expect(page.getByTestId('compare-view')).toBeVisible();
  // Under another preset it says so.
  await page.getByTestId('preset-select').selectOption('no-mcp');
  await expect(cache.getByTestId('cache-of')).toHaveText('Prompt cache of generic × no-mcp');
});

/** 112 small variants more than the built-in eight: a matrix of 120 rows, more than the view renders at once. */
const manyVariants: Record<string, string> = {};
for (let i = 0; i < 112; i++) {
  const id = `gen${String(i).padStart(3, '0')}`;
  manyVariants[`variants/${id}/variant.yaml`] =
    `id: ${id}\nfamily: generic\nversion: 1\ndescription: Generated variant ${i}\ncomponentOrder: []\n`;
  manyVariants[`variants/${id}/template.md`] = `Variant ${id} in {{CWD}}.\n`;
}

test.describe('a long snapshot matrix', () => {
  test.use({ workspaceFiles: manyVariants });

  test('renders the rows in view, the rows scrolled to, and opens and closes a cell there', async ({ studio: page }) => {
    await page.getByTestId('open-compare').click();
    await page.getByTestId('compare-tab-matrix').click();
    const matrix = page.getByTestId('matrix');
    await expect(matrix.getByText('120 variants × 7 presets;')).toBeVisible();
    const first = (await matrix.locator('tr[data-variant]').first().getAttribute('data-variant'))!;
    // Not all 120 rows are in the page, and the last is not yet.
    expect(await matrix.locator('tr[data-variant]').count()).toBeLessThan(120);
    await expect(matrix.locator('tr[data-variant=gen111]')).toHaveCount(0);
    const box = matrix.locator('.matrix-scroll');
    await box.evaluate((el) => (el.scrollTop = el.scrollHeight));
    await expect(matrix.locator('tr[data-variant=gen111]')).toBeVisible();
    await expect(matrix.locator(`tr[data-variant="${first}"]`)).toHaveCount(0);
    const cell = matrix.locator('[data-cell="gen111/basic"]');
    await cell.getByRole('button').click();
    await expect(page.getByTestId('matrix-detail')).toHaveAttribute('aria-label', 'gen111 × basic');
    await page.getByTestId('matrix-detail').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByTestId('matrix-detail')).toHaveCount(0);
    // Back to the top: the first rows again.
    await box.evaluate((el) => (el.scrollTop = 0));
    await expect(matrix.locator(`tr[data-variant="${first}"]`)).toBeVisible();
  });
});
