import { countInPreview, cursorAtLine, expect, outlineLabels, previewLines, screenshot, test, typeInTemplate } from './fixtures.js';

test('opens the built-in variants with generic × basic in the preview', async ({ studio: page }) => {
  const explorer = page.getByTestId('explorer');
  for (const id of ['generic', 'next-gen', 'gpt-5', 'xs'])
    await expect(explorer.getByRole('button', { name: new RegExp(`^${id}\\b`) })).toBeVisible();
  await expect(page.getByTestId('tabs').getByRole('tab', { selected: true })).toContainText('generic');
  await expect(page.getByTestId('preset-select')).toHaveValue('basic');
  await expect(page.getByTestId('sizes')).toContainText(/[\d,]+ chars/);
  await expect(page.getByTestId('sizes')).toContainText(/[\d,]+ o200k/);
  expect(await outlineLabels(page)).toEqual(expect.arrayContaining(['AGENT_ROLE_SECTION', 'TOOL_USE_SECTION', 'RULES_SECTION']));
  await expect(page.getByTestId('component-size-AGENT_ROLE_SECTION')).toContainText(/chars · [\d,]+ tok/);
  // The outline and the component list show one size per component (the host's section sizes):
  // the outline used to count the separators folded into an entry too.
  for (const id of ['AGENT_ROLE_SECTION', 'TOOL_USE_SECTION', 'RULES_SECTION']) {
    const inList = async () => (await page.getByTestId(`component-size-${id}`).innerText()).replace(' chars', '');
    const inOutline = async () =>
      (await page.locator(`[data-testid=outline] .outline-entry[data-label=${id}] .size`).innerText()).replace(' ch', '');
    await expect.poll(inOutline).toMatch(/^[\d,]+ · [\d,]+ tok$/);
    await expect.poll(inList).toMatch(/^[\d,]+ · [\d,]+ tok$/);
    expect(await inOutline()).toBe(await inList());
  }
  await screenshot(page, '01-main');
});

test('editing the template changes the preview', async ({ studio: page }) => {
  await typeInTemplate(page, 2, 'Marker-sentence-from-the-template-editor');
  await expect(previewLines(page)).toContainText('Marker-sentence-from-the-template-editor');
  await expect(page.getByTestId('tabs').locator('.tab.active .dirty-dot')).toBeVisible();
});

test('reordering components with the keyboard changes the section order, and undo brings it back', async ({ studio: page }) => {
  const before = await outlineLabels(page);
  expect(before.slice(0, 2)).toEqual(['AGENT_ROLE_SECTION', 'TOOL_USE_SECTION']);
  const handle = page.getByTestId('component-AGENT_ROLE_SECTION').locator('.drag-handle');
  await handle.focus();
  await page.keyboard.press('Alt+ArrowDown');
  await expect(page.getByTestId('announcer')).toHaveText('AGENT_ROLE_SECTION moved to position 2 of 13');
  await expect.poll(() => outlineLabels(page).then((l) => l.slice(0, 2))).toEqual(['TOOL_USE_SECTION', 'AGENT_ROLE_SECTION']);
  // The focus stays on the moved component, so it can go on moving.
  await expect(page.getByTestId('component-AGENT_ROLE_SECTION').locator('.drag-handle')).toBeFocused();
  await screenshot(page, '02-component-order');
  await page.keyboard.press('Control+Z');
  await expect.poll(() => outlineLabels(page).then((l) => l.slice(0, 2))).toEqual(['AGENT_ROLE_SECTION', 'TOOL_USE_SECTION']);
});

test('disabling a component removes its section and shows why it is zero', async ({ studio: page }) => {
  expect(await outlineLabels(page)).toContain('RULES_SECTION');
  await page.getByLabel('Disable RULES_SECTION').click();
  await expect.poll(() => outlineLabels(page)).not.toContain('RULES_SECTION');
  await expect(page.getByTestId('component-size-RULES_SECTION')).toContainText(/^0 — /);
  await page.getByLabel('Enable RULES_SECTION').click();
  await expect.poll(() => outlineLabels(page)).toContain('RULES_SECTION');
});

