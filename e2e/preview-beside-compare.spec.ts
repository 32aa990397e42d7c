import type { Page } from '@playwright/test';
import { expect, marksSince, pageNow, previewLines, test, waitForPreview, type Mark } from './fixtures.js';

// Beside the compare view, a keystroke's prompt is shown with the columns' result for it
// (issue 23: the columns are not held back behind a render of the preview in the keystroke's
// own frame), or with the preview's build if that comes first, and at most 50 ms after the
// keystroke. Read from the page's timing marks (?trace): vs:edit for each keystroke,
// vs:apply:compare and vs:apply:preview when a result is taken, vs:shown:preview-ahead when the
// preview editor took the keystroke's prompt (made ahead of its build).

const KINDS = ['vs:edit', 'vs:apply:compare', 'vs:apply:preview', 'vs:shown:preview-ahead'];

/** Puts the cursor at the end of the template (a click on its last line shown, which is in view whatever the scroll). */
async function cursorAtEnd(page: Page): Promise<void> {
  await page.locator('[data-testid=template-editor] .monaco-editor .view-line').last().click();
  await page.keyboard.press('Control+End');
}

const templateCell = (page: Page) => page.locator('.compare-row[data-row="(template text)"] [data-testid=compare-cell]').first();

/** Types one character at the end of the template; the marks it made once the preview shows `typed`. */
async function typeOne(page: Page, ch: string, typed: string, cellShows: boolean): Promise<Mark[]> {
  const from = await pageNow(page);
  await page.keyboard.type(ch);
  await expect(previewLines(page)).toContainText(typed);
  if (cellShows) await expect(templateCell(page)).toContainText(typed);
  return marksSince(page, from, KINDS);
}

/** When the keystroke's prompt went into the preview: after which result, or how long after the keystroke. */
function whenShown(marks: Mark[]): { after: string | null; waited: number } {
  const edit = marks.find((m) => m.name === 'edit')!;
  const shown = marks.find((m) => m.name === 'shown:preview-ahead' && m.at >= edit.at)!;
  const result = marks.find((m) => m.name.startsWith('apply:') && m.at >= edit.at && m.at <= shown.at);
  return { after: result?.name ?? null, waited: shown.at - edit.at };
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
    // Not in the keystroke's own task: after a result (the columns', or the preview's build when it came first), or after waiting 50 ms.
    const when = whenShown(await typeOne(page, ch, typed, true));
    expect(when.after !== null || when.waited >= 49, `${ch}: ${JSON.stringify(when)}`).toBe(true);
  }

  // No column shows this template: the preview shows the keystroke all the same.
  await page.getByRole('button', { name: 'Remove generic' }).click();
  await expect(page.getByTestId('compare-column-header')).toHaveCount(1);
  await cursorAtEnd(page);
  typed += 'z';
  const when = whenShown(await typeOne(page, 'z', typed, false));
  expect(when.after !== null || when.waited >= 49, JSON.stringify(when)).toBe(true);

  // Closed: in the keystroke's own task, before anything comes back.
  await page.getByRole('button', { name: 'Close the compare view' }).click();
  await cursorAtEnd(page);
  typed += 'y';
  const marks = await typeOne(page, 'y', typed, false);
  expect(marks.slice(0, 2).map((m) => m.name)).toEqual(['edit', 'shown:preview-ahead']);
  expect(whenShown(marks).after).toBeNull();
});
