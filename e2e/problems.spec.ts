import type { Page } from '@playwright/test';
import { expect, screenshot, test } from './fixtures.js';

// Issue 17, items 8 and 11: findings name their variant and preset, identical ones are one entry
// with a count, each says what to change; a new variant from another tells how the two route,
// and a variant no model id of the list reaches is reported.

async function openProblems(page: Page) {
  await page.getByTestId('bottom-tab-problems').click();
  const panel = page.getByTestId('problems-panel');
  await expect(panel).toContainText(/\d+ error\(s\)/);
  return panel;
}

test('identical findings across variants are one entry with a count, naming the variants, with what to change', async ({
  studio: page,
}) => {
  const panel = await openProblems(page);
  await expect(panel).toContainText('0 error(s), 7 warning(s), 25 note(s), in 28 entries');
  // The prompt-cache warning at tools/execute_command.yaml:7 arises in five variants: one entry, not five.
  const cache = panel.locator('.finding', { hasText: 'tools/execute_command.yaml:7:1 CACHE_VOLATILE_BEFORE_STABLE' });
  await expect(cache).toHaveCount(1);
  await expect(cache).toHaveAttribute('data-count', '5');
  await expect(cache.locator('.finding-count')).toHaveText('×5');
  await expect(cache.getByTestId('finding-scope')).toHaveText('in 5 variants: devstral, hermes, glm, gemini-3, generic; preset basic');
  await expect(cache.getByTestId('finding-fix')).toContainText('Fix: keep the working directory out of tool execute_command');
  await expect(panel.locator('.finding[data-code=CACHE_VOLATILE_BEFORE_STABLE]')).toHaveCount(3);
  // What each occurrence has of its own, on request; and closed again.
  const each = cache.getByRole('button', { name: 'Each of the 5' });
  await each.click();
  const occurrences = cache.getByTestId('finding-occurrences');
  await expect(occurrences.locator('li')).toHaveCount(5);
  await expect(occurrences.locator('li').first()).toContainText('devstral × basic: the prefix ends at character');
  await screenshot(page, 'problems-grouped');
  await cache.getByRole('button', { name: 'Hide each' }).click();
  await expect(occurrences).toHaveCount(0);
  // An occurrence opens the file with its variant shown.
  await cache.getByRole('button', { name: 'Each of the 5' }).click();
  await occurrences.getByRole('button', { name: 'glm × basic' }).click();
  await expect(page.getByTestId('tabs').getByRole('tab', { selected: true })).toContainText('execute_command');
  await expect(page.getByTestId('preview-title')).toContainText('glm');
  // Notes off: only the warnings stay; on again: back.
  await panel.getByLabel('notes').uncheck();
  await expect(panel.locator('.finding.info')).toHaveCount(0);
  await expect(panel.locator('.finding.warning')).toHaveCount(3);
  await panel.getByLabel('notes').check();
  await expect(panel.locator('.finding.info').first()).toBeVisible();
  // A note names its variant and preset too, and opening it shows that variant × preset.
  const mcp = panel.locator('.finding', { hasText: "component 'MCP_SECTION' produces nothing" }).first();
  const scope = await mcp.getByTestId('finding-scope').innerText();
  expect(scope).toMatch(/^in variant [\w.-]+, preset no-mcp$/);
  const variantId = /^in variant ([\w.-]+),/.exec(scope)![1]!;
  await expect(page.getByTestId('preset-select')).toHaveValue('basic');
  await mcp.locator('.finding-open').click();
  await expect(page.getByTestId('preset-select')).toHaveValue('no-mcp');
  await expect(page.getByTestId('preview-title')).toContainText(variantId);
  await expect(page.getByTestId('preview-title')).toContainText('no-mcp');
  // And back: the occurrence under basic shows basic again.
  if ((await occurrences.count()) === 0) await cache.getByRole('button', { name: 'Each of the 5' }).click();
  await occurrences.getByRole('button', { name: 'glm × basic' }).click();
  await expect(page.getByTestId('preset-select')).toHaveValue('basic');
  await expect(page.getByTestId('preview-title')).toContainText('glm');
});

