import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { chooseInFolderBrowser, expect, screenshot, test } from './fixtures.js';

// The every-harness view is readable with every built-in harness at 1440×900 (issue 20, item 5):
// columns keep a readable width and scroll sideways, file names wrap only after a path
// separator, "#" numbers files in the order of the request, the form keeps checkboxes by their
// labels and paths inside it, and on a folder on this machine the fields the run ignores are
// disabled with the reason (and enabled again on the virtual tree).

const COLUMN_MIN = 360;

// The app's machine: a home of its own, and no Gemini trust variable, whatever this machine sets.
const home = fs.mkdtempSync(path.join(os.tmpdir(), 'vs-e2e-layout-home-'));
test.use({ appEnv: { HOME: home, GEMINI_CLI_TRUST_WORKSPACE: undefined, GEMINI_CLI_HOME: undefined } });
test.afterAll(() => fs.rmSync(home, { recursive: true, force: true }));

// The little of the DOM the page functions use (the spec compiles without the DOM library).
interface Box {
  top: number;
  width: number;
}
interface TextNode {
  textContent: string | null;
  parentElement: { closest(selector: string): unknown } | null;
}
interface Doc {
  createTreeWalker(root: unknown, show: number, filter: { acceptNode(n: TextNode): number }): { nextNode(): TextNode | null };
  createRange(): { setStart(n: TextNode, at: number): void; setEnd(n: TextNode, at: number): void; getBoundingClientRect(): Box };
  querySelector(selector: string): { getBoundingClientRect(): Box } | null;
}

/** Where lines break in an element's own text (not in its `.muted` or `.warn` notes): the character before each break. */
async function charsBeforeBreaks(cell: Locator): Promise<{ text: string; lines: number; before: string[] }> {
  return cell.evaluate((el) => {
    const doc = (el as unknown as { ownerDocument: Doc }).ownerDocument;
    // NodeFilter.SHOW_TEXT, FILTER_REJECT, FILTER_ACCEPT
    const walker = doc.createTreeWalker(el, 4, {
      acceptNode: (n) => (n.parentElement?.closest('.muted, .warn') ? 2 : 1),
    });
    const chars: { ch: string; top: number }[] = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent ?? '';
      for (let i = 0; i < text.length; i++) {
        const r = doc.createRange();
        r.setStart(n, i);
        r.setEnd(n, i + 1);
        const rect = r.getBoundingClientRect();
        if (rect.width > 0) chars.push({ ch: text[i] as string, top: rect.top });
      }
    }
    const before: string[] = [];
    for (let i = 1; i < chars.length; i++) if ((chars[i]?.top ?? 0) > (chars[i - 1]?.top ?? 0) + 2) before.push(chars[i - 1]?.ch as string);
    return { text: chars.map((c) => c.ch).join(''), lines: before.length + 1, before };
  });
}

/** How far a checkbox's top is from its label's top (0: side by side). */
async function labelGaps(boxes: Locator): Promise<number[]> {
  return boxes.evaluateAll((list) =>
    list.map((box) => {
      // Runs in the page: only what the function itself holds.
      const input = box as unknown as { id: string; ownerDocument: Doc; getBoundingClientRect(): Box };
      const label = input.ownerDocument.querySelector(`label[for="${input.id}"]`);
      return label === null ? Infinity : Math.abs(input.getBoundingClientRect().top - label.getBoundingClientRect().top);
    }),
  );
}

/** The files of a column's table, in the order of its "#" numbers, and the column's request text (its parts in order). */
async function tableAndRequest(column: Locator): Promise<{ numbers: string[]; paths: string[]; request: string }> {
  const rows = column.locator('table.harness-files tbody tr[data-path]');
  return {
    numbers: await rows.locator('td:first-child').allTextContents(),
    paths: await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-path') ?? '')),
    request: (await column.locator('.harness-part pre').allTextContents()).join('\n'),
  };
}

async function fileContent(page: Page, file: string): Promise<string | null> {
  const box = page.getByLabel(`Content of ${file}`, { exact: true });
  return (await box.count()) === 1 ? box.inputValue() : null;
}

