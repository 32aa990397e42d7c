import type { Page } from '@playwright/test';
import { expect, screenshot, test } from './fixtures.js';

// The compare view is readable at 1440×900 (issue 17, item 4): columns keep a readable width
// and scroll sideways beyond it, three columns or more open over the whole window, and the
// layout the user chooses is what the view opens in next time, also after a reload.

const headers = (page: Page) => page.getByTestId('compare-column-header');
const maximize = (page: Page) => page.getByTestId('compare-maximize');

async function columnWidths(page: Page): Promise<number[]> {
  return headers(page).evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().width)));
}

async function scrollsSideways(page: Page): Promise<boolean> {
  return page.getByTestId('compare-scroll').evaluate((el) => el.scrollWidth > el.clientWidth);
}

async function reopen(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Close the compare view' }).click();
  await expect(page.getByTestId('compare-view')).toHaveCount(0);
  await page.getByTestId('open-compare').click();
  await expect(headers(page)).toHaveCount(4);
}

test('at 1440×900 four columns stay readable, open over the whole window, and the chosen layout is remembered', async ({
  studio: page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByTestId('open-compare').click();
  await expect(headers(page)).toHaveCount(2);
  // Two columns: beside the editor.
  await expect(maximize(page)).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('template-editor')).toBeVisible();
  const add = page.getByTestId('compare-add');
  for (const v of ['gpt-5', 'next-gen']) {
    await add.getByLabel('Variant').selectOption(v);
    await add.getByRole('button', { name: 'Add column' }).click();
  }
  await expect(headers(page)).toHaveCount(4);
  // Beside the editor there is no room for four: each keeps its width and the view scrolls sideways.
  for (const w of await columnWidths(page)) expect(w).toBeGreaterThanOrEqual(320);
  expect(await scrollsSideways(page)).toBe(true);
  await expect(page.getByTestId('template-editor')).toBeVisible();
  await screenshot(page, 'compare-1440-beside-scroll');

  // Opened again with four columns and no choice made: over the whole window, all four in view.
  await reopen(page);
  await expect(maximize(page)).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('template-editor')).toBeHidden();
  await expect(page.getByTestId('preview')).toBeHidden();
  for (const w of await columnWidths(page)) expect(w).toBeGreaterThanOrEqual(320);
  expect(await scrollsSideways(page)).toBe(false);
  await screenshot(page, 'compare-1440-whole-window');

  // Chosen: back beside the editor. So it opens again, and after a reload.
  await maximize(page).click();
  await expect(maximize(page)).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('template-editor')).toBeVisible();
  await reopen(page);
  await expect(maximize(page)).toHaveAttribute('aria-pressed', 'false');
  await page.reload();
  await page.getByTestId('compare-tab').click();
  await expect(headers(page)).toHaveCount(4);
  await expect(maximize(page)).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('template-editor')).toBeVisible();

  // Chosen again: the whole window, and so it opens.
  await maximize(page).click();
  await expect(maximize(page)).toHaveAttribute('aria-pressed', 'true');
  await reopen(page);
  await expect(maximize(page)).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('template-editor')).toBeHidden();
});
