import { cursorAtLine, expect } from './fixtures.js';
import { setKey, test } from './run-fixtures.js';

/**
 * The exact token count of the preview's request, from the provider's free counting endpoint
 * (Anthropic count_tokens, here the local stand-in): unavailable, and saying why, without a
 * key or for an API that has no such endpoint; with a key, "exact" beside the estimate,
 * counted once per exact request (a second click, or the prompt back as it was, asks the host's
 * cache, not the provider), counted again after an edit.
 */

test('exact token count: says why it is unavailable without a key; exact beside the estimate; counted once per prompt, again after an edit', async ({
  studio: page,
  standIn,
}) => {
  const counted = () => standIn.requests.filter((r) => r.route === 'count-tokens').length;
  await page.getByRole('tab', { name: 'Run' }).click();
  const run = page.getByTestId('preview-run');
  const connection = run.getByLabel('Connection of generic');
  const button = run.getByRole('button', { name: 'Exact token count' });
  const unavailable = run.getByTestId('run-exact-unavailable');
  const exact = run.getByTestId('run-exact-tokens');

  // No key: off, and why.
  await connection.selectOption('anthropic');
  await expect(button).toBeDisabled();
  await expect(unavailable).toHaveText('anthropic has no key (ANTHROPIC_API_KEY is not set): set one under Models… to count exactly');
  // An API without a counting endpoint: off, and why.
  await connection.selectOption('openai-chat');
  await expect(button).toBeDisabled();
  await expect(unavailable).toHaveText(
    'openai-chat (openai-chat) has no free counting endpoint: only Anthropic (count_tokens) and Gemini (countTokens) count for free',
  );
  await connection.selectOption('anthropic');

  // With the key: on, the reason gone.
  await setKey(page);
  await expect(button).toBeEnabled();
  await expect(unavailable).toHaveCount(0);
  await button.click();
  await expect(exact).toHaveText(/^ · exact: [\d,]+ input tokens \(anthropic\)$/);
  await expect(run.getByTestId('run-tokens')).toContainText(/≈ [\d,]+ tokens estimated/);
  expect(counted()).toBe(1);
  const original = (await exact.textContent())!;
  const sentBody = standIn.requests.at(-1)!.body;
  expect(original).toContain(`exact: ${Math.ceil(sentBody.length / 4).toLocaleString('en-US')} input tokens`);

  // Again, unchanged: from the cache, the provider is not asked.
  await button.click();
  await expect(exact).toHaveText(`${original.slice(0, -1)}, counted before)`);
  expect(counted()).toBe(1);

  // An edit: the count shown is marked as the old prompt's; counting again asks the provider.
  const estimate = run.getByTestId('run-tokens').locator('.muted').first();
  const before = await estimate.textContent();
  // One edit (inserted at once, as a paste): one build, so the estimate changes once, to the edited prompt's.
  await cursorAtLine(page, 1);
  await page.keyboard.insertText(' Mind the tests, always run them before you finish.');
  await expect(estimate).not.toHaveText(before!);
  await expect(estimate).toHaveText(/^≈ [\d,]+ tokens estimated/);
  await expect(run.getByTestId('run-exact-stale')).toHaveText(' · for the prompt before your edit: count again');
  await button.click();
  await expect(exact).not.toContainText('counted before');
  await expect(exact).not.toHaveText(original);
  await expect(run.getByTestId('run-exact-stale')).toHaveCount(0);
  expect(counted()).toBe(2);

  // Undone: the prompt is as it was, and so is its count, from the cache.
  await page.locator('[data-testid=template-editor] .monaco-editor').first().click();
  await page.keyboard.press('Control+Z');
  await expect(estimate).toHaveText(before!);
  await button.click();
  await expect(exact).toHaveText(`${original.slice(0, -1)}, counted before)`);
  expect(counted()).toBe(2);

  // The key forgotten: off again, and why.
  await page.getByTestId('open-connections').click();
  const dialog = page.getByTestId('connections-dialog');
  await dialog.getByRole('button', { name: 'Forget the key of anthropic' }).click();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(button).toBeDisabled();
  await expect(unavailable).toContainText('anthropic has no key');
});
