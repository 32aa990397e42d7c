import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { chooseInFolderBrowser, expect, test } from './fixtures.js';
import { fakeAgentCase } from '../tests/capture/fake-agent-case.js';

/**
 * Capture in the every-harness view, against the fake agent (tests/capture/fake-agent.mjs)
 * driven by the built-in Codex profile's command line: a wrapper that sends what the profile
 * predicts (matches), one that changes a word (differs, with the word diff), and the panel
 * opened and closed; the capture pinned as the preview's diff baseline and unpinned; the
 * question asked where the agent gets no network namespace (declined: nothing runs; accepted:
 * it runs, and is not asked again); the capture saved as conformance cases into the workspace
 * (cancelled: nothing written; saved: the exact case; a path outside the workspace refused); "use
 * my real home" off (a temporary home), on (the real HOME, with its warning) and off again.
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
    // Each wrapper leaves a mark that it ran (the question's test).
    for (const mode of ['ok', 'differ'])
      fs.writeFileSync(
        agent(mode),
        `#!/bin/sh\ntouch "${top}/ran-${mode}"\nexec "${process.execPath}" "${FAKE}" "$@" --fake-mode=${mode}\n`,
        { mode: 0o755 },
      );
  });
  test.afterAll(() => {
    if (saved === undefined) delete process.env.HOME;
    else process.env.HOME = saved;
    fs.rmSync(top, { recursive: true, force: true });
  });

  /** The every-harness view's capture panel, on a new project folder with an AGENTS.md, the Codex profile and the fake agent `mode`. */
  async function capturePanel(page: Page, name: string, mode: string) {
    const project = path.join(top, name);
    fs.mkdirSync(project);
    fs.writeFileSync(path.join(project, 'AGENTS.md'), 'Indent with spaces.\n');
    await page.getByTestId('open-harnesses').click();
    const view = page.getByTestId('harness-view');
    await view.getByTestId('capture-open').click();
    const panel = view.getByTestId('capture-panel');
    await expect(panel).toBeVisible();
    // Capture runs the agent in a real folder: not before one is chosen.
    await expect(panel.getByTestId('capture-run')).toBeDisabled();
    await view.getByLabel(/Read a folder on this machine/).check();
    await view.getByTestId('harness-choose-folder').click();
    await chooseInFolderBrowser(page, project, 'Use this folder');
    await panel.getByTestId('capture-harness').selectOption('codex');
    await panel.getByLabel(/Agent program/).fill(agent(mode));
    return { view, panel, project };
  }

  test('pins the captured request as the diff baseline and unpins it, from the diff menu and from the panel', async ({ studio: page }) => {
    const { view, panel, project } = await capturePanel(page, 'pinned', 'ok');
    await panel.getByTestId('capture-run').click();
    await expect(panel.getByTestId('capture-verdict')).toHaveText(/^matches codex/, { timeout: 30_000 });
    await panel.getByTestId('capture-use-baseline').click();
    await expect(panel.getByTestId('capture-unpin-baseline')).toBeVisible();
    await view.getByTestId('harness-view-close').click();

    const select = page.getByTestId('baseline-select');
    await expect(page.getByTestId('diff-toggle')).toHaveAttribute('aria-pressed', 'true');
    await expect(select).toHaveValue('snapshot:captured: Codex CLI 0.171.0');
    await expect(select.locator('optgroup[label="vs a captured request"] option')).toHaveText(['Codex CLI 0.171.0 (captured)']);
    await expect(select.locator('optgroup[label="vs a pinned snapshot"]')).toHaveCount(0);
    // The baseline column holds what the agent sent: its instructions, then the AGENTS.md fragment.
    await page.getByRole('button', { name: 'Show side by side' }).click();
    const original = page.locator('[data-testid=diff-editor] .editor.original');
    await expect(original.locator('.view-lines')).toContainText('You are a fake agent.');
    // Monaco shows the lines in view only, and aligns the baseline's lines with the prompt's: the
    // fragment's lines are at the end, where the cursor goes with Ctrl+End.
    await original.getByText('You are a fake agent.').click();
    await page.keyboard.press('Control+End');
    await expect(original.locator('.view-lines')).toContainText(`# AGENTS.md instructions for ${project}`);
    await expect(original.locator('.view-lines')).toContainText('Indent with spaces.');
    await expect(page.getByTestId('diff-counts')).toContainText('−5 lines');

    // Unpinned from the diff menu: back to the baseline before (the last saved version, diff off).
    await page.getByTestId('capture-baseline-unpin').click();
    await expect(page.getByTestId('diff-toggle')).toHaveAttribute('aria-pressed', 'false');
    await page.getByTestId('diff-toggle').click();
    await expect(select).toHaveValue('saved');
    await expect(select.locator('optgroup[label="vs a captured request"]')).toHaveCount(0);
    await expect(page.getByTestId('capture-baseline-unpin')).toHaveCount(0);

    // Against another variant, pinned again and unpinned from the panel: back to that variant.
    await select.selectOption('variant:xs');
    await page.getByTestId('open-harnesses').click();
    await panel.getByTestId('capture-use-baseline').click();
    await expect(select).toHaveValue('snapshot:captured: Codex CLI 0.171.0');
    await panel.getByTestId('capture-unpin-baseline').click();
    await expect(panel.getByTestId('capture-use-baseline')).toBeVisible();
    await view.getByTestId('harness-view-close').click();
    await expect(select).toHaveValue('variant:xs');
    await expect(page.getByTestId('diff-toggle')).toHaveAttribute('aria-pressed', 'true');
    await expect(select.locator('optgroup[label="vs a captured request"]')).toHaveCount(0);
  });

  test.describe('where the agent gets no network namespace', () => {
    test.use({ appEnv: { VARIANT_STUDIO_NO_NAMESPACE: '1' } });

    test('asks first: declined, nothing runs; accepted, it runs, and the next capture is not asked', async ({ studio: page }) => {
      const { panel } = await capturePanel(page, 'asked', 'differ');
      const ask = panel.getByTestId('capture-ask-network');
      const ran = path.join(top, 'ran-differ');
      await panel.getByTestId('capture-run').click();
      await expect(ask).toContainText('VARIANT_STUDIO_NO_NAMESPACE=1 is set');
      await expect(ask).toContainText('only its opt-out switches would keep its own telemetry and update checks off the network');
      await expect(panel.getByTestId('capture-run')).toBeDisabled();
      await ask.getByTestId('capture-decline-network').click();
      await expect(panel.getByTestId('capture-declined')).toHaveText('Not run: nothing was started.');
      await expect(ask).toHaveCount(0);
      await expect(panel.getByTestId('capture-result')).toHaveCount(0);
      expect(fs.existsSync(ran)).toBe(false);

      await panel.getByTestId('capture-run').click();
      await ask.getByTestId('capture-allow-network').click();
      await expect(panel.getByTestId('capture-verdict')).toHaveText('differs: 1 part', { timeout: 30_000 });
      await expect(panel.getByTestId('capture-isolation')).toContainText('the agent runs without a network namespace');
      expect(fs.existsSync(ran)).toBe(true);
      fs.rmSync(ran);

      await panel.getByTestId('capture-run').click();
      await expect(panel.getByTestId('capture-verdict')).toHaveText('differs: 1 part', { timeout: 30_000 });
      await expect(ask).toHaveCount(0);
      expect(fs.existsSync(ran)).toBe(true);
    });
  });

  test('runs the agent, labels the instruction part by file, says matches or differs with the word diff', async ({ studio: page }) => {
    const { view, panel } = await capturePanel(page, 'project', 'ok');
    await panel.getByTestId('capture-run').click();
    await expect(panel.getByTestId('capture-verdict')).toHaveText('matches codex (observed with 0.171.0) on your 0.171.0', {
      timeout: 30_000,
    });
    await expect(panel.getByTestId('capture-part-matches')).toContainText(
      'AGENTS.md fragment AGENTS.md · matches at input[0].content[0].text',
    );
    await panel.getByText(/Captured request: \/v1\/responses/).click();
    await expect(panel.getByTestId('capture-request')).toContainText('"instructions": "You are a fake agent."');
    // Exported as the agent sent it: the request's JSON onto the clipboard.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin });
    await panel.getByTestId('capture-copy-request').click();
    await expect(page.getByTestId('notices')).toContainText('Copied the captured request');
    const copied = await page.evaluate(() =>
      (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText(),
    );
    expect(copied).toBe(await panel.getByTestId('capture-request').innerText());
    expect((JSON.parse(copied) as { instructions?: string }).instructions).toBe('You are a fake agent.');

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
  test('saves the capture as conformance cases into the workspace: cancelled, nothing written; saved, the exact case', async ({
    studio: page,
    app,
  }) => {
    const { panel, project } = await capturePanel(page, 'saved', 'ok');
    await panel.getByTestId('capture-run').click();
    await expect(panel.getByTestId('capture-verdict')).toHaveText(/^matches codex/, { timeout: 30_000 });
    const workspace = fs.realpathSync(app.workspace!);
    const before = fs.readdirSync(workspace).sort();
    const form = panel.getByTestId('capture-save-form');
    const message = panel.getByTestId('capture-save-message');

    await panel.getByTestId('capture-save-case').click();
    await expect(form.getByLabel(/File in the workspace/)).toHaveValue('capture-codex-0.171.0.cases.json');
    await form.getByTestId('capture-save-cancel').click();
    await expect(form).toHaveCount(0);
    await expect(message).toHaveText('Not saved: nothing was written.');
    expect(fs.readdirSync(workspace).sort()).toEqual(before);

    await panel.getByTestId('capture-save-case').click();
    await form.getByLabel(/File in the workspace/).fill('../outside.json');
    await form.getByTestId('capture-save-confirm').click();
    await expect(message).toHaveText("Not saved: '../outside.json' leaves the workspace (..)");
    expect(fs.existsSync(path.join(path.dirname(workspace), 'outside.json'))).toBe(false);
    await form.getByLabel(/File in the workspace/).fill('cases/codex.json');
    await form.getByTestId('capture-save-confirm').click();
    const file = path.join(workspace, 'cases', 'codex.json');
    await expect(message).toHaveText(`Saved 1 conformance case to ${file}`);
    await expect(form).toHaveCount(0);
    const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as { about: string; cases: Record<string, unknown>[] };
    expect(saved.about).toBe('Captured from codex 0.171.0 by variant-studio capture.');
    expect(saved.cases).toEqual([fakeAgentCase(project, expect.stringContaining('variant-studio-capture-home-'))]);
  });

  test('"Use my real home": off by default (a temporary home); on, with its warning, the agent gets the real HOME; off again', async ({
    studio: page,
  }) => {
    const { panel } = await capturePanel(page, 'homes', 'ok');
    const home = path.join(top, 'home');
    const box = panel.getByTestId('capture-real-home');
    const fakeHome = () => panel.getByTestId('capture-request');
    await expect(box).not.toBeChecked();
    await expect(panel.getByTestId('capture-real-home-warning')).toHaveCount(0);
    await panel.getByTestId('capture-run').click();
    await expect(panel.getByTestId('capture-isolation')).toContainText('a temporary home', { timeout: 30_000 });
    await panel.getByText(/Captured request: \/v1\/responses/).click();
    await expect(fakeHome()).toContainText('"fake_home": "/');
    await expect(fakeHome()).not.toContainText(`"fake_home": "${home}"`);

    await box.check();
    await expect(panel.getByTestId('capture-real-home-warning')).toContainText('may write its session logs and settings there');
    await panel.getByTestId('capture-run').click();
    await expect(panel.getByTestId('capture-isolation')).toContainText('your real home', { timeout: 30_000 });
    await panel.getByText(/Captured request: \/v1\/responses/).click();
    await expect(fakeHome()).toContainText(`"fake_home": "${home}"`);
    // Codex's provider config was written there for the turn and removed afterwards, with its folder
    // (the browser, whose HOME this is too, keeps its own .cache and .config there).
    expect(fs.existsSync(path.join(home, '.codex'))).toBe(false);

    await box.uncheck();
    await expect(panel.getByTestId('capture-real-home-warning')).toHaveCount(0);
    await panel.getByTestId('capture-run').click();
    await expect(panel.getByTestId('capture-isolation')).toContainText('a temporary home', { timeout: 30_000 });
  });
});
