// npm run bench:ui — keystroke-to-screen latency of the authoring UI, in headless Chromium
// against the real app in browser mode. Prints figures; asserts nothing (--strict: exit 1 when
// a target of the desktop configuration is missed).
//
// Scenarios (--scenario a,b; default all):
//   builtin           the built-in workspace, generic × basic (about 42 KB of prompt)
//   prompt-200k       the same with a generic template that makes a prompt of about 200 KB
//   paste-1mb         the built-in workspace after pasting 1 MB of text into the template
//   workspace-500x20  a workspace of 500 variants × 20 context presets
// The size scenarios' workspaces are generated into temp folders (bench/generated-workspaces.ts).
//
// Per scenario it prints the time to interactive (navigation start to the first paint, to
// the first template text in the editor and to the first prompt text in the preview, and the
// script loaded), then for every keystroke typed into the template editor the time from the
// keydown event to (1) the preview's DOM showing the changed text, (2) with the diff on, the
// diff editor showing it with its decorations updated, (3) with the compare view open beside
// the editor on four columns (generic under four presets), all four columns showing it. Each
// as median and p95, with the path's stages from the marks the app records when asked
// (shared/ipc/trace.ts: User Timing marks in the page, the host's through debug:marks):
// editor change → store → transport send → host receive → build → encode → renderer receive →
// decode → store apply → Monaco / React commit → DOM → paint.
//
// It runs in Chromium configured as the desktop app configures it (the targets apply there)
// and, for the builtin scenario, in stock Chromium as a browser-mode user has it. The
// difference is Chromium's DeferRendererTasksAfterInput, which the desktop app turns off
// (electron/wiring/chromium-features.ts): it holds the host's answer back until the frame
// that paints the key press has been produced.
//
// Options: --chromium desktop|stock|both (default: both for builtin, desktop for the others),
// --url <app url> (type into a running app instead of starting one; builtin only), --app-root
// <dir> (start the app built in another folder: a before/after comparison on one machine
// state), --keys <n> (default 120), --only preview|diff|compare|start (start: only the time to
// interactive, --starts <n> times, default 5, each in a fresh browser context, printed as the
// median and every sample), --chars <text> (the characters typed in turn; default a-z), --at
// start|<n>|click (where the lines are typed: after the template's first line, after its line
// n, or after the line clicked into, as by default: near the top, or after a paste near its
// end), --scenario
// <names>, --json (one JSON line), --strict, --profile <dir>
// (CPU profiles of the page and the host), --trace <dir> (Chrome traces of the page).
/* global window, document, MutationObserver, requestAnimationFrame, DataTransfer, ClipboardEvent */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, ROOT, chromiumPath, startApp, tempWorkspace } from '../e2e/app-server.js';

const FRAME = 16.7;
/** Targets of the desktop configuration (issue 23); stock Chromium may take one frame more. */
const TARGETS = { preview: { median: 8, p95: 16 }, diff: { p95: 50 }, compare: { p95: 33 } };
const STARTUP_TARGETS = { template: 1000, preview: 1000 };

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}
const flag = (name) => process.argv.includes(`--${name}`);
/**
 * The characters typed, in turn (--chars; default a-z). Letters inside a line of words are keys
 * the page knows the prompt of before the host's build; a brace or `#` is one a build step may
 * read, so it waits for the build (e.g. --chars 'ab{c#d'). A space is typed but not measured (at
 * the prompt's end it does not show); the key after it is.
 */
const TYPED = [...arg('chars', 'abcdefghijklmnopqrstuvwxyz')];
/**
 * --at start: the lines are typed after the template's first line, inside the template whatever
 * the scenario (a space there shows, as a space at a line's end inside the text does: measured
 * too); --at <n>: after its line n; --at click (default): after the line the click into the
 * editor put the cursor on.
 */
const AT = arg('at', 'click');
/** --at <n>: after line n of the template (a line beside a separator of the built-in template: --at 6). */
const AT_LINE = AT === 'start' ? 1 : /^[1-9]\d{0,2}$/.test(AT) ? Number(AT) : undefined;
if (AT !== 'click' && AT_LINE === undefined) throw new Error(`--at must be start, click or a line number below 1000, not '${AT}'`);

