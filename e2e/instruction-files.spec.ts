import { expect, test } from './fixtures.js';

test('a stack build lists its instruction files and why each was (not) used; a variant build has no such tab', async ({ studio: page }) => {
  const explorer = page.getByTestId('explorer');
  const preview = page.getByTestId('preview');
  const tab = preview.getByRole('tab', { name: /^Instruction files/ });
  // generic × basic: a variant build, no instruction-file view.
  await expect(preview.getByRole('tab', { name: 'Warnings' })).toBeVisible();
  await expect(tab).toHaveCount(0);

  await explorer.getByRole('button', { name: 'opencode', exact: true }).click();
  await expect(preview.locator('h2')).toContainText('opencode');
  await expect(tab).toHaveText('Instruction files (3 used)');
  await tab.click();
  const view = page.getByTestId('instruction-files');
  await expect(view.getByTestId('instruction-walk')).toContainText('/home/user/project — the nearest folder above holding .git');
  const row = (what: string) => view.locator('.lookup', { has: page.locator('.lookup-what', { hasText: what }) });
  const used = row('/home/user/project/AGENTS.md [AGENTS.md]');
  await expect(used).toHaveAttribute('data-tone', 'used');
  await expect(used).toContainText('used');
  await expect(used.locator('.lookup-reason')).toHaveText('found and used');
  const missing = row('/home/user/project/packages/AGENTS.md [AGENTS.md]');
  await expect(missing.locator('.lookup-status')).toHaveText('– not there');
  await expect(missing.locator('.lookup-reason')).toHaveText('no such file');
  const later = row('/home/user/project/CLAUDE.md [CLAUDE.md]');
  await expect(later.locator('.lookup-status')).toHaveText('– never looked for');
  await expect(later.locator('.lookup-reason')).toHaveText('AGENTS.md was found first, so later names are not looked for');
  const off = row('{configDirOverride}/AGENTS.md');
  await expect(off).toHaveAttribute('data-tone', 'disabled');
  await expect(off.locator('.lookup-reason')).toHaveText('OPENCODE_CONFIG_DIR is not set');

  // Back to a variant: the tab goes (and the prompt shows); to the profile again: it comes back.
  await explorer.getByRole('button', { name: /^generic\b/ }).click();
  await expect(preview.locator('h2')).toContainText('generic');
  await expect(tab).toHaveCount(0);
  await expect(view).toHaveCount(0);
  await expect(preview.getByRole('tab', { name: 'Prompt' })).toHaveAttribute('aria-selected', 'true');
  await explorer.getByRole('button', { name: 'opencode', exact: true }).click();
  await expect(tab).toHaveText('Instruction files (3 used)');
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(row('/home/user/project/AGENTS.md [AGENTS.md]')).toHaveAttribute('data-tone', 'used');
});
