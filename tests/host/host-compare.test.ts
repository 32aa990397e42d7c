import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../cli/main.js';
import { loadTokenCounter } from '../../electron/host/tokens.js';
import { hostsClosedAfterEach, miniWorkspace, tempDir, type TestHost, writeFiles } from './support/fixtures.js';

const hosts = hostsClosedAfterEach();
async function miniHost(): Promise<TestHost & { ws: string }> {
  const ws = writeFiles(tempDir(), miniWorkspace());
  const h = await hosts.start({ initialWorkspace: ws });
  return Object.assign(h, { ws });
}
const BASE = { kind: 'preset', name: 'base' } as const;
const TEMPLATE = { kind: 'variant-template', variantId: 'generic' } as const;

async function cli(args: string[]): Promise<{ code: number; out: string }> {
  let out = '';
  const code = await runCli(args, { stdout: (t) => (out += t), stderr: (t) => (out += t), cwd: process.cwd() });
  return { code, out };
}

describe('compare view (host)', () => {
  it('builds the columns aligned by section, rebuilds them after an edit, then counts tokens', async () => {
    const h = await miniHost();
    const first = await h.call('compare:set', {
      columns: [
        { kind: 'variant', variantId: 'generic' },
        { kind: 'model', modelId: 'my-special-model' },
        { kind: 'profile', profileId: 'mini' },
      ],
      context: BASE,
    });
    expect(first.columns.map((c: { label: string; variantId: string | null; kind: string }) => [c.label, c.variantId, c.kind])).toEqual([
      ['generic', 'generic', 'variant'],
      ['my-special-model → special', 'special', 'variant'],
      ['mini', null, 'stack'],
    ]);
    expect(first.columns[1].why).toBe(`'special' matched: model id "my-special-model" contains "special"`);
    const role = first.rows.find((r: { key: string }) => r.key === 'ROLE');
    expect(role.cells).toEqual([
      { text: 'You are a test agent in /proj.' },
      { text: 'You are a test agent in /proj.' },
      { reason: 'empty' },
    ]);
    expect(first.rows.find((r: { key: string }) => r.key === 'TOOLBOX').cells[1]).toEqual({ reason: 'not in the component order' });
    const tokens = await h.waitForEvent('compare:tokens', (p) => p.seq === first.seq, 10000);
    const roleTokens = tokens.rows.find((_: unknown, i: number) => first.rows[i].key === 'ROLE');
    expect(roleTokens[0]).toBeGreaterThan(5);
    expect(roleTokens).toEqual([roleTokens[0], roleTokens[0], null]);
    expect(tokens.totals.every((n: number | null) => typeof n === 'number' && n > 0)).toBe(true);
    expect(tokens.budgets).toEqual([null, null, null]);

    const next = h.waitForEvent('compare:result', (p) => p.seq > first.seq);
    await h.call('doc:update', { ref: TEMPLATE, text: '{{ROLE}}\n\n{{GREETING}} EDITED\n' });
    const result = await next;
    expect(result.rows.find((r: { key: string }) => r.key === '{{GREETING}}').cells[0]).toEqual({ text: 'hello' });
    expect(result.rows.find((r: { key: string }) => r.key === '(template text)').cells[0].text).toContain('EDITED');

    // No columns: the host stops rebuilding.
    await h.call('compare:set', { columns: [], context: BASE });
    const count = h.events.filter((e) => e.event === 'compare:result').length;
    await h.call('doc:update', { ref: TEMPLATE, text: '{{ROLE}}\n' });
    await h.host.settle();
    expect(h.events.filter((e) => e.event === 'compare:result').length).toBe(count);
  });

  it('builds again only the columns an edit can change', async () => {
    const h = await miniHost();
    const first = await h.call('compare:set', {
      columns: [
        { kind: 'variant', variantId: 'generic' },
        { kind: 'variant', variantId: 'special' },
      ],
      context: BASE,
    });
    const edit = async (ref: unknown, text: string) => {
      const last = h.events.filter((e) => e.event === 'compare:result').length;
      await h.call('doc:update', { ref, text });
      await h.host.settle();
      const results = h.events.filter((e) => e.event === 'compare:result');
      expect(results.length).toBe(last + 1);
      return results.at(-1)!.payload as typeof first;
    };
    const text = (r: typeof first, column: number) =>
      r.rows.find((row: { key: string }) => row.key === '(template text)').cells[column].text as string;
    // Typing in generic's template: special's column is kept (the same built column), generic's is new.
    const a = await edit(TEMPLATE, '{{ROLE}}\n\nFIRST EDIT\n');
    expect(text(a, 0)).toContain('FIRST EDIT');
    expect(a.columns[1]).toBe(first.columns[1]);
    expect(a.columns[0]).not.toBe(first.columns[0]);
    // Typing in special's template: now generic's is kept.
    const b = await edit({ kind: 'variant-template', variantId: 'special' }, 'SPECIAL EDIT {{ROLE}}\n');
    expect(text(b, 1)).toContain('SPECIAL EDIT');
    expect(b.columns[0]).toBe(a.columns[0]);
    expect(text(b, 0)).toContain('FIRST EDIT');
    // A component is read by every variant: both are built again, and show it.
    const c = await edit({ kind: 'component', componentId: 'ROLE' }, 'A new role.');
    expect(c.columns[0]).not.toBe(b.columns[0]);
    expect(c.columns[1]).not.toBe(b.columns[1]);
    expect(c.rows.find((row: { key: string }) => row.key === 'ROLE').cells).toEqual([{ text: 'A new role.' }, { text: 'A new role.' }]);
  });

  it('shows a keystroke in a base template without building the column; builds it a moment later, or for a request body', async () => {
    const ws = writeFiles(tempDir(), miniWorkspace());
    const h = await hosts.start({ initialWorkspace: ws, trace: true });
    const columns = [
      { kind: 'variant', variantId: 'generic' },
      { kind: 'variant', variantId: 'generic', preset: 'special' },
    ];
    const first = await h.call('compare:set', { columns, context: BASE });
    await h.waitForEvent('compare:tokens', (p) => p.seq === first.seq, 10000);
    const marksOf = async () => (await h.call('debug:marks', {})).marks.map((m: { name: string }) => m.name) as string[];
    const count = (names: string[], name: string) => names.filter((n) => n === name).length;
    const type = async (text: string) => {
      await marksOf();
      const seen = h.events.filter((e) => e.event === 'compare:result').at(-1)?.payload.seq ?? first.seq;
      const next = h.waitForEvent('compare:result', (p) => p.seq > seen);
      await h.call('doc:update', { ref: TEMPLATE, text });
      return { result: await next, marks: await marksOf() };
    };
    const built = async (text: string, preset: string) => {
      await h.call('doc:update', { ref: TEMPLATE, text });
      return (await h.call('build:run', { target: { kind: 'variant', variantId: 'generic' }, context: { kind: 'preset', name: preset } }))
        .result.text;
    };
    const own = (r: typeof first, column: number) =>
      r.rows.find((row: { key: string }) => row.key === '(template text)').cells[column].text as string;
    const countOf = await loadTokenCounter();

    // Prose added with its newlines: both columns are built.
    const prose = await type('{{ROLE}}\n\n{{TOOLBOX}}\n\nSome words here.\n\n{{GREETING}} from generic\n');
    expect(count(prose.marks, 'host:column:compare')).toBe(2);
    expect(count(prose.marks, 'host:ahead:compare')).toBe(0);
    await h.waitForEvent('compare:tokens', (p) => p.seq === prose.result.seq, 10000);
    // A word typed in it: both columns are made from their last ones, none is built.
    const typed = '{{ROLE}}\n\n{{TOOLBOX}}\n\nSome more words here.\n\n{{GREETING}} from generic\n';
    const word = await type(typed);
    expect(count(word.marks, 'host:ahead:compare')).toBe(2);
    expect(count(word.marks, 'host:column:compare')).toBe(0);
    expect(own(word.result, 0)).toContain('Some more words here.');
    expect(word.result.columns.map((c: { chars: number }) => c.chars)).toEqual([
      (await built(typed, 'base')).length,
      (await built(typed, 'special')).length,
    ]);
    // The counts are of what the columns show (no budget needs a build's sections here): nothing is built for them.
    const tokens = await h.waitForEvent('compare:tokens', (p) => p.seq === word.result.seq, 10000);
    const counted = await marksOf();
    expect(count(counted, 'host:column:compare')).toBe(0);
    expect(tokens.totals).toEqual(await Promise.all(['base', 'special'].map(async (p) => countOf(await built(typed, p)))));
    // A moment later both are built, to check them; what they show stays the same (no new result).
    let confirmed = 0;
    await expect.poll(async () => (confirmed += count(await marksOf(), 'host:column:compare')), { timeout: 5000 }).toBe(2);
    expect(h.events.filter((e) => e.event === 'compare:result').at(-1)!.payload.seq).toBe(word.result.seq);
    // A copied request body is of what the column shows.
    const more = '{{ROLE}}\n\n{{TOOLBOX}}\n\nSome more words here now.\n\n{{GREETING}} from generic\n';
    const again = await type(more);
    expect(count(again.marks, 'host:ahead:compare')).toBe(2);
    const body = JSON.parse((await h.call('compare:copy', { index: 1, api: 'anthropic' })).text);
    expect(body.system.map((b: { text: string }) => b.text).join('')).toBe(await built(more, 'special'));
    expect(await h.call('compare:copy', { index: 0 })).toEqual({ label: 'generic', text: await built(more, 'base') });
    // A brace typed alone is known too; two (a `{{key}}` may start) are built.
    const brace = await type('{{ROLE}}\n\n{{TOOLBOX}}\n\nSome more words here now {.\n\n{{GREETING}} from generic\n');
    expect(count(brace.marks, 'host:ahead:compare')).toBe(2);
    expect(await h.call('compare:copy', { index: 0 })).toEqual({
      label: 'generic',
      text: await built('{{ROLE}}\n\n{{TOOLBOX}}\n\nSome more words here now {.\n\n{{GREETING}} from generic\n', 'base'),
    });
    const pair = await type('{{ROLE}}\n\n{{TOOLBOX}}\n\nSome more words here now {{.\n\n{{GREETING}} from generic\n');
    expect(count(pair.marks, 'host:ahead:compare')).toBe(0);
    expect(count(pair.marks, 'host:column:compare')).toBe(2);
  });

  it('sizes sections with one function: the preview, the compare view and the CLI give the same numbers', async () => {
    const ws = writeFiles(tempDir(), {
      ...miniWorkspace(),
      'variants/generic/template.md': '{{ROLE}}\n\n{{TOOLBOX}}\n\n{{GREETING}} from generic, {{GREETING}} again\n',
    });
    const h = await hosts.start({ initialWorkspace: ws });
    const preview = await h.call('preview:set', {
      target: { kind: 'variant', variantId: 'generic' },
      context: BASE,
      baseline: { kind: 'none' },
    });
    const previewTokens = await h.waitForEvent('preview:tokens', (p) => p.seq === preview.seq, 10000);
    const compare = await h.call('compare:set', { columns: [{ kind: 'variant', variantId: 'generic' }], context: BASE });
    const compareTokens = await h.waitForEvent('compare:tokens', (p) => p.seq === compare.seq, 10000);
    // The placeholder used twice: its value once, with its uses; its size counts both.
    const greeting = compare.rows.findIndex((r: { key: string }) => r.key === '{{GREETING}}');
    expect(compare.rows[greeting].cells[0]).toEqual({ text: 'hello', uses: 2 });
    expect(previewTokens.sections.find((s: { key: string }) => s.key === '{{GREETING}}')).toMatchObject({ chars: 10, uses: 2 });
    // Each section: the preview's sizes are the compare view's, and the component report's characters.
    const byKey = new Map(previewTokens.sections.map((s: { key: string; chars: number; tokens: number }) => [s.key, s]));
    compare.rows.forEach((row: { key: string }, i: number) => {
      expect(byKey.get(row.key), row.key).toEqual({
        key: row.key,
        chars: compareTokens.chars[i][0],
        tokens: compareTokens.rows[i][0],
        uses: expect.any(Number),
      });
    });
    for (const c of preview.outcome.result.components.filter((c: { status: string }) => c.status === 'ok'))
      expect((byKey.get(c.id) as { chars: number }).chars, c.id).toBe(c.finalChars);
    // The CLI's compare table, on the same files.
    const r = await cli(['compare', 'generic', 'special', '--workspace', ws, '--preset', 'base', '--format', 'json']);
    const sections = (JSON.parse(r.out) as { columns: { sections: { id: string; chars: number; tokens: number }[] }[] }).columns[0]!
      .sections;
    for (const s of sections)
      expect([s.chars, s.tokens], s.id).toEqual([
        (byKey.get(s.id) as { chars: number }).chars,
        (byKey.get(s.id) as { tokens: number }).tokens,
      ]);
  });

  it('checks each build against its model context window (models.yaml over the built-in table)', async () => {
    const ws = writeFiles(tempDir(), {
      ...miniWorkspace(),
      'models.yaml': 'families:\n  - family: tiny\n    match: [claude-x]\n    contextWindow: 8\n    maxOutput: 4\n',
    });
    const h = await hosts.start({ initialWorkspace: ws });
    const preview = await h.call('preview:set', {
      target: { kind: 'variant', variantId: 'generic' },
      context: BASE,
      baseline: { kind: 'none' },
    });
    const tokens = await h.waitForEvent('preview:tokens', (p) => p.seq === preview.seq, 10000);
    expect(tokens.contextWindow).toMatchObject({
      limits: { modelId: 'claude-x', family: 'tiny', contextWindow: 8, maxOutput: 4, source: 'workspace' },
      promptTokens: tokens.text.o200k,
      toolTokens: 0,
      outputTokens: null,
      over: tokens.text.o200k - 8,
    });
    expect(tokens.contextWindow.warning).toBe(
      `the prompt has ${tokens.text.o200k} tokens, over the 8-token context window of claude-x by ${tokens.text.o200k - 8} (limits of family tiny in models.yaml)`,
    );
    const compare = await h.call('compare:set', {
      columns: [
        { kind: 'variant', variantId: 'generic' },
        { kind: 'model', modelId: 'gpt-5-mini' },
      ],
      context: BASE,
    });
    const compareTokens = await h.waitForEvent('compare:tokens', (p) => p.seq === compare.seq, 10000);
    expect(
      compareTokens.contextWindows.map((c: { limits: { family: string }; over: number } | null) => c && [c.limits.family, c.over > 0]),
    ).toEqual([
      ['tiny', true],
      ['gpt-5', false],
    ]);
    // Editing models.yaml (a workspace document) changes the check.
    const next = h.waitForEvent('preview:tokens', (p) => p.seq > preview.seq && p.contextWindow?.limits.contextWindow === 100000, 10000);
    await h.call('doc:update', {
      ref: { kind: 'model-limits' },
      text: 'families:\n  - family: tiny\n    match: [claude-x]\n    contextWindow: 100000\n',
    });
    expect((await next).contextWindow.warning).toBeUndefined();
  });

  it('copies a column as shown: its prompt, or its request body for an API', async () => {
    const h = await miniHost();
    await h.call('compare:set', {
      columns: [
        { kind: 'variant', variantId: 'generic' },
        { kind: 'model', modelId: 'my-special-model' },
        { kind: 'profile', profileId: 'mini' },
        { kind: 'variant', variantId: 'nope' },
      ],
      context: BASE,
    });
    const generic = await h.call('build:run', { target: { kind: 'variant', variantId: 'generic' }, context: BASE });
    expect(await h.call('compare:copy', { index: 0 })).toEqual({ label: 'generic', text: generic.result.text });
    // A model column: the variant selection gave, under the context with that model.
    const model = await h.call('compare:copy', { index: 1, api: 'anthropic' });
    expect(model.label).toBe('my-special-model → special');
    const body = JSON.parse(model.text);
    expect(body.model).toBe('my-special-model');
    // The model a copied body names: the same function as the exports (an id no table knows: the context's provider's).
    expect(model.model).toEqual({ model: 'my-special-model', rule: 'context', reason: expect.stringMatching(/^the context's model/) });
    const asGemini = await h.call('compare:copy', { index: 1, api: 'gemini' });
    expect(asGemini.model).toMatchObject({ model: 'gemini-2.5-pro', rule: 'api-default' });
    const special = await h.call('build:run', { target: { kind: 'variant', variantId: 'special' }, context: BASE });
    expect(body.system.map((b: { text: string }) => b.text).join('')).toBe(special.result.text);
    const stack = await h.call('compare:copy', { index: 2, api: 'openai-chat' });
    const mini = await h.call('build:run', { target: { kind: 'profile', profileId: 'mini' }, context: BASE });
    expect(JSON.parse(stack.text).messages[0]).toEqual({ role: 'system', content: mini.result.text });
    // A column that did not build, and one that is not there.
    const failed = await h.raw('compare:copy', { index: 3 });
    expect(failed.error).toEqual({ code: 'BUILD_FAILED', message: expect.stringMatching(/^nope: no variant 'nope'/) });
    expect((await h.raw('compare:copy', { index: 3, api: 'gemini' })).error.code).toBe('BUILD_FAILED');
    await h.call('compare:set', { columns: [], context: BASE });
    expect((await h.raw('compare:copy', { index: 0 })).error).toEqual({ code: 'NOT_FOUND', message: 'the compare view has no column 1' });
  });

  it('routes pasted model ids and flags fall-through', async () => {
    const h = await miniHost();
    const table = await h.call('compare:routing', { context: BASE, modelIds: ['my-special-model', 'gpt-5'] });
    expect(table.rows.map((r: { modelId: string; variantId: string; via: string }) => [r.modelId, r.variantId, r.via])).toEqual([
      ['my-special-model', 'special', 'matcher'],
      ['gpt-5', 'generic', 'fallback'],
    ]);
    expect(table.fellThrough).toEqual(['gpt-5']);
  });
});

describe('snapshot matrix (host)', () => {
  const approval = (c: { variantId: string; preset: string; promptHash: string; storedHash: string | null }) => ({
    variantId: c.variantId,
    preset: c.preset,
    promptHash: c.promptHash,
    storedHash: c.storedHash,
  });

  it('approving writes exactly the files the CLI snapshot command reads, and checks what the user saw', async () => {
    const h = await miniHost();
    const m1 = await h.call('compare:matrix');
    expect(m1.readOnly).toBe(false);
    expect(
      m1.cells.map(
        (c: { variantId: string; preset: string; snapshot: string; saved: string }) =>
          `${c.variantId}/${c.preset}:${c.snapshot}:${c.saved}`,
      ),
    ).toEqual(['special/base:missing:same', 'special/special:missing:same', 'generic/base:missing:same', 'generic/special:missing:same']);
    // The counts may arrive before the matrix answer itself.
    const tokens =
      h.events.find((e) => e.event === 'compare:matrixTokens' && e.payload.version === m1.version)?.payload ??
      (await h.waitForEvent('compare:matrixTokens', (p) => p.version === m1.version, 10000));
    expect((await cli(['snapshot', '--workspace', h.ws])).code).toBe(1);
    expect(tokens.tokens).toHaveLength(4);
    expect(tokens.budgetsOver).toEqual([0, 0, 0, 0]);

    const approved = await h.call('compare:approve', { cells: m1.cells.map(approval) });
    expect(approved).toEqual({
      written: ['snapshots/special/base.md', 'snapshots/special/special.md', 'snapshots/generic/base.md', 'snapshots/generic/special.md'],
      skipped: [],
    });
    expect(await cli(['snapshot', '--workspace', h.ws])).toEqual({ code: 0, out: '4 snapshot(s) match\n' });

    // An unsaved edit: the cells differ from the snapshot and from the last save; the cell shows both texts.
    await h.call('doc:update', { ref: TEMPLATE, text: '{{ROLE}}\n\n{{GREETING}} again\n' });
    const m2 = await h.call('compare:matrix');
    expect(
      m2.cells
        .filter((c: { snapshot: string }) => c.snapshot === 'differs')
        .map((c: { variantId: string; preset: string; saved: string }) => `${c.variantId}/${c.preset}:${c.saved}`),
    ).toEqual(['generic/base:differs', 'generic/special:differs']);
    const cell = await h.call('compare:matrixCell', { variantId: 'generic', preset: 'base' });
    expect(cell.text).toContain('hello again');
    expect(cell.stored).toBe(fs.readFileSync(path.join(h.ws, 'snapshots/generic/base.md'), 'utf8'));

    // Stale approvals are skipped: the prompt changed after the matrix was shown, or the file changed on disk.
    const stale = m2.cells.find((c: { variantId: string; preset: string }) => c.variantId === 'generic' && c.preset === 'base');
    const other = m2.cells.find((c: { variantId: string; preset: string }) => c.variantId === 'generic' && c.preset === 'special');
    await h.call('doc:update', { ref: TEMPLATE, text: '{{ROLE}}\n\n{{GREETING}} once more\n' });
    fs.writeFileSync(path.join(h.ws, 'snapshots/generic/special.md'), 'changed by someone else\n');
    const result = await h.call('compare:approve', { cells: [stale, other].map(approval) });
    expect(result.written).toEqual([]);
    expect(result.skipped.map((s: { reason: string }) => s.reason)).toEqual([
      'the prompt changed since the matrix was shown',
      'the prompt changed since the matrix was shown',
    ]);
    const m3 = await h.call('compare:matrix');
    const fresh = m3.cells.find((c: { variantId: string; preset: string }) => c.variantId === 'generic' && c.preset === 'special');
    fs.writeFileSync(path.join(h.ws, 'snapshots/generic/special.md'), 'changed again\n');
    expect((await h.call('compare:approve', { cells: [approval(fresh)] })).skipped).toEqual([
      { variantId: 'generic', preset: 'special', reason: 'the stored snapshot changed on disk since the matrix was shown' },
    ]);
    expect(fs.readFileSync(path.join(h.ws, 'snapshots/generic/special.md'), 'utf8')).toBe('changed again\n');
  });

  it('is read-only in the built-in workspace, where every cell matches its stored snapshot', async () => {
    const h = await hosts.start();
    const m = await h.call('compare:matrix');
    expect(m.readOnly).toBe(true);
    expect(m.cells.length).toBe(m.variants.length * m.presets.length);
    expect(m.cells.every((c: { snapshot: string; saved: string }) => c.snapshot === 'same' && c.saved === 'same')).toBe(true);
    const r = await h.raw('compare:approve', { cells: [approval(m.cells[0])] });
    expect(r.ok).toBe(false);
    expect(r.error.code).toBe('READ_ONLY');
  });
});

describe('prompt-cache view and budgets (host)', () => {
  it('reports the stable prefix, its cause with the line to open, and the prompt of another session', async () => {
    const h = await hosts.start();
    const view = await h.call('compare:cache', { target: { kind: 'variant', variantId: 'generic' }, context: BASE_BUILTIN });
    expect(view.firstVolatile.fields).toEqual(['cwd']);
    expect(view.firstVolatile.location).toEqual({
      file: 'tools/execute_command.yaml',
      line: 7,
      label: 'tool execute_command, description',
    });
    expect(view.stablePrefix.chars).toBe(view.firstVolatile.start);
    expect(view.findings.map((f: { code: string }) => f.code)).toEqual(['CACHE_VOLATILE_BEFORE_STABLE']);
    expect(view.otherSession.changes).toEqual([
      { field: 'cwd', from: '/home/user/project', to: '/home/user/another-project' },
      { field: 'date', from: '2026-01-15', to: '2026-01-16' },
    ]);
    expect(view.otherSession.text.slice(0, view.stablePrefix.chars)).toBe(view.text.slice(0, view.stablePrefix.chars));
    expect(view.otherSession.text).toContain('/home/user/another-project');

    const stackContext = {
      cwd: '/home/user/project',
      date: '2026-01-15',
      files: { '/home/user/project/.git': { type: 'dir' }, '/home/user/project/AGENTS.md': 'Use pnpm.\n' },
    };
    const stack = await h.call('compare:cache', {
      target: { kind: 'profile', profileId: 'opencode' },
      context: { kind: 'stack', context: stackContext },
    });
    expect(stack.firstVolatile.origin).toMatchObject({ kind: 'stack', layer: 'environment' });
    expect(stack.text.slice(stack.firstVolatile.start, stack.firstVolatile.end)).toMatch(/^(\/home\/user\/project|linux|yes)$/);
    expect(stack.ranges.find((r: { fields: string[] }) => r.fields.includes('instructionFiles')).origin.label).toBe(
      '/home/user/project/AGENTS.md',
    );
    expect(stack.otherSession.changes[0]).toEqual({ field: 'cwd', from: '/home/user/project', to: '/home/user/project-other' });
  });

  it('measures a variant build against the budgets in its variant.yaml', async () => {
    const files = miniWorkspace();
    files['variants/generic/variant.yaml'] += 'budgets:\n  total: 5\n  sections: { ROLE: 100 }\n';
    const ws = writeFiles(tempDir(), files);
    const h = await hosts.start({ initialWorkspace: ws });
    const usage = await h.call('compare:budgets', { target: { kind: 'variant', variantId: 'generic' }, context: BASE });
    expect(usage.variantId).toBe('generic');
    expect(usage.lines.map((l: { id: string; limit: number; over: boolean }) => [l.id, l.limit, l.over])).toEqual([
      ['total', 5, true],
      ['ROLE', 100, false],
    ]);
    expect(await h.call('compare:budgets', { target: { kind: 'variant', variantId: 'special' }, context: BASE })).toBeNull();

    // In the compare view, a column with budgets made ahead of its build is built before it is counted.
    const first = await h.call('compare:set', { columns: [{ kind: 'variant', variantId: 'generic' }], context: BASE });
    await h.waitForEvent('compare:tokens', (p) => p.seq === first.seq, 10000);
    const type = async (text: string) => {
      const seen = h.events.filter((e) => e.event === 'compare:result').at(-1)?.payload.seq ?? first.seq;
      const next = h.waitForEvent('compare:result', (p) => p.seq > seen);
      await h.call('doc:update', { ref: TEMPLATE, text });
      const result = await next;
      return h.waitForEvent('compare:tokens', (p) => p.seq === result.seq, 10000);
    };
    await type('{{ROLE}}\n\nSome words here.\n');
    const tokens = await type('{{ROLE}}\n\nSome more words here.\n');
    const built = await h.call('build:run', { target: { kind: 'variant', variantId: 'generic' }, context: BASE });
    const countOf = await loadTokenCounter();
    expect(tokens.budgets[0][0]).toMatchObject({ id: 'total', used: countOf(built.result.text) });
  });
});

const BASE_BUILTIN = { kind: 'preset', name: 'basic' } as const;
