import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { changedLines } from '../yaml-source/changed-lines.js';
import { builtinWorkspaceDir } from '../../electron/host/builtin-workspace.js';
import { hostsClosedAfterEach, miniWorkspace, tempDir, writeFiles } from './support/fixtures.js';

const hosts = hostsClosedAfterEach();

const TEMPLATE = { kind: 'variant-template', variantId: 'generic' } as const;

describe('workspaces', () => {
  it('opens the built-in variants read-only on first start, and the last workspace on the next', async () => {
    const first = await hosts.start();
    const view = await first.call('workspace:get');
    expect(view.builtin).toBe(true);
    expect(view.readOnly).toBe(true);
    expect(view.root).toBeNull();
    expect(view.variants.map((v: { id: string }) => v.id)).toContain('generic');
    expect(view.documents.some((d: { key: string }) => d.key === 'variant-template:generic')).toBe(true);
    // Presets of both kinds, each with its kind.
    const kinds = Object.fromEntries(view.presets.map((p: { name: string; kind: string }) => [p.name, p.kind]));
    expect(kinds).toMatchObject({
      basic: 'variant',
      'no-browser': 'variant',
      'stack-basic': 'stack',
      'stack-gpt': 'stack',
      'stack-plan': 'stack',
    });
    expect(first.events.filter((e) => e.event === 'workspace:changed')).toHaveLength(1);

    const ws = writeFiles(tempDir(), miniWorkspace());
    const opened = await first.call('workspace:openFolder', { path: ws });
    expect(opened.builtin).toBe(false);
    expect(opened.name).toBe('Mini');
    expect(opened.sessionId).not.toBe(view.sessionId);
    expect(await first.call('workspace:recent')).toEqual([expect.objectContaining({ path: ws, name: 'Mini' })]);
    await first.host.close();

    const second = await hosts.start({ userDataDir: first.userData });
    expect((await second.call('workspace:get')).root).toBe(ws);
  });

  it('lists documents, variants, components, tools, presets and profiles of a folder', async () => {
    const ws = writeFiles(tempDir(), { ...miniWorkspace(), 'README.md': 'not a workspace file', '.hidden/x.md': 'no' });
    const h = await hosts.start({ initialWorkspace: ws });
    const view = await h.call('workspace:get');
    const keys = view.documents.map((d: { key: string }) => d.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        'workspace-config',
        'variant-config:generic',
        'variant-template:generic',
        'component:ROLE',
        'tool:say',
        'preset:base',
        'profile-file:mini/profile.yaml',
      ]),
    );
    expect(keys.some((k: string) => k.includes('README') || k.includes('hidden'))).toBe(false);
    expect(view.variants.map((v: { id: string }) => v.id)).toEqual(['special', 'generic']);
    expect(view.components.find((c: { id: string }) => c.id === 'ROLE')).toMatchObject({
      kind: 'workspace',
      variables: expect.arrayContaining(['CWD']),
    });
    expect(view.tools).toEqual([{ id: 'say', families: ['generic'] }]);
    expect(view.presets).toEqual([
      { name: 'base', description: 'base', kind: 'variant' },
      { name: 'special', description: expect.any(String), kind: 'variant' },
    ]);
    expect(view.profiles).toEqual([{ id: 'mini', agents: ['build', 'plan'] }]);
    expect(view.problems).toEqual([]);
  });

  it('refuses relative and missing folders with error values', async () => {
    const h = await hosts.start();
    expect(await h.raw('workspace:openFolder', { path: 'relative/dir' })).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST' } });
    expect(await h.raw('workspace:openFolder', { path: path.join(tempDir(), 'missing') })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
    expect(await h.raw('workspace:openFolder', {})).toMatchObject({ ok: false, error: { code: 'DIALOG_UNAVAILABLE' } });
    expect(await h.raw('no:such-channel', {})).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST' } });
    expect(await h.raw('doc:read', { ref: { kind: 'nope' } })).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST' } });
  });

  it('uses the folder dialog when one is given', async () => {
    const ws = writeFiles(tempDir(), miniWorkspace());
    let asked = '';
    const h = await hosts.start({
      pickFolder: async (purpose) => {
        asked = purpose;
        return purpose === 'open' ? ws : null;
      },
    });
    expect((await h.call('workspace:openFolder', {})).root).toBe(ws);
    expect(asked).toBe('open');
    expect(await h.call('workspace:copyTo', {})).toBeNull();
    expect(asked).toBe('copy');
  });

  it('refuses to copy a workspace into itself', async () => {
    const ws = writeFiles(tempDir(), miniWorkspace());
    const h = await hosts.start({ initialWorkspace: ws });
    for (const target of [path.join(ws, 'copy'), path.join(ws, 'variants', 'nested', 'copy')])
      await expect(h.raw('workspace:copyTo', { path: target })).resolves.toEqual({
        ok: false,
        error: { code: 'INVALID_REQUEST', message: 'the copy cannot be made inside the workspace it copies' },
      });
    expect(fs.existsSync(path.join(ws, 'copy'))).toBe(false);
  });

  it('with a folder dialog, takes a path from the renderer only for a recent workspace; any other path just opens the dialog there', async () => {
    const ws = writeFiles(tempDir(), miniWorkspace());
    const other = writeFiles(tempDir(), miniWorkspace());
    const asked: [string, string | undefined][] = [];
    const h = await hosts.start({
      pickFolder: async (purpose, defaultPath) => {
        asked.push([purpose, defaultPath]);
        return purpose === 'open' ? ws : null;
      },
    });
    // Not a recent workspace: the dialog opens there, and the user's choice is opened.
    expect((await h.call('workspace:openFolder', { path: other })).root).toBe(ws);
    expect(asked).toEqual([['open', other]]);
    // Recent now: opened without asking.
    expect((await h.call('workspace:openFolder', { path: ws })).root).toBe(ws);
    expect(asked).toHaveLength(1);
    expect(await h.call('workspace:copyTo', { path: other })).toBeNull();
    expect(asked.at(-1)).toEqual(['copy', other]);
  });

  it('with a folder dialog, grants for real discovery only the folder chosen in it', async () => {
    const chosen = tempDir('vs-chosen-');
    const asked: [string, string | undefined][] = [];
    let answer: string | null = chosen;
    const h = await hosts.start({
      pickFolder: async (purpose, defaultPath) => {
        asked.push([purpose, defaultPath]);
        return answer;
      },
    });
    // A path from the renderer only points the dialog there; the user's choice is what counts.
    expect(await h.call('stack:grantFolder', { path: '/' })).toEqual({ path: fs.realpathSync(chosen) });
    expect(asked).toEqual([['working-folder', '/']]);
    const atRoot = await h.call('build:run', {
      target: { kind: 'profile', profileId: 'opencode' },
      context: { kind: 'stack', context: { cwd: '/' }, discovery: 'real' },
    });
    expect(atRoot).toEqual({ ok: false, error: expect.stringContaining("'/' is not inside a folder chosen for real instruction files") });
    answer = null;
    expect(await h.call('stack:grantFolder', {})).toBeNull();
    expect(asked.at(-1)).toEqual(['working-folder', undefined]);
  });

  it('keeps the built-ins read-only: saving fails with READ_ONLY and copyTo saves the edits into a new folder', async () => {
    const h = await hosts.start();
    const builtinTemplate = fs.readFileSync(path.join(builtinWorkspaceDir(), 'variants/generic/template.md'), 'utf8');
    await h.call('doc:update', { ref: TEMPLATE, text: `${builtinTemplate}\nEDITED` });
    expect(await h.raw('doc:save', { ref: TEMPLATE })).toMatchObject({ ok: false, error: { code: 'READ_ONLY' } });
    expect(await h.raw('doc:saveAll', {})).toMatchObject({ ok: false, error: { code: 'READ_ONLY' } });
    expect(await h.raw('doc:delete', { ref: TEMPLATE })).toMatchObject({ ok: false, error: { code: 'READ_ONLY' } });
    expect(fs.readFileSync(path.join(builtinWorkspaceDir(), 'variants/generic/template.md'), 'utf8')).toBe(builtinTemplate);

    const target = path.join(tempDir(), 'my-variants');
    const view = await h.call('workspace:copyTo', { path: target });
    expect(view).toMatchObject({ builtin: false, readOnly: false, root: target });
    expect(fs.readFileSync(path.join(target, 'variants/generic/template.md'), 'utf8')).toBe(`${builtinTemplate}\nEDITED`);
    expect(view.documents.every((d: { dirty: boolean }) => !d.dirty)).toBe(true);
    // The copy is the user's own: named after its folder, no longer "read-only in the app";
    // only those two entries of workspace.yaml changed.
    expect(view.name).toBe('my-variants');
    const config = fs.readFileSync(path.join(target, 'workspace.yaml'), 'utf8');
    const builtinConfig = fs.readFileSync(path.join(builtinWorkspaceDir(), 'workspace.yaml'), 'utf8');
    expect(config).not.toContain('Read-only in the app');
    expect(changedLines(builtinConfig, config)).toEqual([
      '-name: Built-in variants',
      '-description: >-',
      '-  The variants, tools and context presets Variant Studio ships with: one variant per model',
      "-  family, modelled on Cline's variant system. Read-only in the app; save a copy to edit.",
      '+name: my-variants',
      `+description: "A copy of Variant Studio's built-in variants, made on ${new Date().toISOString().slice(0, 10)}: yours to edit and save."`,
    ]);
    // Copying into a non-empty folder or into the workspace itself is refused.
    expect(await h.raw('workspace:copyTo', { path: target })).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST' } });
    expect(await h.raw('workspace:copyTo', { path: path.join(target, 'inner') })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_REQUEST' },
    });
  });
});

