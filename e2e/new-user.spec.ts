import { expect, test } from './fixtures.js';

// What a new user trips over (issue 12): each flow both ways.

test('quick open finds multi-word and partial queries', async ({ studio: page }) => {
  await page.keyboard.press('Control+P');
  const palette = page.getByTestId('palette');
  await palette.getByRole('combobox').fill('gpt-5 templ');
  await expect(palette.getByRole('option').first()).toContainText('variants/gpt-5/template.md');
  await palette.getByRole('combobox').fill('xs · template');
  await expect(palette.getByRole('option').first()).toContainText('variants/xs/template.md');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('tabs').getByRole('tab', { selected: true })).toContainText('xs · template.md');
  await page.keyboard.press('Control+P');
  await palette.getByRole('combobox').fill('gpt-5 nothing-like-this');
  await expect(palette).toContainText('Nothing matches.');
  await page.keyboard.press('Escape');
  await expect(palette).toHaveCount(0);
});
