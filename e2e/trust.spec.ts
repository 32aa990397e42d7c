import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, previewLines, test, typeInTemplate, waitForPreview } from './fixtures.js';

/**
 * Issue 18, item 8, in real Chromium: two tabs on one document. Tab B's WebSocket is routed
 * through the test so the host's messages to it can be held back: B then types on a text it
 * has not seen change, as a slow or briefly disconnected tab would.
 */

const template = (page: Page) => page.locator('[data-testid=template-editor] .view-lines');

test('two tabs: a stale edit is refused and shown as such, every tab shows the current text, the save keeps it', async ({
  studio: a,
  app,
  context,
}) => {
  const b = await context.newPage();
  let holding = false;
  const held: (() => void)[] = [];
  await b.routeWebSocket(/\/ws\?/, (page) => {
    const server = page.connectToServer();
    page.onMessage((message) => server.send(message));
    server.onMessage((message) => {
      if (holding) held.push(() => page.send(message));
      else page.send(message);
    });
  });
  await b.goto(app.url);
  await waitForPreview(b);

  // Tab A types while tab B hears nothing from the host.
  holding = true;
  await typeInTemplate(a, 2, 'Typed-in-tab-A');
  await expect(previewLines(a)).toContainText('Typed-in-tab-A');
  await typeInTemplate(b, 2, 'Typed-in-tab-B');
  await expect(template(b)).toContainText('Typed-in-tab-B');
  holding = false;
  for (const send of held.splice(0)) send();

  // B's edits were made on the old text: refused, and B shows A's text with a notice.
  await expect(template(b)).toContainText('Typed-in-tab-A');
  await expect(template(b)).not.toContainText('Typed-in-tab-B');
  await expect(b.getByTestId('notices')).toContainText('was changed in another window: your last edit was not applied');
  await expect(template(a)).not.toContainText('Typed-in-tab-B');

  // A saves: the file holds what A's screen shows.
  await a.keyboard.press('Control+S');
  await expect(a.getByTestId('tabs').locator('.tab.active .dirty-dot')).toHaveCount(0);
  const file = path.join(app.workspace!, 'variants/generic/template.md');
  expect(fs.readFileSync(file, 'utf8')).toContain('Typed-in-tab-A');
  expect(fs.readFileSync(file, 'utf8')).not.toContain('Typed-in-tab-B');

  // And back: B, now on the current text, types; A is sent it; A's save keeps both.
  await typeInTemplate(b, 2, '-and-then-B');
  await expect(template(a)).toContainText('Typed-in-tab-A-and-then-B');
  await expect(previewLines(a)).toContainText('Typed-in-tab-A-and-then-B');
  await a.keyboard.press('Control+S');
  await expect.poll(() => fs.readFileSync(file, 'utf8')).toContain('Typed-in-tab-A-and-then-B');
  await b.close();
});