test('adding a placeholder and using it in the template puts its value in the prompt', async ({ studio: page }) => {
  await page.getByTestId('bottom-tab-placeholders').click();
  await page.getByLabel('New placeholder name').fill('TEAM_NAME');
  await page.getByLabel('New placeholder value').fill('Team-Orion-value');
  await page.getByRole('button', { name: 'Add placeholder' }).click();
  await expect(page.getByTestId('placeholder-TEAM_NAME')).toContainText('not used');
  await typeInTemplate(page, 2, 'Team: {{TEAM_NAME');
  await expect(previewLines(page)).toContainText('Team: Team-Orion-value');
  await expect(page.getByTestId('placeholder-TEAM_NAME')).toContainText('line 2');
  await expect(page.getByTestId('placeholder-TEAM_NAME')).toContainText('variant');
  await screenshot(page, '03-placeholders');
});

test('completion offers placeholders and inserts the chosen one; hover on a key shows its value and layer', async ({ studio: page }) => {
  // The prompt opens with the agent role (line 1 of the preview, before anything scrolls it).
  const opening = ((await previewLines(page).locator('.view-line').first().textContent()) ?? '').replace(/\u00a0/g, ' ').trim();
  expect(opening).toMatch(/^You are /);
  // The basic preset's working folder, as often as the prompt has it before the edit.
  const cwd = '/home/user/project';
  const before = await countInPreview(page, cwd);
  await cursorAtLine(page, 2);
  await page.keyboard.type('{{CW');
  const suggest = page.locator('.suggest-widget');
  await expect(suggest).toContainText('CWD');
  await page.keyboard.press('Enter');
  await expect(suggest).toBeHidden();
  const line2 = page.locator('[data-testid=template-editor] .view-line').nth(1);
  await expect(line2).toHaveText('{{CWD}}');
  // Its value is in the prompt once more.
  await expect.poll(() => countInPreview(page, cwd)).toBe(before + 1);
  // A standard placeholder: layer 2, with the value it has.
  await line2.locator('span', { hasText: 'CWD' }).first().hover();
  const cwdHover = page.locator('.monaco-hover').filter({ hasText: 'CWD' }).first();
  await expect(cwdHover).toContainText('layer 2 · standard values');
  await expect(cwdHover).toContainText(cwd);
  await page.mouse.move(0, 0);
  await expect(cwdHover).toBeHidden();
  // A component's key: layer 3, with its text, the one that opens the prompt.
  await page.locator('[data-testid=template-editor] .view-line').first().locator('span', { hasText: 'AGENT_ROLE_SECTION' }).first().hover();
  const roleHover = page.locator('.monaco-hover').filter({ hasText: 'AGENT_ROLE_SECTION' }).first();
  await expect(roleHover).toContainText('layer 3 · a component’s section');
  await expect(roleHover).toContainText(opening.slice(0, 80));
});

test('lint findings appear as markers while typing', async ({ studio: page }) => {
  await typeInTemplate(page, 2, 'Hello {{NOT_A_KNOWN_KEY');
  const editor = page.locator('[data-testid=template-editor]');
  await expect(editor.locator('.squiggly-info, .squiggly-warning').first()).toBeVisible();
  await editor.locator('.view-line').nth(1).locator('span', { hasText: 'NOT_A_KNOWN_KEY' }).first().hover();
  await expect(page.locator('.monaco-hover').filter({ hasText: 'is not resolved and stays in the prompt' }).first()).toBeVisible();
});

test('reordering components by drag and drop', async ({ studio: page }) => {
  const from = page.getByTestId('component-TASK_PROGRESS_SECTION').locator('.drag-handle');
  const to = page.getByTestId('component-AGENT_ROLE_SECTION');
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 + ((b.y - a.y) * i) / 10);
  await page.mouse.up();
  await expect
    .poll(() => outlineLabels(page).then((l) => l.slice(0, 3)))
    .toEqual(['TASK_PROGRESS_SECTION', 'AGENT_ROLE_SECTION', 'TOOL_USE_SECTION']);
});