function stats(samples) {
  const s = [...samples].sort((a, b) => a - b);
  if (s.length === 0) return null;
  const q = (p) => s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)];
  return { n: s.length, median: q(0.5), p95: q(0.95), max: s[s.length - 1] };
}

/** The stages of each measurement, in path order: [mark name, label]. */
const STAGES = {
  preview: [
    ['edit', 'editor change'],
    ['send:doc:update', 'transport sent'],
    ['store', 'store updated'],
    ['shown:preview-ahead', 'shown ahead of its build'],
    ['host:recv:doc:update', 'host received'],
    ['host:build:preview', 'host build start'],
    ['host:built:preview', 'host build end'],
    ['host:encode:preview:result', 'host encode start'],
    ['host:sent:preview:result', 'host sent'],
    ['recv', 'renderer received'],
    ['decoded:preview:result', 'renderer decoded'],
    ['apply:preview', 'store apply'],
    ['shown:preview', 'Monaco shows it'],
    ['commit:preview', 'React commit'],
    ['dom', 'DOM shows it'],
    ['paint', 'painted'],
  ],
  diff: [
    ['edit', 'editor change'],
    ['send:doc:update', 'transport sent'],
    ['store', 'store updated'],
    ['host:recv:doc:update', 'host received'],
    ['host:build:preview', 'host build start'],
    ['host:built:preview', 'host build end (with baseline)'],
    ['host:encode:preview:result', 'host encode start'],
    ['host:sent:preview:result', 'host sent'],
    ['recv', 'renderer received'],
    ['decoded:preview:result', 'renderer decoded'],
    ['apply:preview', 'store apply'],
    ['shown:diff-models', 'diff models updated'],
    ['diff:computed', 'diff computed'],
    ['dom', 'DOM shows it'],
    ['paint', 'painted'],
  ],
  compare: [
    ['edit', 'editor change'],
    ['send:doc:update', 'transport sent'],
    ['store', 'store updated'],
    ['host:recv:doc:update', 'host received'],
    ['host:build:compare', 'host build start'],
    ['host:built:compare', 'host build end'],
    ['host:encode:compare:result', 'host encode start'],
    ['host:sent:compare:result', 'host sent'],
    ['recv', 'renderer received'],
    ['decoded:compare:result', 'renderer decoded'],
    ['apply:compare', 'store apply'],
    ['commit:compare', 'React commit'],
    ['dom', 'DOM shows it'],
    ['paint', 'painted'],
  ],
};

/** Installed in the page: arms a measurement for the next keydown. */
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
  // Arm: a MutationObserver (preview, compare) or the diff-updated event (diff) checks the condition.
  await page.evaluate(
    ({ kind, marker }) => {
      const w = window;
      const a = { t0: undefined, t1: undefined, t2: undefined };
      w.__probe.armed = a;
      const previewLines = () => document.querySelector('[data-testid=preview-editor] .view-lines');
      const modifiedLines = () => document.querySelector('[data-testid=diff-editor] .editor.modified .view-lines:not(.line-delete)');
      const clean = (t) => (t ?? '').replace(/\u00a0/g, ' ');
      a.done = new Promise((resolve) => {
        // The DOM shows it (t1); the frame that paints it has been produced once a task posted from its animation frame runs (t2).
        const shown = () => {
          a.t1 = performance.now();
          requestAnimationFrame(() =>
            setTimeout(() => {
              a.t2 = performance.now();
              resolve();
            }, 0),
          );
        };
        if (kind === 'compare') {
          const target = document.querySelector('[data-testid=compare-scroll]');
          const cells = [...document.querySelectorAll('.compare-row[data-row="(template text)"] [data-testid=compare-cell] .compare-text')];
          // Only what changed is read: the block of a long cell that a mutation is in (the whole
          // cell where it has no blocks), so the probe costs what the change does, not the cell's size.
          const seen = new Set();
          const obs = new MutationObserver((records) => {
            if (a.t0 === undefined) return;
            for (const r of records) {
              // 3: a text node.
              const node = r.target.nodeType === 3 ? r.target.parentElement : r.target;
              const cell = node?.closest('.compare-text');
              if (!cell || !cells.includes(cell) || seen.has(cell)) continue;
              const changed = node.closest('.text-chunk') ?? cell;
              if (clean(changed.textContent).includes(marker)) seen.add(cell);
            }
            if (cells.length === 4 && seen.size === 4) {
              obs.disconnect();
              shown();
            }
          });
          obs.observe(target, { subtree: true, childList: true, characterData: true });
        } else if (kind === 'preview') {
          const target = document.querySelector('[data-testid=preview-editor]');
          const obs = new MutationObserver(() => {
            if (a.t0 !== undefined && clean(previewLines()?.textContent).includes(marker)) {
              obs.disconnect();
              shown();
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
              host.removeEventListener('studio-diff-updated', on);
              shown();
            }
          };
          host.addEventListener('studio-diff-updated', on);
        }
      });
    },
    { kind, marker },
  );
  await page.keyboard.press(key === ' ' ? 'Space' : key);
  const r = await page.evaluate(async () => {
    const a = window.__probe.armed;
    const timeout = new Promise((r) => setTimeout(() => r('timeout'), 5000));
    const r = await Promise.race([a.done, timeout]);
    window.__probe.armed = null;
    const origin = performance.timeOrigin;
    return r === 'timeout' ? null : { t0: origin + a.t0, dom: origin + a.t1, paint: origin + a.t2 };
  });
  if (r === null) throw new Error(`${kind}: the change '${marker}' did not show within 5 s`);
  return r;
}

