import fs from 'node:fs';
import path from 'node:path';
import { expect, screenshot } from './fixtures.js';
import { generations, KEY, setKey, test } from './run-fixtures.js';

/**
 * Runs against models, in browser mode, against the local stand-in (never the internet): the
 * connections dialog (a key goes in and never comes back), the preview's Run tab (send,
 * stream, cancel, record, replay, the two-call cache check), each compare column's Run side
 * by side, and the eval view over the workspace's tests.
 */

test('connections: a key goes in, is only ever "set", is tested and forgotten; a connection is added and removed', async ({
  studio: page,
  standIn,
  received,
}) => {
  await page.getByTestId('open-connections').click();
  const dialog = page.getByTestId('connections-dialog');
  await expect(dialog).toBeVisible();
  const anthropic = dialog.locator('[data-testid=connection-row][data-id=anthropic]');
  await expect(anthropic.getByTestId('connection-url')).toHaveText(standIn.origin);
  await expect(anthropic.getByTestId('key-status')).toHaveText('no key (ANTHROPIC_API_KEY is not set)');
  // Four APIs, each a standard connection.
  for (const id of ['openai-chat', 'openai-responses', 'anthropic', 'gemini'])
    await expect(dialog.locator(`[data-testid=connection-row][data-id=${id}]`)).toHaveCount(1);

  // Without a key the provider refuses; with it, it answers.
  await anthropic.getByRole('button', { name: 'Test anthropic' }).click();
  await expect(anthropic.getByTestId('connection-test')).not.toHaveText('testing…');
  await expect(anthropic.getByTestId('connection-test')).toHaveClass(/error/);
  await anthropic.getByRole('textbox', { name: 'Key of anthropic' }).fill(KEY);
  await anthropic.getByRole('button', { name: 'Set key' }).click();
  await expect(anthropic.getByTestId('key-status')).toHaveText('key set (for this session, in memory)');
  await expect(anthropic.getByRole('textbox', { name: 'Key of anthropic' })).toHaveValue('');
  await anthropic.getByRole('button', { name: 'Test anthropic' }).click();
  await expect(anthropic.getByTestId('connection-test')).toHaveClass(/ok-text/);
  await screenshot(page, 'run-connections');

  // Forgotten: no key again.
  await anthropic.getByRole('button', { name: 'Forget the key of anthropic' }).click();
  await expect(anthropic.getByTestId('key-status')).toHaveText('no key (ANTHROPIC_API_KEY is not set)');

  // A local OpenAI-compatible server, added and removed.
  const add = dialog.getByTestId('connection-add');
  await add.getByLabel('Kind of connection').selectOption('compatible');
  await add.getByLabel('Connection id').fill('local');
  await add.getByLabel('Base URL').fill(standIn.baseUrl('openai-chat'));
  await add.getByLabel('Key variable').fill('LOCAL_MODEL_KEY');
  await add.getByRole('button', { name: 'Add' }).click();
  const local = dialog.locator('[data-testid=connection-row][data-id=local]');
  await expect(local.getByTestId('connection-url')).toHaveText(standIn.baseUrl('openai-chat'));
  await expect(local.getByTestId('key-status')).toHaveText('no key (LOCAL_MODEL_KEY is not set)');
  await local.getByRole('button', { name: 'Remove local' }).click();
  await expect(local).toHaveCount(0);

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  // The key went to the host once and never came back to the page.
  expect(received.length).toBeGreaterThan(0);
  expect(received.filter((m) => m.includes(KEY))).toEqual([]);
});

