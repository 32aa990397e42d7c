import type { Page } from '@playwright/test';
import { expect, outlineLabels, previewLines, screenshot, test, typeInTemplate } from './fixtures.js';

// What the preview, the diff, the outline, the Components/Placeholders tabs and the explorer
// show follows the document being edited (renderer/src/store/focus.ts).

const title = (page: Page) => page.getByTestId('preview-title');
const tab = (page: Page, name: string) => page.getByTestId('tabs').getByRole('tab', { name: new RegExp(`^${name}`) });
const activeTab = (page: Page) => page.getByTestId('tabs').getByRole('tab', { selected: true });
const currentVariant = (page: Page) => page.getByTestId('explorer').locator('.explorer-item.variant.current');
const variantButton = (page: Page, id: string) => page.getByTestId('explorer').getByRole('button', { name: new RegExp(`^${id}(\\s|$)`) });

/** The variant every view shows is `id`: the header, the explorer, the Components and Placeholders tabs. */
async function showing(page: Page, id: string): Promise<void> {
  await expect(title(page)).toHaveText(`${id} × basic`);
  await expect(page.getByTestId('preview')).toHaveAttribute('aria-busy', 'false');
  await expect(currentVariant(page)).toHaveCount(1);
  await expect(currentVariant(page)).toHaveAttribute('aria-current', 'true');
  await expect(currentVariant(page)).toContainText(new RegExp(`^${id}\\s`));
  await page.getByTestId('bottom-tab-placeholders').click();
  await expect(page.getByTestId('placeholders').locator('h3').first()).toHaveText(`Placeholders of ${id}`);
  await page.getByTestId('bottom-tab-components').click();
  await expect(page.getByTestId('component-list').locator('.hint strong')).toHaveText(id);
}

test('the preview follows the active tab: a new variant, typing in it, switching, closing and reopening', async ({ studio: page }) => {
  // A long flow: on a loaded machine it takes longer than one default timeout.
  test.slow();
  await showing(page, 'generic');
  // A new variant from the explorer's context menu: its template opens in a second tab, and is shown.
  await variantButton(page, 'generic').click({ button: 'right' });
  await page.getByTestId('entity-menu').getByRole('menuitem', { name: 'New variant from this one…' }).click();
  await page.getByTestId('text-prompt').getByRole('textbox').fill('generic-mine');
  await page.getByTestId('text-prompt').getByRole('button', { name: 'Create' }).click();
  await expect(activeTab(page)).toContainText('generic-mine · template.md');
  await expect(page.getByTestId('tabs').getByRole('tab')).toHaveCount(2);
  await showing(page, 'generic-mine');

  // Back to generic's tab, then to the new one, and type: the preview is of what is typed in.
  await tab(page, 'generic · template.md').click();
  await showing(page, 'generic');
  await tab(page, 'generic-mine · template.md').click();
  await showing(page, 'generic-mine');
  await typeInTemplate(page, 1, ' Mine-only-sentence.');
  await expect(previewLines(page)).toContainText('Mine-only-sentence.');
  // Its Components tab edits it: the outline of its prompt loses the section, generic's keeps it.
  await page.getByRole('checkbox', { name: 'Disable RULES_SECTION' }).uncheck();
  await expect.poll(() => outlineLabels(page)).not.toContain('RULES_SECTION');
  await screenshot(page, 'focus-1-second-variant');

  await tab(page, 'generic · template.md').click();
  await showing(page, 'generic');
  await expect(previewLines(page)).not.toContainText('Mine-only-sentence.');
  await expect.poll(() => outlineLabels(page)).toContain('RULES_SECTION');
  await expect(page.getByRole('checkbox', { name: 'Disable RULES_SECTION' })).toBeChecked();

  // The diff against the last saved version is the shown variant's: the new one's edit, none in generic.
  await page.keyboard.press('Control+Shift+D');
  await expect(page.getByTestId('diff-counts')).toContainText('+0 lines −0 lines');
  await tab(page, 'generic-mine · template.md').click();
  await showing(page, 'generic-mine');
  await expect(page.getByTestId('diff-counts')).not.toContainText('+0 lines −0 lines');
  await expect(page.getByTestId('diff-editor')).toContainText('Mine-only-sentence.');
  await page.keyboard.press('Control+Shift+D');
  await expect(page.getByTestId('diff-counts')).toHaveCount(0);

  // Closing the active tab hands over to the one left; reopening the variant shows it again, its edit kept.
  await activeTab(page)
    .locator('..')
    .getByRole('button', { name: /^Close / })
    .click();
  await page.getByTestId('confirm').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('tabs').getByRole('tab')).toHaveCount(2);
  // Saved first, so closing asks nothing.
  await page.keyboard.press('Control+S');
  await expect(activeTab(page).locator('..')).not.toHaveClass(/dirty/);
  await activeTab(page)
    .locator('..')
    .getByRole('button', { name: /^Close / })
    .click();
  await expect(page.getByTestId('tabs').getByRole('tab')).toHaveCount(1);
  await showing(page, 'generic');
  await variantButton(page, 'generic-mine').click();
  await expect(activeTab(page)).toContainText('generic-mine · template.md');
  await showing(page, 'generic-mine');
  await expect(previewLines(page)).toContainText('Mine-only-sentence.');
});

