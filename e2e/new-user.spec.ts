import { cursorAtLine, expect, test } from './fixtures.js';

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

test("completion shows whole at the editor's right edge, and closes", async ({ studio: page }) => {
  await cursorAtLine(page, 2);
  // Far to the right of the line, where the list runs past the editor's right edge.
  await page.keyboard.type(`${' '.repeat(70)}{{`);
  const widget = page.locator('.suggest-widget.visible');
  await expect(widget).toBeVisible();
  await expect(widget.getByRole('option').first()).toBeVisible();
  const whole = await widget.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const editor = document.querySelector('[data-testid=template-editor]')!.getBoundingClientRect();
    // What is painted at the widget's far corners is the widget itself (nothing clipped or over it).
    const corners = [
      [r.right - 3, r.top + 3],
      [r.right - 3, r.bottom - 3],
    ].map(([x, y]) => el.contains(document.elementFromPoint(x!, y!)));
    return { pastTheEdge: r.right > editor.right, corners };
  });
  expect(whole).toEqual({ pastTheEdge: true, corners: [true, true] });
  await page.keyboard.press('Escape');
  await expect(widget).toHaveCount(0);
});