/** The marks of the page (User Timing, `vs:` names) and of the host (debug:marks) since the last call, as epoch times. */
async function takeMarks(page) {
  return page.evaluate(async () => {
    const origin = performance.timeOrigin;
    window.__vsFlushMarks?.();
    const own = performance
      .getEntriesByType('mark')
      .filter((m) => m.name.startsWith('vs:'))
      .map((m) => ({ name: m.name.slice(3), at: origin + m.startTime }));
    performance.clearMarks();
    if (!window.__vsHostMarks) return { own, host: null };
    // The host's clock against the page's: the answer with the shortest round trip, its clock taken at the middle.
    let marks = null;
    let best = null;
    for (let i = 0; i < 7; i++) {
      const sent = origin + performance.now();
      const r = await window.__vsHostMarks();
      const back = origin + performance.now();
      if (!r?.ok || !r.value.enabled) return { own, host: null };
      marks = [...(marks ?? []), ...r.value.marks];
      if (!best || back - sent < best.rtt) best = { rtt: back - sent, offset: r.value.now - (sent + back) / 2 };
    }
    return { own, host: marks.map((m) => ({ name: m.name, at: m.at - best.offset })), offset: best.offset, rtt: best.rtt };
  });
}

/**
 * Per keystroke, the time from keydown to each stage: the first mark of that name between the
 * keydown and the paint (the next key is pressed only after), except the renderer's receipt
 * (the last frame received before the result was decoded) and the diff (its last computation
 * before the DOM showed it).
 */
function stagesOf(kind, keys, marks) {
  const all = [...marks.own, ...(marks.host ?? [])].sort((a, b) => a.at - b.at);
  const per = STAGES[kind].map(() => []);
  const steps = STAGES[kind].map(() => []);
  let from = 0;
  for (const k of keys) {
    while (from < all.length && all[from].at < k.t0) from++;
    const inWindow = [];
    for (let i = from; i < all.length && all[i].at <= k.paint; i++) inWindow.push(all[i]);
    const at = {};
    for (const m of inWindow) if (at[m.name] === undefined) at[m.name] = m.at;
    const decoded = at[`decoded:${kind === 'compare' ? 'compare' : 'preview'}:result`];
    const received = inWindow.filter((m) => m.name === 'recv' && (decoded === undefined || m.at <= decoded)).at(-1);
    at.recv = received?.at;
    const computed = inWindow.filter((m) => m.name === 'diff:computed' && m.at <= k.dom).at(-1);
    at['diff:computed'] = computed?.at;
    at.dom = k.dom;
    at.paint = k.paint;
    let prev = k.t0;
    STAGES[kind].forEach(([name], i) => {
      const t = at[name];
      if (t === undefined) return;
      per[i].push(t - k.t0);
      steps[i].push(t - prev);
      prev = t;
    });
  }
  return STAGES[kind].map(([name, label], i) => ({ name, label, at: stats(per[i]), step: stats(steps[i]) }));
}

