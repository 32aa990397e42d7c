import type { Page } from '@playwright/test';
import { expect, screenshot, test } from './fixtures.js';

// Issue 17, item 5: the preview and the compare columns warn when prompt + tools + the requested
// output budget exceed the model's context window, and say by how much.

const headers = (page: Page) => page.getByTestId('compare-column-header');

/** The context's model: an id no table knows, so the window is the one the context gives. */
async function contextModel(page: Page, id: string, window: number): Promise<void> {
  await page.getByTestId('bottom-tab-context').click();
  const form = page.getByTestId('context-form');
  await form.getByLabel('Model id').fill(id);
  await form.getByLabel('Context window (tokens)').fill(String(window));
}

test('the preview warns when the prompt does not fit the context window, and stops when it does', async ({ studio: page }) => {
  const warning = page.getByTestId('preview').getByTestId('context-window-warning');
  // generic × basic fits Claude's 200,000 tokens.
  await expect(page.getByTestId('sizes')).toContainText(/[1-9][\d,]* o200k/);
  await expect(warning).toHaveCount(0);
  // A local model with a 5,000-token window: over, by how much, and what it adds up.
  await contextModel(page, 'local-llm', 5000);
  await expect(warning).toContainText(/⚠ [1-9][\d,]* tokens over the 5,000-token context window of local-llm/);
  await expect(warning).toContainText(/The prompt [\d,]+ \+ the output budget 8,192 \(the variant config maxTokens\) = [\d,]+ tokens/);
  await expect(warning).toContainText("limits of the context's model info");
  // The amount is what the sum says.
  const text = (await warning.textContent()) ?? '';
  const over = Number(/⚠ ([\d,]+) tokens over/.exec(text)![1]!.replace(/,/g, ''));
  const total = Number(/= ([\d,]+) tokens/.exec(text)![1]!.replace(/,/g, ''));
  expect(over).toBe(total - 5000);
  await screenshot(page, 'context-window-preview');
  // A window it fits in: the warning goes.
  await page.getByTestId('context-form').getByLabel('Context window (tokens)').fill('500000');
  await expect(warning).toHaveCount(0);
});

test('each compare column is checked against its own model’s window', async ({ studio: page }) => {
  await contextModel(page, 'local-llm', 5000);
  await page.getByTestId('open-compare').click();
  await expect(headers(page)).toHaveCount(2);
  // A column for gpt-5: its model's 400,000-token window (the built-in table) fits.
  const add = page.getByTestId('compare-add');
  await add.getByLabel('Column kind').selectOption('model');
  await add.getByLabel('Model id').fill('gpt-5');
  await add.getByRole('button', { name: 'Add column' }).click();
  await expect(headers(page)).toHaveCount(3);
  const generic = headers(page).nth(0);
  await expect(generic).toContainText('generic');
  await expect(generic.getByTestId('context-window-warning')).toContainText(
    /[1-9][\d,]* tokens over the 5,000-token context window of local-llm/,
  );
  await expect(headers(page).nth(2)).toContainText('gpt-5 → gpt-5');
  await expect(headers(page).nth(2).getByTestId('compare-why')).toBeVisible();
  await expect(headers(page).nth(2).getByTestId('context-window-warning')).toHaveCount(0);
  await screenshot(page, 'context-window-compare');
  // The context's window made large enough: no column warns.
  await page.getByTestId('bottom-tab-context').click();
  await page.getByTestId('context-form').getByLabel('Context window (tokens)').fill('500000');
  await expect(page.getByTestId('compare-view').getByTestId('context-window-warning')).toHaveCount(0);
  await expect(headers(page)).toHaveCount(3);
});