test('preview Run tab: send, stream, cancel; record the reply, then replay it without a model; the two-call cache check', async ({
  studio: page,
  standIn,
  app,
  received,
}) => {
  test.slow();
  await setKey(page);
  await page.getByRole('tab', { name: 'Run' }).click();
  const run = page.getByTestId('preview-run');
  await run.getByLabel('Connection of generic').selectOption('anthropic');
  await run.getByTestId('run-message').fill('Say hello');

  // A reply that never ends: cancelled, the request stops.
  standIn.enqueue({ text: 'Hello, this reply never ends', fault: { kind: 'never-ends' } });
  await run.getByRole('button', { name: 'Send generic' }).click();
  await expect(run.getByTestId('run-status')).toContainText('streaming…');
  // It reached the model and its first event came (the usage of the request), then nothing.
  await expect.poll(() => generations(standIn)).toBe(1);
  await expect(run.getByTestId('run-usage')).toContainText(/input [\d,]+/);
  await run.getByRole('button', { name: 'Cancel the run of generic' }).click();
  await expect(run.getByTestId('run-result')).toHaveAttribute('data-status', 'cancelled');
  await expect(run.getByTestId('run-status')).toContainText('cancelled');

  // A whole reply: its text, its tool call as Cline parses it, usage, latency and cost.
  standIn.enqueue({ text: 'I will read it first.\n<read_file>\n<path>src/a.ts</path>\n</read_file>' });
  await run.getByRole('button', { name: 'Send generic' }).click();
  await expect(run.getByTestId('run-result')).toHaveAttribute('data-status', 'ok');
  await expect(run.getByTestId('run-reply')).toContainText('I will read it first.');
  const call = run.getByTestId('run-tool-call');
  await expect(call).toHaveCount(1);
  await expect(call).toContainText('read_file');
  await expect(call).toContainText('XML in the text');
  await expect(call).toContainText('valid: the agent runs it');
  await expect(call).toContainText('"path": "src/a.ts"');
  await expect(run.getByTestId('run-usage')).toContainText(/input [\d,]+/);
  await expect(run.getByTestId('run-usage')).toContainText(/\d ms/);
  await expect(run.getByTestId('run-usage')).toContainText('$');
  const sent = standIn.requests.at(-1)!;
  expect(sent.body).toContain('Say hello');
  await screenshot(page, 'run-preview');

  // Recorded into the workspace's tests/recordings/, then replayed: no request reaches the model.
  await run.getByTestId('run-mode').selectOption('record');
  await run.getByRole('button', { name: 'Send generic' }).click();
  await expect(run.getByTestId('run-status')).toContainText('recorded into tests/recordings/');
  const recordings = path.join(app.workspace!, 'tests/recordings');
  expect(fs.readdirSync(recordings).filter((f) => f.endsWith('.json')).length).toBe(1);
  const before = generations(standIn);
  await run.getByTestId('run-mode').selectOption('replay');
  await run.getByRole('button', { name: 'Send generic' }).click();
  await expect(run.getByTestId('run-status')).toContainText('replayed from its recording');
  await expect(run.getByTestId('run-reply')).toHaveText('Hello from the stand-in.');
  expect(generations(standIn)).toBe(before);
  // A message never recorded: "needs recording", and still no call.
  await run.getByTestId('run-message').fill('Something else');
  await run.getByRole('button', { name: 'Send generic' }).click();
  await expect(run.getByTestId('run-fault')).toHaveText('needs recording: no reply was recorded for this request');
  await expect(run.getByTestId('run-usage')).toHaveCount(0);
  expect(generations(standIn)).toBe(before);
  await run.getByTestId('run-mode').selectOption('live');

  // Two calls with the same prefix: the cached tokens of the second, beside the predicted stable prefix.
  await run.getByRole('button', { name: 'Two calls: check the cache' }).click();
  await expect(run.getByTestId('run-cache-check')).toContainText(/second call: [\d,]+ cached input tokens/);
  await expect(run.getByTestId('run-cache-check')).toContainText(/stable prefix of [\d,]+ characters/);

  // The tab closes and opens again on the last run.
  await page.getByRole('tab', { name: 'Prompt' }).click();
  await expect(run).toBeHidden();
  await page.getByRole('tab', { name: 'Run' }).click();
  await expect(page.getByTestId('run-fault')).toHaveText('needs recording: no reply was recorded for this request');
  await expect(page.getByTestId('run-cache-check')).toContainText('cached input tokens');
  expect(received.filter((m) => m.includes(KEY))).toEqual([]);
});

