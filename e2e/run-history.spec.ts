import fs from 'node:fs';
import path from 'node:path';
import { expect } from './fixtures.js';
import { setKey, test } from './run-fixtures.js';

/**
 * The run history of the preview's Run tab: every run is kept in the user-data folder (not the
 * workspace), listed newest first, opened and closed again, two opened side by side with the
 * second's differences; the list opens and closes, and a run from before a reload of the page
 * is still listed, and opens, after it.
 */

test('run history: runs are kept in the user-data folder, opened, diffed and closed; the list opens and closes; a reload keeps them', async ({
  studio: page,
  standIn,
  app,
}) => {
  await setKey(page);
  await page.getByRole('tab', { name: 'Run' }).click();
  const run = page.getByTestId('preview-run');
  await run.getByLabel('Connection of generic').selectOption('anthropic');
  await run.getByTestId('run-message').fill('Say hello');
  standIn.enqueue({ text: 'Hello, I will read the file first.' }, { text: 'Hello, I will edit the file now.' });
  for (const reply of ['Hello, I will read the file first.', 'Hello, I will edit the file now.']) {
    await run.getByRole('button', { name: 'Send generic' }).click();
    await expect(run.getByTestId('run-reply')).toHaveText(reply);
  }
  // In the user-data folder, one file a run; nothing in the workspace.
  const runsDir = path.join(app.userData, 'runs');
  // The file is written once the reply is complete, which can be just after it shows.
  await expect.poll(() => (fs.existsSync(runsDir) ? fs.readdirSync(runsDir).filter((f) => f.endsWith('.json')).length : 0)).toBe(2);
  expect(fs.readdirSync(app.workspace!)).not.toContain('runs');

  // The list opens: newest first.
  const history = run.getByTestId('run-history');
  const list = history.getByRole('listitem');
  await history.getByText('Earlier runs').click();
  await expect(list).toHaveCount(2);
  await expect(list.nth(0)).toContainText('Hello, I will edit the file now.');
  await expect(list.nth(1)).toContainText('Hello, I will read the file first.');
  await expect(list.nth(0)).toContainText('generic · anthropic');

  // Opened: the older first, then the newer beside it, its differences marked.
  const opened = history.getByTestId('run-opened');
  const older = list.nth(1).getByRole('button');
  const newer = list.nth(0).getByRole('button');
  await older.click();
  await expect(older).toHaveAttribute('aria-pressed', 'true');
  await expect(opened.getByTestId('run-opened-reply')).toHaveText('Hello, I will read the file first.');
  await newer.click();
  const replies = opened.getByTestId('run-opened-reply');
  await expect(replies).toHaveCount(2);
  await expect(replies.nth(1)).toContainText('edit');
  await expect(replies.nth(1).locator('mark.diff-added').first()).toBeVisible();
  await expect(replies.nth(0).locator('mark')).toHaveCount(0);

  // Closed: one with its ×, the other from the list.
  await opened
    .getByRole('button', { name: /^Close the earlier run generic/ })
    .first()
    .click();
  await expect(replies).toHaveCount(1);
  await expect(replies).toHaveText('Hello, I will edit the file now.');
  await expect(older).toHaveAttribute('aria-pressed', 'false');
  await newer.click();
  await expect(opened).toHaveCount(0);
  await expect(newer).toHaveAttribute('aria-pressed', 'false');

  // The list closes and opens again.
  await history.getByText('Earlier runs').click();
  await expect(list.first()).toBeHidden();
  await history.getByText('Earlier runs').click();
  await expect(list).toHaveCount(2);

  // After a reload of the page, the runs are still listed, and open.
  await page.reload();
  await page.getByRole('tab', { name: 'Run' }).click();
  const again = page.getByTestId('preview-run').getByTestId('run-history');
  await again.getByText('Earlier runs').click();
  await expect(again.getByRole('listitem')).toHaveCount(2);
  await expect(again.getByRole('listitem').nth(1)).toContainText('Hello, I will read the file first.');
  await again.getByRole('listitem').nth(1).getByRole('button').click();
  await expect(again.getByTestId('run-opened-reply')).toHaveText('Hello, I will read the file first.');
  await expect(again.getByTestId('run-request')).toContainText('Say hello');
});