/**
 * Milliseconds from the start of navigation to the first paint, to the first template text in
 * the editor and to the first prompt text in the preview (performance.now() in the page counts
 * from the navigation's start), and the script the page loaded by then.
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
  // The text counts as shown once it is on screen: as plain text while Monaco loads, or in the editor.
  const [template, preview, templateEditor, previewEditor] = await Promise.all([
    at('[data-testid=template-editor] .view-lines, [data-testid=template-plain-text]'),
    at('[data-testid=preview-editor] .view-lines, [data-testid=preview-plain-text]'),
    at('[data-testid=template-editor] .view-lines'),
    at('[data-testid=preview-editor] .view-lines'),
  ]);
  return page.evaluate(
    ({ template, preview, templateEditor, previewEditor }) => {
      const scripts = performance.getEntriesByType('resource').filter((e) => e.name.endsWith('.js'));
      const before = (t) => scripts.filter((e) => e.responseEnd <= t).reduce((sum, e) => sum + (e.encodedBodySize || 0), 0);
      return {
        firstPaint: performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint')?.startTime ?? null,
        template,
        preview,
        editors: Math.max(templateEditor, previewEditor),
        scriptBytes: scripts.reduce((sum, e) => sum + (e.encodedBodySize || 0), 0),
        scriptBytesBeforeText: before(Math.max(template, preview)),
      };
    },
    { template, preview, templateEditor, previewEditor },
  );
}

/** --profile <dir>: a CPU profile of the page per measurement (and of the host, written when it stops). */
const PROFILE_DIR = arg('profile');
/** --trace <dir>: a Chrome trace of the page per measurement (open it in DevTools' Performance panel). */
const TRACE_DIR = arg('trace');

