// npm run bench:ui — keystroke-to-screen latency of the authoring UI, in headless Chromium
// against the real app in browser mode (generic variant, basic preset).
//
// It prints the time to interactive (navigation start to the first paint, to the first
// template text in the editor and to the first prompt text in the preview); then, for every
// keystroke typed into the template editor, it measures, inside the page, the time from the
// keydown event to (1) the preview's DOM showing the changed text, (2) with the diff on, the
// diff editor showing it with its diff decorations updated, and (3) with the compare view open
// beside the editor on four columns (generic under four presets), all four columns showing
// it. Prints median and p95.
//
// It runs twice: in Chromium configured as the desktop app configures it (the targets apply
// to that run) and in stock Chromium, as a browser-mode user has it. The difference is
// Chromium's DeferRendererTasksAfterInput, which the desktop app turns off (see
// electron/wiring/chromium-features.ts): it holds the host's answer back until the frame
// that paints the key press has been produced.
//
// Options: --chromium desktop|stock|both (default both), --url <app url> (use a running app
// instead of starting one), --keys <n> (default 120), --only preview|diff|compare (one
// measurement; the others are skipped), --json (one JSON line), --strict (exit 1 when a target
// of the desktop run is missed).
/* global window, document, MutationObserver */
import fs from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath, startApp } from '../e2e/app-server.js';

const TARGETS = { preview: 16, diff: 100, compare: 50 };

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}
const flag = (name) => process.argv.includes(`--${name}`);

function stats(samples) {
  const s = [...samples].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)];
  return { n: s.length, median: q(0.5), p95: q(0.95), max: s[s.length - 1] };
}

/** Installed in the page: arms a measurement for the next keydown, resolves when `done()` holds. */
function installProbe() {
  const w = window;
  w.__probe = { armed: null };
  document.addEventListener(
    'keydown',
    (e) => {
      const a = w.__probe.armed;
      if (a && a.t0 === undefined) a.t0 = e.timeStamp;
    },
    true,
  );
}

async function measure(page, kind, marker, key) {
  // Arm: a MutationObserver (preview) or the diff-updated event (diff) checks the condition.
  await page.evaluate(
    ({ kind, marker }) => {
      const w = window;
      const a = { t0: undefined, t1: undefined };
      w.__probe.armed = a;
      const previewLines = () => document.querySelector('[data-testid=preview-editor] .view-lines');
      const modifiedLines = () => document.querySelector('[data-testid=diff-editor] .editor.modified .view-lines:not(.line-delete)');
      const clean = (t) => (t ?? '').replace(/\u00a0/g, ' ');
      a.done = new Promise((resolve) => {
        if (kind === 'compare') {
          const target = document.querySelector('[data-testid=compare-scroll]');
          const cells = () => [
            ...document.querySelectorAll('.compare-row[data-row="(template text)"] [data-testid=compare-cell] .compare-text'),
          ];
          const obs = new MutationObserver(() => {
            const all = cells();
            if (a.t0 !== undefined && all.length === 4 && all.every((c) => clean(c.textContent).includes(marker))) {
              a.t1 = performance.now();
              obs.disconnect();
              resolve();
            }
          });
          obs.observe(target, { subtree: true, childList: true, characterData: true });
        } else if (kind === 'preview') {
          const target = document.querySelector('[data-testid=preview-editor]');
          const obs = new MutationObserver(() => {
            if (a.t0 !== undefined && clean(previewLines()?.textContent).includes(marker)) {
              a.t1 = performance.now();
              obs.disconnect();
              resolve();
            }
          });
          obs.observe(target, { subtree: true, childList: true, characterData: true });
        } else {
          const host = document.querySelector('[data-testid=diff-editor]');
          const on = () => {
            const inserted = host.querySelector(
              '.editor.modified .line-insert, .editor.modified .char-insert, .editor.modified .gutter-insert',
            );
            if (a.t0 !== undefined && inserted && clean(modifiedLines()?.textContent).includes(marker)) {
              a.t1 = performance.now();
              host.removeEventListener('studio-diff-updated', on);
              resolve();
            }
          };
          host.addEventListener('studio-diff-updated', on);
        }
      });
    },
    { kind, marker },
  );
  await page.keyboard.press(key);
  const ms = await page.evaluate(async () => {
    const a = window.__probe.armed;
    const timeout = new Promise((r) => setTimeout(() => r('timeout'), 5000));
    const r = await Promise.race([a.done, timeout]);
    window.__probe.armed = null;
    return r === 'timeout' ? null : a.t1 - a.t0;
  });
  if (ms === null) throw new Error(`${kind}: the change '${marker}' did not show within 5 s`);
  return ms;
}