test('a file every variant shares keeps the variant shown and says so; the variant’s own file takes over again', async ({
  studio: page,
}) => {
  // A long flow: on a loaded machine it takes longer than one default timeout.
  test.slow();
  await variantButton(page, 'xs').click();
  await showing(page, 'xs');
  await expect(page.getByTestId('focus-note')).toHaveCount(0);
  // A tool file is no variant's own: xs stays, and the header says in which variant it is shown.
  const explorer = page.getByTestId('explorer');
  await explorer.locator('.explorer-group-title', { hasText: 'Tools' }).click();
  await explorer.getByRole('button', { name: 'execute_command', exact: true }).click();
  await expect(activeTab(page)).toContainText('execute_command');
  await showing(page, 'xs');
  await expect(page.getByTestId('focus-note')).toHaveText('tools/execute_command.yaml is shared by the variants: shown as xs uses it.');
  await screenshot(page, 'focus-2-shared-file');
  // A preset file: the note names the preset the preview uses.
  await explorer.getByRole('button', { name: 'Edit preset file plan-mode' }).click();
  await expect(page.getByTestId('focus-note')).toContainText('is a context preset: the preview uses basic.');
  await showing(page, 'xs');
  // xs's own template again: no note.
  await tab(page, 'xs · template.md').click();
  await showing(page, 'xs');
  await expect(page.getByTestId('focus-note')).toHaveCount(0);
  // generic's template (still open from the start): generic, and the shared file now shows in generic.
  await tab(page, 'generic · template.md').click();
  await showing(page, 'generic');
  await tab(page, 'execute_command').click();
  await showing(page, 'generic');
  await expect(page.getByTestId('focus-note')).toHaveText(
    'tools/execute_command.yaml is shared by the variants: shown as generic uses it.',
  );
});

test('a stack profile’s file shows the profile, a variant’s tab shows the variant', async ({ studio: page }) => {
  await page.getByTestId('explorer').getByRole('button', { name: 'opencode', exact: true }).click();
  await expect(title(page)).toHaveText(/^opencode × /);
  await page.getByTestId('bottom-tab-context').click();
  await expect(page.getByTestId('stack-context-form')).toBeVisible();
  await tab(page, 'generic · template.md').click();
  await expect(title(page)).toHaveText('generic × basic');
  await expect(page.getByTestId('context-form')).toBeVisible();
  await expect(page.getByTestId('preset-select')).toHaveValue('basic');
  await tab(page, 'opencode').click();
  await expect(title(page)).toHaveText(/^opencode × /);
  await expect(page.getByTestId('stack-context-form')).toBeVisible();
  await expect(page.getByTestId('explorer').locator('.explorer-item.variant.current')).toHaveCount(0);
});
