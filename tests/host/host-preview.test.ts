import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hostsClosedAfterEach, miniWorkspace, tempDir, type TestHost, writeFiles } from './support/fixtures.js';

const hosts = hostsClosedAfterEach();
async function miniHost(): Promise<TestHost & { ws: string }> {
  const ws = writeFiles(tempDir(), miniWorkspace());
  const h = await hosts.start({ initialWorkspace: ws });
  return Object.assign(h, { ws });
}

const TEMPLATE = { kind: 'variant-template', variantId: 'generic' } as const;
const BASE = { kind: 'preset', name: 'base' } as const;

describe('live preview', () => {
  it('builds on preview:set, rebuilds after each edit with the saved text as baseline, then counts tokens', async () => {
    const h = await miniHost();
    const first = await h.call('preview:set', {
      target: { kind: 'variant', variantId: 'generic' },
      context: BASE,
      baseline: { kind: 'saved' },
    });
    expect(first.outcome.ok).toBe(true);
    expect(first.outcome.kind).toBe('variant');
    expect(first.outcome.result.text).toContain('You are a test agent in /proj.');
    expect(first.outcome.result.text).toContain('hello from generic');
    expect(first.baseline).toEqual({ spec: { kind: 'saved' }, text: first.outcome.result.text });
    const tokens = await h.waitForEvent('preview:tokens', (p) => p.seq === first.seq, 10000);
    expect(tokens.text.o200k).toBeGreaterThan(5);
    expect(tokens.text.cl100k).toBeGreaterThan(5);
    expect(tokens.baseline).toEqual(tokens.text);

    const next = h.waitForEvent('preview:result', (p) => p.seq > first.seq);
    await h.call('doc:update', { ref: TEMPLATE, text: '{{ROLE}}\n\n{{GREETING}} EDITED\n' });
    const result = await next;
    expect(result.outcome.result.text).toContain('hello EDITED');
    expect(result.baseline.text).toBe(first.outcome.result.text);
    const tokens2 = await h.waitForEvent('preview:tokens', (p) => p.seq === result.seq, 10000);
    expect(tokens2.text.o200k).toBeLessThan(tokens.text.o200k);
  });

  it('answers doc:update only after the rebuild it caused has been emitted', async () => {
    const h = await miniHost();
    const first = await h.call('preview:set', {
      target: { kind: 'variant', variantId: 'generic' },
      context: BASE,
      baseline: { kind: 'none' },
    });
    expect(await h.call('doc:update', { ref: TEMPLATE, text: '{{GREETING}} FIRST\n' })).toEqual({ dirty: true });
    const emitted = h.events.filter((e) => e.event === 'preview:result' && e.payload.seq > first.seq);
    expect(emitted.map((e) => e.payload.outcome.result.text)).toEqual(['hello FIRST']);
  });

  it('does not rebuild for edits that are not inputs of the preview', async () => {
    const h = await miniHost();
    const first = await h.call('preview:set', {
      target: { kind: 'variant', variantId: 'generic' },
      context: BASE,
      baseline: { kind: 'none' },
    });
    // doc:update answers after the rebuild it causes (see above): none may have been emitted by then.
    await h.call('doc:update', { ref: { kind: 'variant-template', variantId: 'special' }, text: 'other variant edited' });
    await h.host.settle();
    expect(h.events.filter((e) => e.event === 'preview:result' && e.payload.seq > first.seq)).toEqual([]);
    // The answer to doc:update comes after the rebuild's result: wait for it from before the call.
    const next = h.waitForEvent('preview:result', (p) => p.seq > first.seq);
    await h.call('doc:update', { ref: { kind: 'component', componentId: 'ROLE' }, text: 'New role.' });
    const result = await next;
    expect(result.outcome.result.text).toContain('New role.');
  });

  it('selects the variant for the context and explains the choice', async () => {
    const h = await miniHost();
    const special = await h.call('preview:set', {
      target: { kind: 'selected' },
      context: { kind: 'preset', name: 'special' },
      baseline: { kind: 'variant', variantId: 'generic' },
    });
    expect(special.outcome.result.variantId).toBe('special');
    expect(special.outcome.selection[0]).toMatchObject({ variantId: 'special', verdict: 'match' });
    expect(special.baseline.text).toContain('from generic');
    const explained = await h.call('select:explain', { context: BASE, modelIds: ['claude-x', 'a-special-one'] });
    expect(explained.map((e: { modelId: string; variantId: string }) => [e.modelId, e.variantId])).toEqual([
      ['claude-x', 'generic'],
      ['a-special-one', 'special'],
    ]);
    expect(explained[0].summary).toMatch(/fallback/);
  });

  it('reports build failures as outcomes, not errors', async () => {
    const h = await miniHost();
    expect(await h.call('build:run', { target: { kind: 'variant', variantId: 'missing' }, context: BASE })).toMatchObject({
      ok: false,
      error: expect.stringContaining("no variant 'missing'"),
    });
    expect(
      await h.call('build:run', { target: { kind: 'variant', variantId: 'generic' }, context: { kind: 'preset', name: 'nope' } }),
    ).toMatchObject({
      ok: false,
      error: expect.stringContaining("no context preset 'nope'"),
    });
    const inline = await h.call('build:run', {
      target: { kind: 'variant', variantId: 'generic' },
      context: { kind: 'inline', context: { cwd: '/elsewhere' } },
    });
    expect(inline.result.text).toContain('/elsewhere');
    expect(
      await h.raw('build:run', { target: { kind: 'variant', variantId: 'generic' }, context: { kind: 'inline', context: { cwd: 42 } } }),
    ).toMatchObject({
      ok: false,
      error: { code: 'INVALID_REQUEST' },
    });
  });

  it('builds stack profiles from a preset, a stack context, and real instruction files', async () => {
    const h = await miniHost();
    const fromPreset = await h.call('build:run', { target: { kind: 'profile', profileId: 'mini' }, context: BASE });
    expect(fromPreset).toMatchObject({ ok: true, kind: 'stack' });
    expect(fromPreset.result.text).toBe('You are the mini stack.\nModel: claude-x');
    const plan = await h.call('build:run', {
      target: { kind: 'profile', profileId: 'mini', agent: 'plan' },
      context: { kind: 'stack', context: { modelId: 'm1', files: { '/home/user/project/AGENTS.md': 'Be nice.' } } },
    });
    expect(plan.result.text).toBe('You are the mini stack.\nModel: m1\nInstructions from: /home/user/project/AGENTS.md\nBe nice.');
    expect(plan.result.messages[1].content.map((p: { text: string }) => p.text)).toContain('Plan only.');

    const project = tempDir('vs-real-');
    fs.mkdirSync(path.join(project, '.git'));
    fs.writeFileSync(path.join(project, 'AGENTS.md'), 'Real rules.');
    const realBuild = (context: Record<string, unknown>) =>
      h.call('build:run', { target: { kind: 'profile', profileId: 'mini' }, context: { kind: 'stack', context, discovery: 'real' } });
    // The real disk is read only in a folder chosen through the host.
    expect(await realBuild({ cwd: project, modelId: 'm2' })).toEqual({
      ok: false,
      error: `'${project}' is not inside a folder chosen for real instruction files: choose the working folder first (stack:grantFolder)`,
    });
    await expect(h.raw('stack:grantFolder', { path: 'relative/folder' })).resolves.toMatchObject({
      ok: false,
      error: { code: 'INVALID_REQUEST' },
    });
    await expect(h.raw('stack:grantFolder', { path: path.join(project, 'nope') })).resolves.toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
    expect(await h.call('stack:grantFolder', { path: project })).toEqual({ path: fs.realpathSync(project) });
    const real = await realBuild({ cwd: project, modelId: 'm2' });
    expect(real.result.text).toContain(`Instructions from: ${path.join(fs.realpathSync(project), 'AGENTS.md')}\nReal rules.`);
    // Entries that would read outside it are dropped with a warning; machine facts are this machine's.
    const profileRef = { kind: 'profile-file', profileId: 'mini', file: 'profile.yaml' };
    const profileText = (await h.call('doc:read', { ref: profileRef })).text as string;
    await h.call('doc:update', { ref: profileRef, text: `${profileText}\nglobalFiles:\n  - path: ~/secret.md\n` });
    const secret = path.join(tempDir('vs-secret-'), 'secret.md');
    fs.writeFileSync(secret, 'SECRET');
    fs.writeFileSync(path.join(project, 'extra.md'), 'Extra rules.');
    const steered = await realBuild({
      cwd: project,
      modelId: 'm2',
      instructions: [secret, '~/secret.md', '../outside.md', 'extra.md'],
      homeDir: path.dirname(secret),
      env: { OPENCODE_CONFIG_DIR: path.dirname(secret) },
    });
    expect(steered.result.text).not.toContain('SECRET');
    expect(steered.result.text).toContain('Extra rules.');
    expect(
      steered.result.warnings.filter((w: { code: string }) => w.code === 'instruction-not-granted').map((w: { path: string }) => w.path),
    ).toEqual([secret, '~/secret.md', '../outside.md', path.join(os.homedir(), 'secret.md')]);
    // Not even looked up there: home and config folders are this machine's, not the context's;
    // and the profile's own global location is not a standard one, so it is not read either.
    expect(JSON.stringify(steered.result.instructions.lookups)).not.toContain(path.dirname(secret));
    expect(steered.result.instructions.lookups.find((l: { layer: string }) => l.layer === 'global')).toMatchObject({
      path: path.join(os.homedir(), 'secret.md'),
      status: 'not-granted',
    });

    expect(await h.call('build:run', { target: { kind: 'profile', profileId: 'nope' }, context: BASE })).toMatchObject({ ok: false });
    expect(
      await h.call('build:run', { target: { kind: 'variant', variantId: 'generic' }, context: { kind: 'stack', context: {} } }),
    ).toMatchObject({ ok: false });
  });

  it('rebuilds a profile preview when one of its files changes', async () => {
    const h = await miniHost();
    const first = await h.call('preview:set', {
      target: { kind: 'profile', profileId: 'mini' },
      context: BASE,
      baseline: { kind: 'saved' },
    });
    const next = h.waitForEvent('preview:result', (p) => p.seq > first.seq);
    const ref = { kind: 'profile-file', profileId: 'mini', file: 'profile.yaml' };
    const text = (await h.call('doc:read', { ref })).text.replace('You are the mini stack.', 'You are the edited stack.');
    await h.call('doc:update', { ref, text });
    const result = await next;
    expect(result.outcome.result.text).toContain('You are the edited stack.');
    expect(result.baseline.text).toContain('You are the mini stack.');
  });

  it('pins snapshots as baselines and counts tokens on request', async () => {
    const h = await miniHost();
    expect(await h.call('snapshot:pin', { name: 'before', text: 'pinned text' })).toEqual(['before']);
    const result = await h.call('preview:set', {
      target: { kind: 'variant', variantId: 'generic' },
      context: BASE,
      baseline: { kind: 'snapshot', name: 'before' },
    });
    expect(result.baseline.text).toBe('pinned text');
    const missing = await h.call('preview:set', {
      target: { kind: 'variant', variantId: 'generic' },
      context: BASE,
      baseline: { kind: 'snapshot', name: 'other' },
    });
    expect(missing.baseline).toMatchObject({ text: null, error: expect.stringContaining('other') });
    const counts = await h.call('tokens:count', { texts: ['hello world', '', 'a <|endoftext|> b'] });
    expect(counts[0]).toEqual({ o200k: 2, cl100k: 2 });
    expect(counts[1]).toEqual({ o200k: 0, cl100k: 0 });
    expect(counts[2].o200k).toBeGreaterThan(3);
  });

  it('lets a pinned baseline go: the preview diffed against it says it is gone', async () => {
    const h = await miniHost();
    await h.call('snapshot:pin', { name: 'captured: Codex CLI 0.171.0', text: 'captured text' });
    expect(await h.call('snapshot:pin', { name: 'before', text: 'pinned text' })).toEqual(['before', 'captured: Codex CLI 0.171.0']);
    const shown = await h.call('preview:set', {
      target: { kind: 'variant', variantId: 'generic' },
      context: BASE,
      baseline: { kind: 'snapshot', name: 'captured: Codex CLI 0.171.0' },
    });
    expect(shown.baseline.text).toBe('captured text');
    const next = h.waitForEvent('preview:result', (p) => p.seq > shown.seq);
    expect(await h.call('snapshot:unpin', { name: 'captured: Codex CLI 0.171.0' })).toEqual(['before']);
    expect((await next).baseline).toMatchObject({ text: null, error: "no pinned snapshot 'captured: Codex CLI 0.171.0'" });
    expect(await h.call('snapshot:unpin', { name: 'never pinned' })).toEqual(['before']);
  });
});
