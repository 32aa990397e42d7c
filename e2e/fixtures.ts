import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { startApp, tempWorkspace, type RunningApp } from './app-server.js';

export { expect };

export const SCREENSHOTS = path.join(path.dirname(new URL(import.meta.url).pathname), 'screenshots');

interface Fixtures {
  /** Files written into the workspace copy before the app starts (relative path -> text), e.g. a broken one. */
  workspaceFiles: Record<string, string>;
  /** Open the built-in variants (read-only) instead of a writable copy. */
  builtin: boolean;
  /** Start as on a new machine: the getting-started panel opens by itself. */
  firstRun: boolean;
  /** Environment variables of the app's server (undefined removes one). */
  appEnv: Record<string, string | undefined>;
  app: RunningApp;
  /** The page, open on the app, with generic × basic shown. */
  studio: Page;
  /** Every URL the page asked for (requests and WebSockets). */
  requests: string[];
  /** Every WebSocket message the page received, as text. */
  received: string[];
}

export const test = base.extend<Fixtures>({
  workspaceFiles: [{}, { option: true }],
  builtin: [false, { option: true }],
  firstRun: [false, { option: true }],
  appEnv: [{}, { option: true }],
  app: async ({ workspaceFiles, builtin, firstRun, appEnv }, use) => {
    const workspace = builtin ? null : tempWorkspace();
    for (const [rel, text] of Object.entries(workspaceFiles)) {
      fs.mkdirSync(path.dirname(path.join(workspace!, rel)), { recursive: true });
      fs.writeFileSync(path.join(workspace!, rel), text);
    }
    const app = await startApp({ workspace, firstRun, env: appEnv });
    await use(app);
    await app.stop();
    // The workspace copy was made here; the user-data folder by startApp (stop removed it).
    if (workspace) fs.rmSync(workspace, { recursive: true, force: true });
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
  requests: async ({}, use) => {
    await use([]);
  },
  // eslint-disable-next-line no-empty-pattern -- as above
  received: async ({}, use) => {
    await use([]);
  },
  studio: async ({ page, app, requests, received }, use) => {
    page.on('request', (r) => requests.push(r.url()));
    page.on('websocket', (ws) => {
      requests.push(ws.url());
      ws.on('framereceived', (f) => received.push(typeof f.payload === 'string' ? f.payload : f.payload.toString('utf8')));
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(app.url);
    await waitForPreview(page);
    await use(page);
    // No test may leave the page with uncaught errors, or with a request off this machine.
    expect(errors, 'uncaught errors in the page').toEqual([]);
    const foreign = requests.filter((u) => !/^(https?|wss?):\/\/127\.0\.0\.1[:/]/.test(u) && !/^(data|blob):/.test(u));
    expect(foreign, 'requests that left 127.0.0.1').toEqual([]);
  },
});

/** Waits until the preview shows a built prompt. */
export async function waitForPreview(page: Page): Promise<void> {
  await expect(page.getByTestId('sizes')).toContainText(/[1-9][\d,]* chars/, { timeout: 30_000 });
  await expect(page.locator('[data-testid=preview-editor] .view-lines')).not.toBeEmpty();
}

export function previewLines(page: Page) {
  return page.locator('[data-testid=preview-editor] .view-lines');
}

/** Puts the cursor at the end of a line (1-based) of the template editor. */
export async function cursorAtLine(page: Page, line: number): Promise<void> {
  const editor = page.locator('[data-testid=template-editor] .monaco-editor').first();
  await editor
    .locator('.view-line')
    .nth(line - 1)
    .click();
  await page.keyboard.press('End');
}

/** Runs a command from the command palette by its title. */
export async function runCommand(page: Page, title: string): Promise<void> {
  await page.keyboard.press('Control+Shift+P');
  const palette = page.getByTestId('palette');
  await palette.getByRole('combobox').fill(title);
  await expect(palette.getByRole('option').first()).toContainText(title);
  await page.keyboard.press('Enter');
  await expect(palette).toHaveCount(0);
}

/** Types into the template editor at the end of a line. */
export async function typeInTemplate(page: Page, line: number, text: string): Promise<void> {
  await cursorAtLine(page, line);
  await page.keyboard.type(text);
}

/** The labels of the preview's outline, in order. */
export async function outlineLabels(page: Page): Promise<string[]> {
  return page.locator('[data-testid=outline] .outline-entry').evaluateAll((els) => els.map((e) => e.getAttribute('data-label') ?? ''));
}

/** How often a text occurs in the whole preview, read from the preview's own find widget. */
export async function countInPreview(page: Page, text: string): Promise<number> {
  // Focus the preview with its shortcut, then open its find widget.
  await page.keyboard.press('Control+Shift+V');
  await expect(page.locator('[data-testid=preview-editor] .monaco-editor.focused')).toHaveCount(1);
  await page.keyboard.press('Control+F');
  const input = page.locator('[data-testid=preview-editor] .find-widget textarea, [data-testid=preview-editor] .find-widget input').first();
  await input.fill(text);
  const count = page.locator('[data-testid=preview-editor] .find-widget .matchesCount');
  await expect(count).not.toHaveText('');
  const label = (await count.textContent()) ?? '';
  await page.keyboard.press('Escape');
  if (/no results/i.test(label)) return 0;
  const m = /of (\d+)/.exec(label);
  if (!m) throw new Error(`cannot read the match count '${label}'`);
  return Number(m[1]);
}

/**
 * Picks a folder in browser mode's folder browser: types its path, goes there, names a new
 * folder inside it when asked (a copy's target), and presses the button that chooses.
 */
export async function chooseInFolderBrowser(page: Page, folder: string, choose: string, newFolder?: string): Promise<void> {
  const browser = page.getByTestId('folder-browser');
  await expect(browser).toBeVisible();
  await browser.getByLabel('Folder path').fill(folder);
  await browser.getByRole('button', { name: 'Go', exact: true }).click();
  await expect(browser.getByLabel('Folder path')).toHaveValue(folder);
  if (newFolder !== undefined) await browser.getByLabel('New folder name').fill(newFolder);
  await browser.getByRole('button', { name: choose }).click();
  await expect(browser).toHaveCount(0);
}

export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
}

/** A User Timing mark of the page (?trace), without its `vs:` prefix. */
export interface Mark {
  name: string;
  at: number;
}

/** The page's marks of the names `kinds` from `from` (the page's clock) on, in time order. */
export async function marksSince(page: Page, from: number, kinds: readonly string[]): Promise<Mark[]> {
  return page.evaluate(
    ({ from, kinds }) => {
      const g = globalThis as unknown as {
        __vsFlushMarks?: () => void;
        performance: { getEntriesByType(type: string): { name: string; startTime: number }[] };
      };
      g.__vsFlushMarks?.();
      return g.performance
        .getEntriesByType('mark')
        .filter((m) => m.startTime >= from && kinds.includes(m.name))
        .sort((a, b) => a.startTime - b.startTime)
        .map((m) => ({ name: m.name.slice(3), at: m.startTime }));
    },
    { from, kinds },
  );
}

/** The page's clock (performance.now()). */
export const pageNow = (page: Page): Promise<number> =>
  page.evaluate(() => (globalThis as unknown as { performance: { now(): number } }).performance.now());