async function typeRun(page, kind, count) {
  const keys = [];
  let cdp = null;
  if (PROFILE_DIR) {
    cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  if (TRACE_DIR) {
    fs.mkdirSync(TRACE_DIR, { recursive: true });
    await page
      .context()
      .browser()
      .startTracing(page, {
        path: path.join(TRACE_DIR, `page-${kind}-${Date.now()}.json`),
        categories: ['devtools.timeline', 'blink.user_timing'],
      });
  }
  let line = 0;
  await takeMarks(page);
  if (AT_LINE !== undefined) {
    await page.keyboard.press('Control+Home');
    for (let i = 1; i < AT_LINE; i++) await page.keyboard.press('ArrowDown');
  }
  while (keys.length < count) {
    // A fresh line with a unique prefix, typed without measuring.
    const prefix = `${kind === 'diff' ? 'D' : kind === 'compare' ? 'C' : 'P'}q${line++}x`;
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type(prefix);
    await page.waitForTimeout(150);
    let typed = prefix;
    for (let i = 0; i < 20 && keys.length < count; i++) {
      const ch = TYPED[(line * 7 + i) % TYPED.length];
      typed += ch;
      // A space may not show (the prompt's end is trimmed): typed, not measured; the key after it is.
      if (ch === ' ' && AT_LINE === undefined) {
        await page.keyboard.press('Space');
        await page.waitForTimeout(30);
        continue;
      }
      keys.push(await measure(page, kind, typed, ch));
      // Typing pace of a fast typist: the next key comes after the previous change showed.
      await page.waitForTimeout(30);
    }
  }
  const marks = await takeMarks(page);
  if (TRACE_DIR) await page.context().browser().stopTracing();
  if (cdp) {
    const { profile } = await cdp.send('Profiler.stop');
    fs.mkdirSync(PROFILE_DIR, { recursive: true });
    fs.writeFileSync(path.join(PROFILE_DIR, `page-${kind}-${Date.now()}.cpuprofile`), JSON.stringify(profile));
    await cdp.detach();
  }
  return {
    total: stats(keys.map((k) => k.dom - k.t0)),
    painted: stats(keys.map((k) => k.paint - k.t0)),
    stages: stagesOf(kind, keys, marks),
    hostMarks: marks.host !== null,
  };
}

/** Puts the focus into the template editor (a click on its text area, wherever it is scrolled to). */
async function focusTemplate(page) {
  await page
    .locator('[data-testid=template-editor] .monaco-editor')
    .first()
    .click({ position: { x: 200, y: 60 } });
}

/** Pastes `text` at the end of the template (a real paste event into Monaco) and waits until the preview ends with it. */
async function pasteAtEnd(page, text) {
  await focusTemplate(page);
  await page.keyboard.press('Control+End');
  const tail = text.slice(-40).trim().split('\n').at(-1);
  const head = text.slice(0, 40).trim().split('\n')[0];
  const took = await page.evaluate(
    async ({ text, tail, head }) => {
      // Monaco takes input through an EditContext (a focused div), not its textarea, where Chromium has the API.
      const target = document.activeElement ?? document.querySelector('[data-testid=template-editor] textarea');
      const data = new DataTransfer();
      data.setData('text/plain', text);
      const t0 = performance.now();
      target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      const lines = () => (document.querySelector('[data-testid=preview-editor] .view-lines')?.textContent ?? '').replace(/\u00a0/g, ' ');
      for (;;) {
        await new Promise((r) => requestAnimationFrame(r));
        // The preview scrolls to the change: its end, or (before it did) its start.
        if (lines().includes(tail) || lines().includes(head)) return performance.now() - t0;
        if (performance.now() - t0 > 30_000) return null;
      }
    },
    { text, tail, head },
  );
  if (took === null) throw new Error('the pasted text did not reach the preview within 30 s');
  return took;
}

/** Chromium as the desktop app configures it (electron/wiring/chromium-features.ts). */
const DESKTOP_FEATURES = JSON.parse(fs.readFileSync(new URL('../electron/wiring/chromium-features.json', import.meta.url), 'utf8')).disable;
const CONFIGS = {
  desktop: { label: 'Chromium as the desktop app runs it', args: [...CHROMIUM_ARGS, `--disable-features=${DESKTOP_FEATURES.join(',')}`] },
  stock: { label: 'stock Chromium (a browser-mode user)', args: CHROMIUM_ARGS },
};

async function generated() {
  // Built by `npm run build:lib` (bench:ui's ensure-built step).
  return import(path.join(ROOT, 'dist-lib/bench/generated-workspaces.js'));
}

const tempDir = (name) => fs.mkdtempSync(path.join(os.tmpdir(), `vs-bench-${name}-`));

const SCENARIOS = {
  builtin: {
    label: 'generic × basic, built-in workspace',
    configs: ['desktop', 'stock'],
    workspace: async () => tempWorkspace(),
    checkStart: true,
  },
  'prompt-200k': {
    label: 'generic × basic with a 200 KB prompt',
    configs: ['desktop'],
    workspace: async () => (await generated()).bigPromptWorkspace(tempDir('200k'), 200),
  },
  'paste-1mb': {
    label: 'generic × basic after a 1 MB paste into the template',
    configs: ['desktop'],
    workspace: async () => tempWorkspace(),
    paste: 1 << 20,
    targets: { preview: { p95: 33 } },
  },
  'workspace-500x20': {
    label: 'a workspace of 500 variants × 20 presets',
    configs: ['desktop'],
    workspace: async () => (await generated()).largeWorkspace(tempDir('500x20')),
    startTargets: { template: 1500, preview: 1500 },
    kinds: ['preview'],
  },
};

/** One run: the app in one Chromium configuration; preview keystrokes, then diff keystrokes, then compare. */
async function run(url, scenario, config, keys, only) {
  const kinds = scenario.kinds ?? ['preview', 'diff', 'compare'];
  const wanted = (kind) => kinds.includes(kind) && (!only || only === kind);
  const few = Math.max(10, Math.round(keys / 2));
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: config.args });
  const out = { startup: null, paste: null, preview: null, diff: null, compare: null };
  try {
    if (only === 'start') {
      out.starts = [];
      for (let i = 0; i < Number(arg('starts', '5')); i++) {
        const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
        const page = await context.newPage();
        await page.goto(url);
        out.starts.push(await timeToInteractive(page));
        await context.close();
      }
      const mid = (key) => stats(out.starts.map((s) => s[key]).filter((x) => x !== null))?.median ?? null;
      out.startup = {
        ...out.starts[0],
        firstPaint: mid('firstPaint'),
        template: mid('template'),
        preview: mid('preview'),
        editors: mid('editors'),
      };
      return out;
    }
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    await page.goto(`${url}${url.includes('?') ? '&' : '?'}trace`);
    out.startup = await timeToInteractive(page);
    await page.evaluate(installProbe);
    await page.waitForFunction(
      () => (document.querySelector('[data-testid=preview-editor] .view-lines')?.textContent ?? '').length > 100,
      null,
      { timeout: 30_000 },
    );
    if (scenario.checkStart) {
      const tabs = await page.locator('[data-testid=tabs] [role=tab][aria-selected=true]').textContent();
      const preset = await page.locator('[data-testid=preset-select]').inputValue();
      if (!/generic/.test(tabs ?? '') || preset !== 'basic')
        throw new Error(`expected generic × basic, got tab '${tabs}' and preset '${preset}'`);
    }
    if (scenario.paste) {
      const text = (await generated()).proseText(scenario.paste, 3);
      out.paste = await pasteAtEnd(page, text);
      await page.waitForTimeout(1000);
    } else {
      // The cursor goes to the end of the template's first line.
      await focusTemplate(page);
      await page.keyboard.press('Control+Home');
    }

    if (wanted('preview')) out.preview = await typeRun(page, 'preview', keys);
    if (wanted('diff')) {
      await page.locator('[data-testid=diff-toggle]').click();
      await page.waitForSelector('[data-testid=diff-editor] .editor.modified .view-lines');
      await page.waitForTimeout(500);
      await focusTemplate(page);
      await page.keyboard.press('Control+End');
      out.diff = await typeRun(page, 'diff', few);
      await page.locator('[data-testid=diff-toggle]').click();
    }
    if (!wanted('compare')) return out;

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
    await focusTemplate(page);
    await page.keyboard.press('Control+End');
    out.compare = await typeRun(page, 'compare', few);
    return out;
  } finally {
    await browser.close();
  }
}

