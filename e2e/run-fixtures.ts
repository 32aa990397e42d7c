import type { Page } from '@playwright/test';
import { startStandIn, type StandIn } from '../electron/host/stand-in/stand-in-server.js';
import { expect, test as base } from './fixtures.js';

/**
 * The fixtures of the run specs: a local stand-in on 127.0.0.1 that every standard connection
 * points at (no key of this machine is seen), a workspace test, and the key the stand-in wants.
 */

export const KEY = 'sk-e2e-never-shown-4711';

export const GREET = [
  'description: Greets the user',
  'messages: [{ role: user, content: Say hello }]',
  'columns: { variants: [generic, xs], presets: [basic], connections: [anthropic] }',
  'stream: true',
  'assert:',
  '  - { type: contains, value: Hello }',
  '  - { type: no-tool-call }',
  '',
].join('\n');

export const test = base.extend<{ standIn: StandIn }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture uses from its first parameter
  standIn: async ({}, use) => {
    const standIn = await startStandIn({ expectedKey: KEY, fallback: { text: 'Hello from the stand-in.' } });
    await use(standIn);
    await standIn.close();
  },
  // Every standard connection goes to the stand-in; no key from this machine is seen.
  appEnv: async ({ standIn }, use) => {
    await use({
      ANTHROPIC_BASE_URL: standIn.origin,
      OPENAI_BASE_URL: standIn.baseUrl('openai-chat'),
      GOOGLE_GEMINI_BASE_URL: standIn.origin,
      ANTHROPIC_API_KEY: undefined,
      OPENAI_API_KEY: undefined,
      GEMINI_API_KEY: undefined,
    });
  },
  workspaceFiles: { 'tests/greet.yaml': GREET },
});

export const generations = (standIn: StandIn) => standIn.requests.filter((r) => r.route === 'generate').length;

/** Opens the connections dialog and gives the anthropic connection the key, for the session. */
export async function setKey(page: Page): Promise<void> {
  await page.getByTestId('open-connections').click();
  const dialog = page.getByTestId('connections-dialog');
  await dialog.getByRole('textbox', { name: 'Key of anthropic' }).fill(KEY);
  await dialog.getByRole('textbox', { name: 'Key of anthropic' }).press('Enter');
  await expect(dialog.locator('[data-id=anthropic] [data-testid=key-status]')).toHaveText('key set (for this session, in memory)');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
}
