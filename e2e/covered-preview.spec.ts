import type { Page } from '@playwright/test';
import { expect, previewLines, test, typeInTemplate, waitForPreview } from './fixtures.js';

// A preview out of sight takes no new results while the author types (issue 23, item 2), and
// shows the latest as soon as it is on screen again: the prompt under another preview tab,
// and the diff in its place. What the editors did is read from the page's timing marks
// (?trace: shown:preview when the prompt editor took a result, shown:diff-models when the
// diff editor did).

const diffLines = (page: Page) => page.locator('[data-testid=diff-editor] .editor.modified .view-lines:not(.line-delete)');

/** The prompt's length as the preview's header says (it follows every result, covered or not). */
async function promptChars(page: Page): Promise<number> {
  const text = (await page.getByTestId('sizes').textContent()) ?? '';
  return Number(/([\d,]+) chars/.exec(text)?.[1]?.replace(/,/g, '') ?? NaN);
}

/** How often the prompt and diff editors took a result so far. */
async function editorUpdates(page: Page): Promise<number> {
  return page.evaluate(() => {
    const page = globalThis as unknown as {
      __vsFlushMarks?: () => void;
      performance: { getEntriesByName(name: string): unknown[] };
    };
    page.__vsFlushMarks?.();
    return page.performance.getEntriesByName('vs:shown:preview').length + page.performance.getEntriesByName('vs:shown:diff-models').length;
  });
}

/** Types while the preview shows another tab; answers once the result is in (the header counts it). */
async function typeCovered(page: Page, text: string): Promise<void> {
  const before = await promptChars(page);
  await page
    .locator('.preview-tabs')
    .getByRole('tab', { name: /^Warnings/ })
    .click();
  await expect(page.getByTestId('preview-main')).toBeHidden();
  const updates = await editorUpdates(page);
  await typeInTemplate(page, 2, text);
  await expect.poll(() => promptChars(page)).toBe(before + text.length);
  expect(await editorUpdates(page)).toBe(updates);
}

test('the prompt and the diff take no results while another preview tab covers them, and catch up when shown', async ({ studio: page }) => {
  await page.goto(`${page.url()}${page.url().includes('?') ? '&' : '?'}trace`);
  await waitForPreview(page);
  const tabs = page.locator('.preview-tabs');

  await typeCovered(page, 'Typed-while-covered ');
  await tabs.getByRole('tab', { name: 'Prompt' }).click();
  await expect(previewLines(page)).toContainText('Typed-while-covered');

  await page.getByTestId('diff-toggle').click();
  await expect(diffLines(page)).toContainText('Typed-while-covered');
  await typeCovered(page, 'Then-under-the-diff ');
  await tabs.getByRole('tab', { name: 'Diff' }).click();
  await expect(diffLines(page)).toContainText('Then-under-the-diff');
  // And back to the plain prompt, which shows it too.
  await page.getByTestId('diff-toggle').click();
  await expect(previewLines(page)).toContainText('Then-under-the-diff');
});

/** Frames from the host: its preview results, and its answers to doc:update. */
const previewResults = (received: string[]) => received.filter((f) => f.includes('"event":"preview:result"')).length;
const editAnswers = (received: string[]) => received.filter((f) => f.includes('"value":{"dirty":')).length;

test('over the whole window the compare view leaves the preview unbuilt while edits come in, and the preview shows the latest once back', async ({
  studio: page,
  received,
}) => {
  const maximize = page.getByTestId('compare-maximize');
  await typeInTemplate(page, 2, 'Typed-under-compare ');
  await expect(previewLines(page)).toContainText('Typed-under-compare');

  /** Covers the preview with the compare view over the whole window, then undoes (or redoes) the edit there. */
  const editCovered = async (key: string): Promise<void> => {
    await page.getByTestId('open-compare').click();
    if ((await maximize.getAttribute('aria-pressed')) !== 'true') await maximize.click();
    await expect(page.getByTestId('preview')).toBeHidden();
    const results = previewResults(received);
    const answers = editAnswers(received);
    // The keyboard focus is on the compare view's button: undo and redo act on the document edited last.
    await page.keyboard.press(key);
    // The host answers an edit once the rebuild it causes has been sent: none was.
    await expect.poll(() => editAnswers(received)).toBe(answers + 1);
    expect(previewResults(received)).toBe(results);
  };

  // Undone while covered; closing the compare view shows the prompt without the text.
  await editCovered('Control+z');
  await page.getByRole('button', { name: 'Close the compare view' }).click();
  await expect(page.getByTestId('preview')).toBeVisible();
  await expect(previewLines(page)).not.toContainText('Typed-under-compare');

  // Redone while covered; back to the editor area ("Restore"), the prompt shows it again.
  await editCovered('Control+y');
  await maximize.click();
  await expect(page.getByTestId('preview')).toBeVisible();
  await expect(previewLines(page)).toContainText('Typed-under-compare');
});