test('compare columns: each column sends its own request, replies side by side with their differences; the Run row opens and closes', async ({
  studio: page,
  standIn,
}) => {
  await setKey(page);
  await page.getByTestId('open-compare').click();
  await expect(page.getByTestId('compare-column-header')).toHaveCount(2);
  await page.getByTestId('compare-run-toggle').click();
  const row = page.getByTestId('compare-run-row');
  await expect(row.getByTestId('column-run')).toHaveCount(2);
  for (const label of ['generic', 'xs']) await row.getByLabel(`Connection of ${label}`).selectOption('anthropic');
  standIn.enqueue({ text: 'Hello there, I will read the file first.' }, { text: 'Hello there, I will edit the file now.' });
  await page.getByTestId('columns-run-bar').getByTestId('run-message').fill('Fix the test');
  await page.getByTestId('run-send-all').click();
  const results = row.getByTestId('run-result');
  await expect(results).toHaveCount(2);
  await expect(results.nth(0)).toHaveAttribute('data-status', 'ok');
  await expect(results.nth(1)).toHaveAttribute('data-status', 'ok');
  // Each column's own system prompt went out.
  const bodies = standIn.requests.filter((r) => r.route === 'generate').map((r) => r.body);
  expect(bodies.length).toBe(2);
  expect(bodies[0]).not.toBe(bodies[1]);
  // The second reply marks what differs from the first.
  await expect(results.nth(1).locator('mark.diff-added').first()).toBeVisible();
  await screenshot(page, 'run-compare-columns');
  await page.getByTestId('compare-run-toggle').click();
  await expect(row).toHaveCount(0);
  await page.getByTestId('compare-run-toggle').click();
  await expect(page.getByTestId('compare-run-row').getByTestId('run-result')).toHaveCount(2);
});

test('eval view: the tests × columns matrix records, replays offline, opens a cell, and closes', async ({ studio: page, standIn }) => {
  test.slow();
  await setKey(page);
  await page.getByTestId('open-eval').click();
  const view = page.getByTestId('eval-view');
  await expect(view).toBeVisible();
  await expect(view.getByTestId('eval-tests')).toContainText('greet');
  await expect(view.getByTestId('eval-tests')).toContainText('2 cells');

  // Replay first: nothing recorded yet.
  await view.getByTestId('eval-start').click();
  await expect(view.getByTestId('eval-summary')).toContainText('2 need recording');
  expect(generations(standIn)).toBe(0);
  await view.getByTestId('eval-record-missing').click();
  await expect(view.getByTestId('eval-summary')).toContainText('2 passed');
  expect(generations(standIn)).toBe(2);
  await expect(view.getByTestId('eval-progress')).toContainText('2 / 2 cells');

  // Replayed offline: the same verdicts, no call.
  await view.getByLabel('Eval mode').selectOption('replay');
  await view.getByTestId('eval-start').click();
  await expect(view.getByTestId('eval-summary')).toContainText('2 passed');
  expect(generations(standIn)).toBe(2);
  const cells = view.getByTestId('eval-cell');
  await expect(cells).toHaveCount(2);
  await cells.first().click();
  const detail = view.getByTestId('eval-cell-detail');
  await expect(detail).toContainText('Replayed from tests/recordings/');
  await expect(detail.getByTestId('run-assertions')).toContainText('text contains "Hello"');
  await expect(detail.getByTestId('run-request')).toContainText('Say hello');
  await screenshot(page, 'run-eval');
  await detail.getByRole('button', { name: 'Close the cell' }).click();
  await expect(detail).toHaveCount(0);

  await view.getByTestId('eval-close').click();
  await expect(view).toHaveCount(0);
});