function targetsOf(scenario) {
  const t = structuredClone(TARGETS);
  for (const [kind, over] of Object.entries(scenario.targets ?? {})) t[kind] = { ...t[kind], ...over };
  return t;
}

/** Where a figure misses its target: [] when it meets every one. */
function misses(result, targets, startTargets, slack) {
  const out = [];
  for (const kind of ['preview', 'diff', 'compare']) {
    const m = result[kind]?.total;
    if (!m) continue;
    for (const q of ['median', 'p95']) if (targets[kind][q] !== undefined && m[q] > targets[kind][q] + slack) out.push(`${kind} ${q}`);
  }
  const s = result.startup;
  if (s && s.template > startTargets.template) out.push('first template text');
  if (s && s.preview > startTargets.preview) out.push('first prompt text');
  return out;
}

const r1 = (x) => (x === null || x === undefined ? '?' : (Math.round(x * 10) / 10).toFixed(1));

function printRun(name, scenario, result, keys) {
  const targets = targetsOf(scenario);
  const start = { ...STARTUP_TARGETS, ...(scenario.startTargets ?? {}) };
  console.log(`  ${CONFIGS[name].label}:`);
  const t = result.startup;
  console.log(
    `    time to interactive: first paint ${t.firstPaint === null ? '?' : Math.round(t.firstPaint)} ms, first template text ${Math.round(t.template)} ms, first prompt text ${Math.round(t.preview)} ms (targets ${start.template} / ${start.preview} ms), both editors ready ${Math.round(t.editors)} ms; script ${Math.round(t.scriptBytesBeforeText / 1024)} KB before the text, ${Math.round(t.scriptBytes / 1024)} KB in all`,
  );
  if (result.starts)
    console.log(
      `    (median of ${result.starts.length} starts; template / prompt text per start: ${result.starts.map((s) => `${Math.round(s.template)}/${Math.round(s.preview)}`).join(', ')} ms)`,
    );
  if (result.paste !== null) console.log(`    1 MB paste -> preview shows it: ${Math.round(result.paste)} ms`);
  const what = { preview: 'preview shows it', diff: 'diff shows it', compare: 'all four compare columns show it' };
  for (const kind of ['preview', 'diff', 'compare']) {
    const m = result[kind];
    if (!m) continue;
    const tg = targets[kind];
    const goal = [tg.median !== undefined ? `median ≤ ${tg.median}` : null, `p95 ≤ ${tg.p95}`].filter(Boolean).join(', ');
    console.log(
      `    keystroke -> ${what[kind]}: median ${r1(m.total.median)} ms, p95 ${r1(m.total.p95)} ms; painted median ${r1(m.painted.median)}, p95 ${r1(m.painted.p95)} (${m.total.n} keys; target ${goal}${name === 'stock' ? ' + one frame' : ''})`,
    );
    if (!m.hostMarks) console.log('      (no host marks: the app was not started with VARIANT_STUDIO_TRACE=1)');
    console.log(`      ${'stage'.padEnd(34)} ${'from keydown'.padStart(14)}   ${'step'.padStart(14)}`);
    console.log(`      ${''.padEnd(34)} ${'median   p95'.padStart(14)}   ${'median   p95'.padStart(14)}`);
    for (const s of m.stages) {
      if (!s.at) continue;
      const seen = s.at.n < m.total.n ? ` (${s.at.n} of ${m.total.n})` : '';
      console.log(
        `      ${(s.label + seen).padEnd(34)} ${r1(s.at.median).padStart(6)} ${r1(s.at.p95).padStart(7)}   ${r1(s.step.median).padStart(6)} ${r1(s.step.p95).padStart(7)}`,
      );
    }
  }
  const missed = misses(result, targets, start, name === 'stock' ? FRAME : 0);
  if (missed.length) console.log(`    missed: ${missed.join(', ')}`);
  void keys;
  return missed;
}

