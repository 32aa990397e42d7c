import type { Page } from '@playwright/test';
import { expect, previewLines, test, waitForPreview } from './fixtures.js';

// Beside the compare view, a keystroke's prompt is shown with the columns' result for it
// (issue 23: the columns are not held back behind a render of the preview in the keystroke's
// own frame). Read from the page's timing marks (?trace): vs:edit for each keystroke,
// vs:apply:compare when the columns' result is taken, vs:shown:preview-ahead when the preview
// editor took the keystroke's prompt (made ahead of its build).

const KINDS = ['vs:edit', 'vs:apply:compare', 'vs:shown:preview-ahead'];

/** The marks of those kinds from `from` on, in time order, without their prefix. */
async function marksSince(page: Page, from: number): Promise<string[]> {
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
        .map((m) => m.name.slice(3));
    },
    { from, kinds: KINDS },
  );
}

const pageNow = (page: Page) => page.evaluate(() => (globalThis as unknown as { performance: { now(): number } }).performance.now());

/** Puts the cursor at the end of the template (a click on its last line shown, which is in view whatever the scroll). */
async function cursorAtEnd(page: Page): Promise<void> {
  await page.locator('[data-testid=template-editor] .monaco-editor .view-line').last().click();
  await page.keyboard.press('Control+End');
}

const templateCell = (page: Page) => page.locator('.compare-row[data-row="(template text)"] [data-testid=compare-cell]').first();

/** Types one character at the end of the template; the marks it made once the preview shows `typed`. */
async function typeOne(page: Page, ch: string, typed: string, cellShows: boolean): Promise<string[]> {
  const from = await pageNow(page);
  await page.keyboard.type(ch);
  await expect(previewLines(page)).toContainText(typed);
  if (cellShows) await expect(templateCell(page)).toContainText(typed);
  // The build comes after: its marks are not of these kinds.
  return marksSince(page, from);
}

test('beside the compare view the preview shows a keystroke with the columns that show it; without such a column, and closed, at once', async ({
  studio: page,
}) => {
  await page.goto(`${page.url()}${page.url().includes('?') ? '&' : '?'}trace`);
  await waitForPreview(page);
  // A line of words after the template's last line: a keystroke in it is certain without a build.
  await cursorAtEnd(page);
  await page.keyboard.press('Enter');
  await page.keyboard.type('Plain words here');
  await expect(previewLines(page)).toContainText('Plain words here');

  await page.getByTestId('open-compare').click();
  await expect(page.getByTestId('compare-column-header')).toHaveCount(2);
  await expect(templateCell(page)).toContainText('Plain words here');
  await cursorAtEnd(page);
  let typed = 'Plain words here';
  for (const ch of 'Kwq') {
    typed += ch;
    // The columns' result first, then the preview takes the keystroke's prompt.
    expect(await typeOne(page, ch, typed, true), ch).toEqual(['edit', 'apply:compare', 'shown:preview-ahead']);
  }

  // No column shows this template: the preview shows the keystroke all the same.
  await page.getByRole('button', { name: 'Remove generic' }).click();
  await expect(page.getByTestId('compare-column-header')).toHaveCount(1);
  await cursorAtEnd(page);
  typed += 'z';
  expect(await typeOne(page, 'z', typed, false)).toContain('shown:preview-ahead');

  // Closed: in the keystroke's own task, before anything comes back.
  await page.getByRole('button', { name: 'Close the compare view' }).click();
  await cursorAtEnd(page);
  typed += 'y';
  expect((await typeOne(page, 'y', typed, false)).slice(0, 2)).toEqual(['edit', 'shown:preview-ahead']);
});
