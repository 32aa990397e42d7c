import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { STALE_TEMP_MS } from '../../electron/host/workspace-files.js';
import { hostsClosedAfterEach, miniWorkspace, tempDir, writeFiles, type Loose } from './support/fixtures.js';

const hosts = hostsClosedAfterEach();

describe('loading a workspace folder', () => {
  it('reports a symlink to a folder that holds it, and still loads tools/ and contexts/', async () => {
    const ws = writeFiles(tempDir(), miniWorkspace());
    fs.symlinkSync('../..', path.join(ws, 'variants/generic/up'));
    fs.symlinkSync('.', path.join(ws, 'components/self'));
    const h = await hosts.start({ initialWorkspace: ws });
    const view = await h.call('workspace:get');
    expect(view.tools.map((t: Loose) => t.id)).toEqual(['say']);
    expect(view.presets.map((p: Loose) => p.name)).toEqual(['base', 'special']);
    expect(view.components.map((c: Loose) => c.id).sort()).toEqual(expect.arrayContaining(['ROLE', 'TOOLBOX']));
    expect(view.documents.map((d: Loose) => d.path).filter((p: string) => p.includes('/up/') || p.includes('/self/'))).toEqual([]);
    expect(view.problems.filter((p: Loose) => p.file === 'variants/generic/up' || p.file === 'components/self')).toEqual([
      {
        file: 'variants/generic/up',
        message: 'not loaded: a symlink to the workspace folder, which holds it (a loop); not followed',
        severity: 'warning',
      },
      {
        file: 'components/self',
        message: 'not loaded: a symlink to components, which holds it (a loop); not followed',
        severity: 'warning',
      },
    ]);
    const built = await h.call('build:run', {
      target: { kind: 'variant', variantId: 'generic' },
      context: { kind: 'preset', name: 'base' },
    });
    expect(built.result.text).toContain('say');
  });

  it('loads a folder reached through a symlink without hiding the folder itself', async () => {
    const ws = writeFiles(tempDir(), miniWorkspace());
    // Visited before tools/ (alphabetically and in load order): must not claim it.
    fs.symlinkSync('../../tools', path.join(ws, 'variants/generic/a-tools-link'));
    const h = await hosts.start({ initialWorkspace: ws });
    const view = await h.call('workspace:get');
    expect(view.tools.map((t: Loose) => t.id)).toEqual(['say']);
    expect(view.documents.some((d: Loose) => d.path === 'tools/say.yaml')).toBe(true);
  });

  it('removes the stale temporary files of killed saves at start and never lists one as a document', async () => {
    const ws = writeFiles(tempDir(), {
      ...miniWorkspace(),
      'components/ROLE.md.1234567890': 'half a save',
      'profiles/mini/profile.yaml.987654321': 'id: half',
      'variants/generic/template.md.4242424242': 'half a template',
      'components/TOOLBOX.md.2222222222': 'a save in progress elsewhere',
      'profiles/mini/notes.md': 'a file of the profile, kept',
    });
    const old = (Date.now() - STALE_TEMP_MS - 60_000) / 1000;
    for (const f of ['components/ROLE.md.1234567890', 'profiles/mini/profile.yaml.987654321', 'variants/generic/template.md.4242424242'])
      fs.utimesSync(path.join(ws, f), old, old);
    const h = await hosts.start({ initialWorkspace: ws });
    expect(fs.existsSync(path.join(ws, 'components/ROLE.md.1234567890'))).toBe(false);
    expect(fs.existsSync(path.join(ws, 'profiles/mini/profile.yaml.987654321'))).toBe(false);
    expect(fs.existsSync(path.join(ws, 'variants/generic/template.md.4242424242'))).toBe(false);
    // Fresh: maybe another save right now; left alone, but not a document either.
    expect(fs.existsSync(path.join(ws, 'components/TOOLBOX.md.2222222222'))).toBe(true);
    const paths = (await h.call('workspace:get')).documents.map((d: Loose) => d.path);
    expect(paths.filter((p: string) => /\.\d+$/.test(p))).toEqual([]);
    expect(paths).toContain('profiles/mini/notes.md');
    expect(paths).toContain('profiles/mini/profile.yaml');
  });

  it('never picks up a save temporary file that appears while the workspace is open', async () => {
    const ws = writeFiles(tempDir(), miniWorkspace());
    const h = await hosts.start({ initialWorkspace: ws });
    fs.writeFileSync(path.join(ws, 'profiles/mini/profile.yaml.31415926'), 'id: temp');
    fs.writeFileSync(path.join(ws, 'profiles/mini/extra.md'), 'extra');
    await h.waitForEvent('workspace:changed', (v) => v.documents.some((d: Loose) => d.path === 'profiles/mini/extra.md'));
    expect(h.host.current!.docs.paths()).not.toContain('profiles/mini/profile.yaml.31415926');
  });
});
