import type { Page } from '@playwright/test';
import { cursorAtLine, expect, screenshot, test } from './fixtures.js';

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
  await page.keyboard.type(' (edited)');
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