/**
 * Milliseconds from the start of navigation to the first paint, to the first template text in
 * the editor and to the first prompt text in the preview (performance.now() in the page counts
 * from the navigation's start).
 */
async function timeToInteractive(page) {
  const at = async (selector) =>
    (
      await page.waitForFunction(
        (sel) => ((document.querySelector(sel)?.textContent ?? '').length > 20 ? performance.now() : false),
        selector,
        { timeout: 60_000, polling: 'raf' },
      )
    ).jsonValue();
  const [template, preview] = await Promise.all([
    at('[data-testid=template-editor] .view-lines'),
    at('[data-testid=preview-editor] .view-lines'),
  ]);
  const firstPaint = await page.evaluate(
    () => performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint')?.startTime ?? null,
  );
  const script = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((e) => e.name.endsWith('.js'))
      .reduce((sum, e) => sum + (e.encodedBodySize || 0), 0),
  );
  return { firstPaint, template, preview, scriptBytes: script };
}

async function typeRun(page, kind, count) {
  const samples = [];
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let line = 0;
  while (samples.length < count) {
    // A fresh line with a unique prefix, typed without measuring.
    const prefix = `${kind === 'diff' ? 'D' : kind === 'compare' ? 'C' : 'P'}q${line++}x`;
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type(prefix);
    await page.waitForTimeout(150);
    let typed = prefix;
    for (let i = 0; i < 20 && samples.length < count; i++) {
      const ch = letters[(line * 7 + i) % 26];
      typed += ch;
      samples.push(await measure(page, kind, typed, ch));
      // Typing pace of a fast typist: the next key comes after the previous change showed.
      await page.waitForTimeout(30);
    }
  }
  return samples;
}

/** Chromium as the desktop app configures it (electron/wiring/chromium-features.ts). */
const DESKTOP_FEATURES = JSON.parse(fs.readFileSync(new URL('../electron/wiring/chromium-features.json', import.meta.url), 'utf8')).disable;
const CONFIGS = {
  desktop: { label: 'Chromium as the desktop app runs it', args: [...CHROMIUM_ARGS, `--disable-features=${DESKTOP_FEATURES.join(',')}`] },
  stock: { label: 'stock Chromium (a browser-mode user)', args: CHROMIUM_ARGS },
};