async function main() {
  const keys = Number(arg('keys', '120'));
  const only = arg('only', undefined);
  if (only !== undefined && !['preview', 'diff', 'compare', 'start'].includes(only))
    throw new Error(`--only must be preview, diff, compare or start, not '${only}'`);
  const given = arg('url');
  const appRoot = arg('app-root');
  const names = (arg('scenario') ?? (given ? 'builtin' : Object.keys(SCENARIOS).join(','))).split(',');
  for (const n of names) if (!SCENARIOS[n]) throw new Error(`--scenario: no scenario '${n}' (${Object.keys(SCENARIOS).join(', ')})`);
  const which = arg('chromium');
  for (const c of which === undefined || which === 'both' ? [] : [which])
    if (!CONFIGS[c]) throw new Error(`--chromium must be desktop, stock or both, not '${c}'`);
  const load = () =>
    os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ');
  const results = {};
  let anyMissed = false;
  if (!flag('json'))
    console.log(
      `UI bench (${keys} preview keystrokes, ${Math.max(10, Math.round(keys / 2))} diff and compare keystrokes per run, headless Chromium); load average ${load()}`,
    );
  for (const sname of names) {
    const scenario = SCENARIOS[sname];
    const configs = which === undefined ? scenario.configs : which === 'both' ? ['desktop', 'stock'] : [which];
    results[sname] = {};
    if (!flag('json')) console.log(`${sname}: ${scenario.label}`);
    for (const name of configs) {
      // A fresh app (and workspace) per configuration, so each types into the same template.
      const workspace = given ? null : await scenario.workspace();
      const app = given
        ? null
        : await startApp({
            workspace,
            env: { VARIANT_STUDIO_TRACE: '1' },
            ...(PROFILE_DIR ? { nodeArgs: ['--cpu-prof', '--cpu-prof-dir', path.resolve(PROFILE_DIR)] } : {}),
            ...(appRoot ? { serve: path.resolve(appRoot, 'dist-lib/electron/browser/serve.js') } : {}),
          });
      try {
        const r = await run(given ?? app.url, scenario, CONFIGS[name], keys, only);
        r.load = load();
        results[sname][name] = r;
        if (!flag('json')) {
          if (printRun(name, scenario, r, keys).length && name === 'desktop') anyMissed = true;
          console.log(`    (load average after the run: ${r.load})`);
        }
      } finally {
        await app?.stop();
        if (workspace) fs.rmSync(workspace, { recursive: true, force: true });
      }
    }
  }
  if (flag('json')) console.log(JSON.stringify({ targets: TARGETS, results }));
  if (anyMissed && flag('strict')) process.exitCode = 1;
}

main().catch((e) => {
  console.error(e instanceof Error ? e.stack : e);
  process.exit(1);
});
