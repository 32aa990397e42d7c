import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { chooseInFolderBrowser, cursorAtLine, expect, screenshot, test } from './fixtures.js';

/** Puts the cursor right after the first occurrence of a text in the open editor (Monaco's find widget). */
async function cursorAfter(page: Page, text: string): Promise<void> {
  await cursorAtLine(page, 1);
  await page.keyboard.press('Control+F');
  const input = page
    .locator('[data-testid=template-editor] .find-widget textarea, [data-testid=template-editor] .find-widget input')
    .first();
  await input.fill(text);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await page.keyboard.press('ArrowRight');
}

test('one repository, every harness: edit AGENTS.md and watch each agent’s request change', async ({ studio: page }) => {
  await page.getByTestId('open-harnesses').click();
  const view = page.getByTestId('harness-view');
  await expect(view).toBeVisible();
  const codex = view.getByTestId('harness-codex');
  const claude = view.getByTestId('harness-claude-code');
  const gemini = view.getByTestId('harness-gemini-cli');
  // Every built-in harness profile has a column, and each says which releases it was observed with.
  await expect(view.locator('section.harness-col')).toHaveCount(10);
  for (const id of ['qwen-code', 'kilo', 'copilot', 'opencode', 'opencode-seed'])
    await expect(view.getByTestId(`harness-${id}`)).toBeVisible();
  await expect(codex.getByTestId('observed-with')).toHaveText('observed with 0.169.0, 0.171.0');
  await expect(claude.getByTestId('observed-with')).toHaveText('observed with 2.1.328, 2.1.332');
  await expect(view.getByTestId('harness-opencode-seed').getByTestId('observed-with')).toHaveText('not observed');
  await expect(codex.getByTestId('part-user')).toContainText('# AGENTS.md instructions for /home/user/project');
  await expect(codex.getByTestId('part-user')).toContainText('Use pnpm, never npm or yarn.');
  // Claude Code reads CLAUDE.md and, through its import, AGENTS.md as a block of its own.
  await expect(claude.getByTestId('part-user').first()).toContainText(
    'Contents of /home/user/project/AGENTS.md (project instructions, checked into the codebase)',
  );
  // Gemini CLI finds packages/api/GEMINI.md only when the agent reads a file there.
  await expect(gemini.getByTestId('part-read')).toContainText('--- Newly Discovered Project Context ---');
  await expect(view.getByTestId('harness-lint')).toContainText('CLAUDE.md is loaded by Claude Code');
  await screenshot(page, '13-harnesses');

  // Live: an edit of AGENTS.md shows in every harness that loads it.
  await view.getByLabel('Content of /home/user/project/AGENTS.md').fill('# Project guide\n\n- Use bun.\n');
  await expect(codex.getByTestId('part-user')).toContainText('- Use bun.');
  await expect(codex.getByTestId('part-user')).not.toContainText('pnpm');
  await expect(view.getByTestId('harness-opencode').getByTestId('part-system')).toContainText(
    'Instructions from: /home/user/project/AGENTS.md\n# Project guide\n\n- Use bun.',
  );
  await expect(claude.getByTestId('part-user').first()).toContainText('- Use bun.');

  // Removing AGENTS.md: Codex has nothing left to send and says why.
  await view.getByRole('button', { name: 'Remove /home/user/project/AGENTS.md' }).click();
  await expect(codex).toContainText('No instruction text is sent.');
  await codex.getByText(/Looked for, not loaded/).click();
  await expect(codex.locator('.why-not')).toContainText('AGENTS.md: no such file');
  await screenshot(page, '14-harnesses-without-agents-md');

  await view.getByTestId('harness-view-close').click();
  await expect(view).toBeHidden();
  await page.getByTestId('open-harnesses').click();
  await expect(page.getByTestId('harness-view')).toBeVisible();
  await expect(page.getByTestId('harness-codex')).toContainText('No instruction text is sent.');
});

test('a harness profile is workspace data: editing its wrapper string changes what the view shows, undo brings it back', async ({
  studio: page,
}) => {
  await page.getByRole('button', { name: /Harness profiles/ }).click();
  await page.getByRole('button', { name: /codex · harness\.yaml/ }).click();
  await cursorAfter(page, 'instructions for {{cwd}}');
  // Inserted at once: one undo step (keys typed on a loaded machine may be more than one).
  await page.keyboard.insertText(' (edited)');
  await page.getByTestId('open-harnesses').click();
  const codex = page.getByTestId('harness-codex');
  await expect(codex.getByTestId('part-user')).toContainText('# AGENTS.md instructions for /home/user/project (edited)');
  await page.getByTestId('harness-view-close').click();
  await page.locator('[data-testid=template-editor] .monaco-editor').first().click();
  await page.keyboard.press('Control+Z');
  await page.getByTestId('open-harnesses').click();
  await expect(page.getByTestId('harness-codex').getByTestId('part-user')).toContainText(
    '# AGENTS.md instructions for /home/user/project\n',
  );
});

test.describe('every harness on the real disk', () => {
  // This machine's home as the app server sees it, with a global Codex file.
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'vs-e2e-home-'));
  const saved = process.env.HOME;
  test.beforeAll(() => {
    fs.mkdirSync(path.join(home, '.codex'));
    fs.writeFileSync(path.join(home, '.codex', 'AGENTS.md'), 'Global-codex-rules.');
    process.env.HOME = home;
  });
  test.afterAll(() => {
    if (saved === undefined) delete process.env.HOME;
    else process.env.HOME = saved;
    fs.rmSync(home, { recursive: true, force: true });
  });

  test('reads only the folder chosen through the host, and the global files the user keeps on', async ({ studio: page }) => {
    const project = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'vs-e2e-repo-')));
    fs.mkdirSync(path.join(project, '.git'));
    fs.writeFileSync(path.join(project, 'AGENTS.md'), 'Rules-from-the-real-disk.');
    try {
      await page.getByTestId('open-harnesses').click();
      const view = page.getByTestId('harness-view');
      await view.getByLabel('Working folder (absolute)').fill(project);
      await view.getByLabel(/Read a folder on this machine/).check();
      await expect(view.getByRole('alert')).toContainText('is not inside a folder chosen for reading');
      // Browser mode has no folder dialog: the folder browser the host serves picks it.
      await view.getByTestId('harness-choose-folder').click();
      await chooseInFolderBrowser(page, project, 'Use this folder');
      const codex = view.getByTestId('harness-codex').getByTestId('part-user');
      await expect(codex).toContainText('Global-codex-rules.\n\n--- project-doc ---\n\nRules-from-the-real-disk.');
      await screenshot(page, '15-harnesses-real-disk');
      await view
        .getByTestId('harness-globals')
        .getByLabel(/Codex CLI/)
        .uncheck();
      await expect(codex).not.toContainText('Global-codex-rules.');
      await expect(codex).toContainText('Rules-from-the-real-disk.');
      await view
        .getByTestId('harness-globals')
        .getByLabel(/Codex CLI/)
        .check();
      await expect(codex).toContainText('Global-codex-rules.');
      await view.getByLabel(/Read a folder on this machine/).uncheck();
      await view.getByLabel('Working folder (absolute)').fill('/home/user/project');
      await expect(codex).toContainText('Use pnpm, never npm or yarn.');
    } finally {
      fs.rmSync(project, { recursive: true, force: true });
    }
  });
});