test('every harness at 1440×900: readable columns that scroll sideways, names wrapped at separators, "#" in request order', async ({
  studio: page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByTestId('open-harnesses').click();
  const view = page.getByTestId('harness-view');
  const columns = view.locator('section.harness-col');
  await expect(columns).toHaveCount(10);
  // A nested AGENTS.md no walk reaches: a long path for the tables and the tree, and a lint finding.
  const nested = '/home/user/project/packages/api/src/handlers/CLAUDE.md';
  await view.getByLabel('New file path').fill(nested);
  await view.getByRole('button', { name: 'Add file' }).click();
  await view.getByLabel(`Content of ${nested}`).fill('Nested-handlers-rules.');
  await expect(view.getByTestId('harness-lint')).toContainText(`${nested} is loaded by no harness`);
  await expect(view.getByTestId('harness-lint')).toContainText('not looked for there: it looks for CLAUDE.md in');
  await screenshot(page, 'harness-view-1440');

  // Each column keeps its readable width; the columns' own container scrolls sideways to the last one.
  const widths = await columns.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().width));
  for (const w of widths) expect(w).toBeGreaterThanOrEqual(COLUMN_MIN);
  const scroller = view.getByTestId('harness-columns');
  expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await expect(columns.last()).not.toBeInViewport({ ratio: 0.9 });
  await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect(columns.last()).toBeInViewport({ ratio: 0.9 });
  // The form and the lint stay where they are.
  await expect(view.locator('.harness-view-context')).toBeInViewport();
  await expect(view.getByTestId('harness-lint')).toBeInViewport();
  await screenshot(page, 'harness-view-1440-scrolled');
  await scroller.evaluate((el) => el.scrollTo({ left: 0 }));

  // File names break only after a path separator, and a long one does break.
  const cells = view.locator('table.harness-files tbody tr[data-path] td:nth-child(2)');
  const count = await cells.count();
  expect(count).toBeGreaterThan(10);
  let wrapped = 0;
  for (let i = 0; i < count; i++) {
    const { text, lines, before } = await charsBeforeBreaks(cells.nth(i));
    expect(
      before.filter((ch) => ch !== '/' && ch !== '\\'),
      `'${text}' breaks inside a name`,
    ).toEqual([]);
    if (lines > 1) wrapped++;
  }
  expect(wrapped).toBeGreaterThan(0);

  // "#" follows the request: each file's text comes later in the column's parts than the one before.
  // OpenCode 1.18.33 sends the global CLAUDE.md first, though it finds the project's AGENTS.md first.
  const opencode = await tableAndRequest(view.getByTestId('harness-opencode'));
  expect(opencode.paths).toEqual(['/home/user/.claude/CLAUDE.md', '/home/user/project/AGENTS.md']);
  let compared = 0;
  for (let i = 0; i < (await columns.count()); i++) {
    const { numbers, paths, request } = await tableAndRequest(columns.nth(i));
    expect(numbers).toEqual(paths.map((_, n) => String(n + 1)));
    const positions: number[] = [];
    for (const file of paths) {
      const firstLine = (await fileContent(page, file))?.split('\n').find((l) => l.trim() !== '');
      if (firstLine === undefined || request.indexOf(firstLine) !== request.lastIndexOf(firstLine)) continue;
      positions.push(request.indexOf(firstLine));
    }
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    if (positions.length > 1) compared++;
  }
  expect(compared).toBeGreaterThanOrEqual(5);

  // The form: nothing runs off to the side, every entry's marker is on the line of its path, the checkbox by its label.
  const form = view.locator('.harness-view-context');
  expect(await form.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  const entries = view.getByTestId('file-tree').locator('li');
  for (let i = 0; i < (await entries.count()); i++) {
    const { before } = await charsBeforeBreaks(entries.nth(i).locator('.file-head'));
    expect(
      before.filter((ch) => ch !== '/'),
      `tree entry ${i} breaks inside a name or after its marker`,
    ).toEqual([]);
  }
  const [gap] = await labelGaps(view.getByLabel(/Read a folder on this machine/));
  expect(gap).toBeLessThan(6);
});