/** One run: the app in one Chromium configuration; preview keystrokes, then diff keystrokes. */
async function run(url, config, keys, only) {
  const wanted = (kind) => !only || only === kind;
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: config.args });
  try {
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    await page.goto(url);
    const startup = await timeToInteractive(page);
    await page.evaluate(installProbe);
    await page.waitForFunction(
      () => (document.querySelector('[data-testid=preview-editor] .view-lines')?.textContent ?? '').length > 100,
      null,
      { timeout: 30_000 },
    );
    const tabs = await page.locator('[data-testid=tabs] [role=tab][aria-selected=true]').textContent();
    const preset = await page.locator('[data-testid=preset-select]').inputValue();
    if (!/generic/.test(tabs ?? '') || preset !== 'basic')
      throw new Error(`expected generic × basic, got tab '${tabs}' and preset '${preset}'`);
    // The cursor goes to the end of the template's first line.
    await page.locator('[data-testid=template-editor] .view-line').first().click();
    await page.keyboard.press('Control+Home');

    const preview = wanted('preview') ? await typeRun(page, 'preview', keys) : null;
    let diff = null;
    if (wanted('diff')) {
      await page.locator('[data-testid=diff-toggle]').click();
      await page.waitForSelector('[data-testid=diff-editor] .editor.modified .view-lines');
      await page.waitForTimeout(500);
      await page.locator('[data-testid=template-editor] .view-line').first().click();
      await page.keyboard.press('Control+End');
      diff = await typeRun(page, 'diff', Math.max(20, Math.round(keys / 2)));
      await page.locator('[data-testid=diff-toggle]').click();
    }
    if (!wanted('compare')) return { startup, preview: preview && stats(preview), diff: diff && stats(diff), compare: null };

    // The compare view beside the editor, four columns: generic under basic, no-mcp, no-browser, yolo.
    await page.getByTestId('open-compare').click();
    await page.waitForSelector('[data-testid=compare-column-header]');
    await page
      .getByRole('button', { name: /^Remove (?!generic)/ })
      .first()
      .click();
    const add = page.getByTestId('compare-add');
    for (let i = 0; i < 3; i++) {
      await add.getByLabel('Variant').selectOption('generic');
      await add.getByRole('button', { name: 'Add column' }).click();
    }
    const presets = ['no-mcp', 'no-browser', 'yolo'];
    for (let i = 0; i < presets.length; i++) {
      await page
        .getByTestId('compare-column-header')
        .nth(i + 1)
        .getByLabel(/^Preset of /)
        .selectOption(presets[i]);
    }
    await page.waitForFunction(
      () => document.querySelectorAll('.compare-row[data-row="(template text)"] [data-testid=compare-cell]').length === 4,
      null,
      { timeout: 30_000 },
    );
    await page.waitForTimeout(1000);
    await page.locator('[data-testid=template-editor] .view-line').nth(2).click();
    await page.keyboard.press('Control+End');
    const compare = await typeRun(page, 'compare', Math.max(20, Math.round(keys / 2)));
    return { startup, preview: preview && stats(preview), diff: diff && stats(diff), compare: stats(compare) };
  } finally {
    await browser.close();
  }
}

async function main() {
  const keys = Number(arg('keys', '120'));
  const only = arg('only', undefined);
  if (only !== undefined && !['preview', 'diff', 'compare'].includes(only))
    throw new Error(`--only must be preview, diff or compare, not '${only}'`);
  const which = arg('chromium', 'both');
  const names = which === 'both' ? ['desktop', 'stock'] : [which];
  for (const n of names) if (!CONFIGS[n]) throw new Error(`--chromium must be desktop, stock or both, not '${n}'`);
  const given = arg('url');
  const r2 = (x) => Math.round(x * 100) / 100;
  const results = {};
  for (const name of names) {
    // A fresh app (and workspace copy) per configuration, so both type into the same template.
    const app = given ? null : await startApp();
    try {
      results[name] = await run(given ?? app.url, CONFIGS[name], keys, only);
    } finally {
      await app?.stop();
    }
  }
  // The targets are the desktop app's; the stock figures show what a browser-mode user sees.
  const judged = results.desktop ?? results[names[0]];
  const missed = Object.keys(TARGETS).some((kind) => judged[kind] && judged[kind].p95 >= TARGETS[kind]);
  if (flag('json')) console.log(JSON.stringify({ variant: 'generic', preset: 'basic', targets: TARGETS, ...results }));
  else {
    console.log(`UI bench (generic × basic, ${keys} + 2 × ${Math.max(20, Math.round(keys / 2))} keystrokes per run, headless Chromium)`);
    for (const name of names) {
      const r = results[name];
      console.log(`  ${CONFIGS[name].label}:`);
      const t = r.startup;
      console.log(
        `    time to interactive: first paint ${t.firstPaint === null ? '?' : Math.round(t.firstPaint)} ms, first template text ${Math.round(t.template)} ms, first prompt text ${Math.round(t.preview)} ms (${Math.round(t.scriptBytes / 1024)} KB of script)`,
      );
      const line = (kind, what) => {
        const m = r[kind];
        if (m) console.log(`    keystroke -> ${what}: median ${r2(m.median)} ms, p95 ${r2(m.p95)} ms (target p95 < ${TARGETS[kind]} ms)`);
      };
      line('preview', 'preview shows it');
      line('diff', 'diff shows it   ');
      line('compare', 'all four compare columns show it');
    }
    if (missed) console.log(`  a target was missed (${results.desktop ? 'desktop configuration' : names[0]})`);
  }
  if (missed && flag('strict')) process.exitCode = 1;
}

main().catch((e) => {
  console.error(e instanceof Error ? e.stack : e);
  process.exit(1);
});
