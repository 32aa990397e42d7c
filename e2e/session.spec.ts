import type { Page } from '@playwright/test';
import { startApp } from './app-server.js';
import { countInPreview, expect, screenshot, test, waitForPreview } from './fixtures.js';

// The edited context (preset, model, fields) and the open compare view come back after a
// reload or a kill, as template drafts do (renderer/src/store/session-memory.ts).

async function editContext(page: Page): Promise<void> {
  await page.getByTestId('preset-select').selectOption('no-mcp');
  // The preset is loaded before it is edited (an edit made while it loads would be of the previous one).
  await expect(page.getByTestId('preview-title')).toHaveText('generic × no-mcp');
  await page.getByTestId('bottom-tab-context').click();
  await page.getByLabel('Model id').fill('gpt-5-mini');
  await expect(page.getByTestId('preview-title')).toHaveText('generic × no-mcp (edited)');
  await page.getByLabel('The agent can use a browser').uncheck();
  await expect.poll(() => countInPreview(page, '## browser_action')).toBe(0);
  await page.getByTestId('open-compare').click();
  await expect(page.getByTestId('compare-view')).toBeVisible();
}

async function contextIsBack(page: Page): Promise<void> {
  await waitForPreview(page);
  await expect(page.getByTestId('preset-select')).toHaveValue('no-mcp');
  await expect(page.locator('.top-preset .badge')).toHaveText('edited');
  await expect(page.getByTestId('preview-title')).toHaveText('generic × no-mcp (edited)');
  // The compare view is open again, in front.
  await expect(page.getByTestId('compare-tab')).toBeVisible();
  await expect(page.getByTestId('compare-view')).toBeVisible();
  await expect(page.getByTestId('compare-column-header').first()).toContainText('generic');
  await page
    .getByTestId('tabs')
    .getByRole('tab', { name: /^generic · template.md/ })
    .click();
  await expect.poll(() => countInPreview(page, '## browser_action')).toBe(0);
  await page.getByTestId('bottom-tab-context').click();
  await expect(page.getByLabel('Model id')).toHaveValue('gpt-5-mini');
  await expect(page.getByLabel('The agent can use a browser')).not.toBeChecked();
}

test('context edits and the compare view survive a reload; undone, a reload keeps that too', async ({ studio: page }) => {
  // A long flow: on a loaded machine it takes longer than one default timeout.
  test.slow();
  await editContext(page);
  await page.reload();
  await contextIsBack(page);
  await screenshot(page, 'session-restored');
  // Back to the preset as saved, the compare view closed: that is what the next reload shows.
  await page.getByTestId('preset-select').selectOption('basic');
  await expect(page.locator('.top-preset .badge')).toHaveCount(0);
  await page.getByTestId('compare-tab').locator('..').getByRole('button', { name: 'Close the compare view' }).click();
  await page.reload();
  await waitForPreview(page);
  await expect(page.getByTestId('preset-select')).toHaveValue('basic');
  await expect(page.locator('.top-preset .badge')).toHaveCount(0);
  await expect(page.getByTestId('preview-title')).toHaveText('generic × basic');
  await expect(page.getByTestId('compare-tab')).toHaveCount(0);
  await expect.poll(() => countInPreview(page, '## browser_action')).toBe(1);
});

test('context edits and the compare view survive a kill of the app', async ({ studio: page, app }) => {
  // A long flow: on a loaded machine it takes longer than one default timeout.
  test.slow();
  await editContext(page);
  // Killed, not stopped: no chance to save anything on the way out.
  const exited = new Promise((resolve) => app.child.once('exit', resolve));
  app.child.kill('SIGKILL');
  await exited;
  const again = await startApp({ workspace: app.workspace, userData: app.userData, port: Number(new URL(app.url).port) });
  try {
    await page.goto(again.url);
    await contextIsBack(page);
  } finally {
    await again.stop();
  }
});