test('on a folder on this machine the environment, home and OS are disabled with the reason; on the tree they apply again', async ({
  studio: page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1440, height: 900 });
  const project = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'vs-e2e-layout-repo-')));
  fs.mkdirSync(path.join(project, '.git'));
  fs.writeFileSync(path.join(project, 'GEMINI.md'), 'Gemini-rules-on-disk.');
  try {
    await page.getByTestId('open-harnesses').click();
    const view = page.getByTestId('harness-view');
    const env = view.getByLabel('Environment variables (JSON object)');
    const homeField = view.getByLabel('Home folder');
    const osField = view.getByLabel('Operating system');
    const trust = view.getByTestId('env-use').locator('li[data-name=GEMINI_CLI_TRUST_WORKSPACE]');
    await view.getByLabel('Agents’ settings (JSON object, keys as each spec names them)').fill('{ "documentsDir": "/home/user/Docs" }');
    const documentsDir = view.getByTestId('settings-use').locator('li[data-name=documentsDir]');
    const gemini = view.getByTestId('harness-gemini-cli');

    // The virtual tree: everything typed applies, and says who reads it.
    await expect(env).toBeEnabled();
    await expect(trust).toHaveAttribute('data-applies', 'true');
    await expect(trust).toContainText('read by Gemini CLI 0.61.0');
    await expect(documentsDir).toHaveAttribute('data-applies', 'true');

    // A folder on this machine: the machine's environment, home and OS; Gemini does not trust the folder.
    await view.getByLabel('Working folder (absolute)').fill(project);
    await view.getByLabel(/Read a folder on this machine/).check();
    await view.getByTestId('harness-choose-folder').click();
    await chooseInFolderBrowser(page, project, 'Use this folder');
    await expect(view.getByTestId('harness-codex')).toContainText('No instruction text is sent.');
    for (const field of [env, homeField, osField]) await expect(field).toBeDisabled();
    await expect(view).toContainText(
      'ignored on a folder on this machine: each harness reads this machine’s environment (only the variables it knows, listed below)',
    );
    await expect(view).toContainText('ignored on a folder on this machine: its home folder is used');
    await expect(trust).toHaveAttribute('data-applies', 'false');
    await expect(trust).toContainText('GEMINI_CLI_TRUST_WORKSPACE ignored: on a folder on this machine, the machine’s own value is used');
    // What the run reads instead: this machine's variables, set or not (Gemini's trust variable is not).
    await expect(view.getByTestId('machine-env-use').locator('li[data-name=HOME]')).toContainText('HOME applies: set on this machine');
    await expect(view.getByTestId('machine-env-unset')).toContainText('GEMINI_CLI_TRUST_WORKSPACE');
    await expect(gemini.locator('.why-not')).toContainText('the folder is not trusted');
    await expect(documentsDir).toHaveAttribute('data-applies', 'false');
    await expect(documentsDir).toContainText(
      'documentsDir ignored: on a folder on this machine, Cline (classic) 3.89.2 takes it from the machine',
    );
    await expect(gemini).not.toContainText('Gemini-rules-on-disk.');
    // The global switches keep each checkbox beside its label.
    const switches = view.getByTestId('harness-globals').locator('input[type=checkbox]');
    expect(await switches.count()).toBeGreaterThan(5);
    for (const g of await labelGaps(switches)) expect(g).toBeLessThan(6);
    await screenshot(page, 'harness-view-1440-real-folder');
    expect(await view.locator('.harness-view-context').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

    // Back to the tree: the same fields apply again.
    await view.getByLabel(/Read a folder on this machine/).uncheck();
    await view.getByLabel('Working folder (absolute)').fill('/home/user/project');
    for (const field of [env, homeField, osField]) await expect(field).toBeEnabled();
    await expect(trust).toHaveAttribute('data-applies', 'true');
    await expect(documentsDir).toHaveAttribute('data-applies', 'true');
    await expect(view.getByTestId('machine-env-use')).toHaveCount(0);
    await expect(view.getByTestId('machine-env-unset')).toHaveCount(0);
    await expect(view.getByTestId('harness-codex').getByTestId('part-user')).toContainText('Use pnpm, never npm or yarn.');
  } finally {
    fs.rmSync(project, { recursive: true, force: true });
  }
});
