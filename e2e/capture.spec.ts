import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chooseInFolderBrowser, expect, test } from './fixtures.js';

/**
 * Capture in the every-harness view, against the fake agent (tests/capture/fake-agent.mjs)
 * driven by the built-in Codex profile's command line: a wrapper that sends what the profile
 * predicts (matches), one that changes a word (differs, with the word diff), and the panel
 * opened and closed.
 */

const FAKE = path.resolve('tests/capture/fake-agent.mjs');

test.describe('capture from the installed agent', () => {
  const top = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'vs-e2e-capture-')));
  const saved = process.env.HOME;
  const agent = (mode: string): string => path.join(top, `agent-${mode}`);
  test.beforeAll(() => {
    // The app server's home (copied into the agent's temporary home): no global Codex file.
    fs.mkdirSync(path.join(top, 'home'));
    process.env.HOME = path.join(top, 'home');
    for (const mode of ['ok', 'differ'])
      fs.writeFileSync(agent(mode), `#!/bin/sh\nexec "${process.execPath}" "${FAKE}" "$@" --fake-mode=${mode}\n`, { mode: 0o755 });
  });
  test.afterAll(() => {
    if (saved === undefined) delete process.env.HOME;
    else process.env.HOME = saved;
    fs.rmSync(top, { recursive: true, force: true });
  });

  test('runs the agent, labels the instruction part by file, says matches or differs with the word diff', async ({ studio: page }) => {
    const project = path.join(top, 'project');
    fs.mkdirSync(project);
    fs.writeFileSync(path.join(project, 'AGENTS.md'), 'Indent with spaces.\n');
    await page.getByTestId('open-harnesses').click();
    const view = page.getByTestId('harness-view');
    await view.getByTestId('capture-open').click();
    const panel = view.getByTestId('capture-panel');
    await expect(panel).toBeVisible();
    await expect(panel.getByTestId('capture-run')).toBeDisabled();
    await view.getByLabel(/Read a folder on this machine/).check();
    await view.getByTestId('harness-choose-folder').click();
    await chooseInFolderBrowser(page, project, 'Use this folder');
    await panel.getByTestId('capture-harness').selectOption('codex');
    await panel.getByLabel(/Agent program/).fill(agent('ok'));
    await panel.getByTestId('capture-run').click();
    await expect(panel.getByTestId('capture-verdict')).toHaveText('matches codex (observed with 0.171.0) on your 0.171.0', {
      timeout: 30_000,
    });
    await expect(panel.getByTestId('capture-part-matches')).toContainText(
      'AGENTS.md fragment AGENTS.md · matches at input[0].content[0].text',
    );
    await panel.getByText(/Captured request: \/v1\/responses/).click();
    await expect(panel.getByTestId('capture-request')).toContainText('"instructions": "You are a fake agent."');

    await panel.getByLabel(/Agent program/).fill(agent('differ'));
    await panel.getByTestId('capture-run').click();
    await expect(panel.getByTestId('capture-verdict')).toHaveText('differs: 1 part', { timeout: 30_000 });
    const diff = panel.getByTestId('capture-part-differs').getByTestId('capture-diff');
    await expect(diff.locator('del')).toHaveText(['spaces']);
    await expect(diff.locator('ins')).toHaveText(['tabs']);

    await panel.getByTestId('capture-close').click();
    await expect(view.getByTestId('capture-panel')).toHaveCount(0);
    await view.getByTestId('capture-open').click();
    await expect(view.getByTestId('capture-panel')).toBeVisible();
  });
});