test('a new variant from gpt-5 says it shadows gpt-5, with the routing table one click away; undone, the finding goes', async ({
  studio: page,
}) => {
  const explorer = page.getByTestId('explorer');
  await explorer.getByRole('button', { name: /^gpt-5(\s|$)/ }).click({ button: 'right' });
  await page.getByTestId('entity-menu').getByRole('menuitem', { name: 'New variant from this one…' }).click();
  await page.getByTestId('text-prompt').getByRole('textbox').fill('gpt-5-mine');
  await page.getByTestId('text-prompt').getByRole('button', { name: 'Create' }).click();
  const notices = page.getByTestId('notices');
  const routing = notices.locator('.notice', { hasText: "'gpt-5-mine' has a copy of the matcher of 'gpt-5'" });
  await expect(routing).toContainText("the models 'gpt-5' served now get 'gpt-5-mine', and 'gpt-5' is shadowed");
  await screenshot(page, 'new-variant-routing');
  await routing.getByRole('button', { name: 'Show the routing table' }).click();
  await expect(routing).toHaveCount(0);
  const table = page.getByTestId('routing');
  await expect(table).toBeVisible();
  await expect(table.getByTestId('shadowed')).toContainText('gpt-5 can never win');
  await expect(table.locator('tr[data-model=gpt-5]')).toContainText('gpt-5-mine');
  // Problems says so too, naming the variant and what to change.
  const panel = await openProblems(page);
  const shadowed = panel.locator('.finding[data-code=MATCHER_SHADOWED]');
  await expect(shadowed).toContainText("matched first by 'gpt-5-mine'");
  await expect(shadowed.getByTestId('finding-scope')).toHaveText('in variant gpt-5');
  await expect(shadowed.getByTestId('finding-fix')).toContainText("move 'gpt-5' before 'gpt-5-mine' in selectionOrder");
  // Undone: the copy goes, and so does the finding.
  await notices.locator('.notice', { hasText: 'New variant gpt-5-mine (from gpt-5)' }).getByRole('button', { name: 'Undo' }).click();
  await expect(explorer.getByRole('button', { name: /^gpt-5-mine/ })).toHaveCount(0);
  await expect(shadowed).toHaveCount(0);
});

test('a variant no id of the model list reaches is listed (UNREACHABLE_VARIANT), and not once the list reaches it again', async ({
  studio: page,
}) => {
  const panel = await openProblems(page);
  const unreachable = panel.locator('.finding[data-code=UNREACHABLE_VARIANT]');
  await expect(panel).toContainText('7 warning(s)');
  await expect(unreachable).toHaveCount(0);
  // The model list without OpenAI's gpt-5 ids.
  await page.getByTestId('open-compare').click();
  await page.getByTestId('compare-tab-routing').click();
  await page.getByRole('button', { name: 'Model list' }).click();
  await page.getByRole('button', { name: 'Edit the model ids of OpenAI' }).click();
  await page.getByLabel('Model ids of OpenAI').fill('gpt-4.1\ngpt-4o\no3');
  await page.getByRole('button', { name: 'Keep' }).click();
  await expect(unreachable).toHaveCount(1);
  await expect(unreachable).toContainText('variants/gpt-5/variant.yaml');
  await expect(unreachable).toContainText('its matcher says yes to none of them under any preset');
  await expect(unreachable.getByTestId('finding-scope')).toHaveText('in variant gpt-5');
  await expect(unreachable.getByTestId('finding-fix')).toContainText('add the model ids it is for to the routing list');
  await expect(unreachable.getByRole('button', { name: 'Show the routing table' })).toBeVisible();
  // The list back as it was: the finding goes.
  await page.getByRole('button', { name: 'Reset the list' }).click();
  await expect(unreachable).toHaveCount(0);
  await expect(panel).toContainText('7 warning(s)');
});