describe('the folder browser (browser mode)', () => {
  it('lists folder names only, says whether a folder is empty or a workspace, and is refused where there is a folder dialog', async () => {
    const root = writeFiles(tempDir(), {
      'b/x.txt': 'x',
      'a/.keep': '',
      '.hidden/y': 'y',
      'file.txt': 'not listed',
      'ws/workspace.yaml': 'name: W\n',
    });
    fs.mkdirSync(path.join(root, 'empty'));
    const h = await hosts.start();
    const listing = await h.call('folders:list', { path: root });
    expect(listing).toEqual({
      path: root,
      parent: path.dirname(root),
      separator: path.sep,
      folders: ['a', 'b', 'empty', 'ws'],
      truncated: false,
      empty: false,
      workspace: false,
    });
    expect(await h.call('folders:list', { path: path.join(root, 'empty') })).toMatchObject({ folders: [], empty: true });
    expect(await h.call('folders:list', { path: path.join(root, 'ws') })).toMatchObject({ workspace: true });
    expect(await h.raw('folders:list', { path: 'relative/path' })).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST' } });
    expect(await h.raw('folders:list', { path: path.join(root, 'nope') })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    const desktop = await hosts.start({ pickFolder: async () => null });
    expect(await desktop.raw('folders:list', { path: root })).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST' } });
  });
});

describe('documents', () => {
  it('reads, edits, reverts, saves and creates documents', async () => {
    const ws = writeFiles(tempDir(), miniWorkspace());
    const h = await hosts.start({ initialWorkspace: ws });
    const original = miniWorkspace()['variants/generic/template.md'];
    expect(await h.call('doc:read', { ref: TEMPLATE })).toEqual({
      revision: expect.any(String),
      text: original,
      savedText: original,
      dirty: false,
      conflict: null,
    });
    expect(await h.call('doc:update', { ref: TEMPLATE, text: 'changed' })).toEqual({ dirty: true });
    expect(await h.call('doc:read', { ref: TEMPLATE })).toEqual({
      revision: expect.any(String),
      text: 'changed',
      savedText: original,
      dirty: true,
      conflict: null,
    });
    expect(await h.call('doc:revert', { ref: TEMPLATE })).toEqual({ revision: expect.any(String), text: original });
    expect(await h.call('doc:update', { ref: TEMPLATE, text: 'saved now' })).toEqual({ dirty: true });
    expect(await h.call('doc:save', { ref: TEMPLATE })).toEqual({ status: 'saved', path: 'variants/generic/template.md' });
    expect(fs.readFileSync(path.join(ws, 'variants/generic/template.md'), 'utf8')).toBe('saved now');

    const override = { kind: 'component-override', variantId: 'generic', componentId: 'ROLE' } as const;
    expect(await h.raw('doc:read', { ref: override })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    const info = await h.call('doc:create', { ref: override, text: 'Overridden role' });
    expect(info).toMatchObject({
      key: 'component-override:generic/ROLE',
      path: 'variants/generic/overrides/components/ROLE.md',
      dirty: true,
      isNew: true,
    });
    expect(await h.raw('doc:create', { ref: override })).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST' } });
    expect(fs.existsSync(path.join(ws, info.path))).toBe(false);
    const saved = await h.call('doc:saveAll');
    expect(saved).toEqual([{ key: 'component-override:generic/ROLE', outcome: { status: 'saved', path: info.path } }]);
    expect(fs.readFileSync(path.join(ws, info.path), 'utf8')).toBe('Overridden role');
    expect(await h.call('doc:delete', { ref: override })).toEqual({ status: 'deleted', path: info.path });
    expect(fs.existsSync(path.join(ws, info.path))).toBe(false);
  });

  it('uses the template file variant.yaml names', async () => {
    const files = miniWorkspace();
    files['variants/generic/variant.yaml'] += 'template: base.md\n';
    files['variants/generic/base.md'] = files['variants/generic/template.md']!;
    delete files['variants/generic/template.md'];
    const h = await hosts.start({ initialWorkspace: writeFiles(tempDir(), files) });
    const view = await h.call('workspace:get');
    expect(view.documents.find((d: { key: string }) => d.key === 'variant-template:generic').path).toBe('variants/generic/base.md');
    expect((await h.call('doc:read', { ref: TEMPLATE })).text).toContain('from generic');
  });

  it('keeps a broken file to itself: the rest of the workspace still loads', async () => {
    const files = miniWorkspace();
    files['tools/say.yaml'] = 'id: say\nspecs: [\n';
    const h = await hosts.start({ initialWorkspace: writeFiles(tempDir(), files) });
    const view = await h.call('workspace:get');
    expect(view.problems).toEqual([expect.objectContaining({ file: 'tools/say.yaml', severity: 'error' })]);
    expect(view.variants).toHaveLength(2);
  });

  it('reports machine facts', async () => {
    const h = await hosts.start();
    const info = await h.call('machine:info');
    expect(info).toEqual({
      os: expect.any(String),
      shell: expect.any(String),
      homeDir: expect.any(String),
      cwd: process.cwd(),
      platform: process.platform,
    });
  });

  it('copies a folder workspace without its symlinks or dot folders', async () => {
    const base = tempDir();
    const ws = writeFiles(path.join(base, 'ws'), { ...miniWorkspace(), '.git/HEAD': 'ref', 'components/notes.txt': 'kept' });
    writeFiles(base, { 'outside.md': 'OUTSIDE' });
    fs.symlinkSync(path.join(base, 'outside.md'), path.join(ws, 'components/LINK.md'));
    const h = await hosts.start({ initialWorkspace: ws });
    const target = path.join(base, 'copy');
    const view = await h.call('workspace:copyTo', { path: target });
    expect(view.root).toBe(target);
    expect(fs.readFileSync(path.join(target, 'components/notes.txt'), 'utf8')).toBe('kept');
    expect(fs.existsSync(path.join(target, 'components/LINK.md'))).toBe(false);
    expect(fs.existsSync(path.join(target, '.git'))).toBe(false);
    expect(view.documents.map((d: { key: string }) => d.key)).toContain('variant-template:generic');
  });
});
