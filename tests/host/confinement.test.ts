import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveInside } from '../../electron/host/confine.js';
import { HostError } from '../../shared/ipc/host-error.js';
import { hostsClosedAfterEach, miniWorkspace, tempDir, writeFiles } from './support/fixtures.js';

const hosts = hostsClosedAfterEach();

function outsideCode(fn: () => unknown): string | undefined {
  try {
    fn();
    return undefined;
  } catch (error) {
    return error instanceof HostError ? error.code : `not a HostError: ${String(error)}`;
  }
}

/** A workspace plus an outside folder with a secret, and symlinks from one to the other. */
function layout(): { root: string; outside: string } {
  const base = tempDir('vs-confine-');
  const root = writeFiles(path.join(base, 'ws'), miniWorkspace());
  const outside = writeFiles(path.join(base, 'outside'), { 'secret.md': 'SECRET', 'dir/inner.md': 'INNER' });
  fs.symlinkSync(path.join(outside, 'secret.md'), path.join(root, 'components/LEAK.md'));
  fs.symlinkSync(path.join(outside, 'dir'), path.join(root, 'components/linked'));
  fs.symlinkSync(path.join(root, 'components/ROLE.md'), path.join(root, 'components/ALIAS.md'));
  fs.symlinkSync(path.join(base, 'nowhere.md'), path.join(root, 'components/DANGLING.md'));
  return { root, outside };
}

describe('resolveInside', () => {
  it('accepts paths inside the workspace, including symlinks that stay inside', () => {
    const { root } = layout();
    expect(resolveInside(root, 'components/ROLE.md')).toBe(path.join(root, 'components/ROLE.md'));
    expect(resolveInside(root, 'components/ALIAS.md')).toBe(path.join(root, 'components/ALIAS.md'));
    expect(resolveInside(root, 'components/new/deeper/file.md')).toBe(path.join(root, 'components/new/deeper/file.md'));
  });

  it('rejects every way out: .., absolute, drive, backslash, NUL, symlinked file, symlinked folder, dangling symlink', () => {
    const { root, outside } = layout();
    const attempts = [
      '../outside/secret.md',
      'components/../../outside/secret.md',
      '..',
      path.join(outside, 'secret.md'),
      '/etc/passwd',
      'C:/Windows/win.ini',
      'components\\..\\..\\outside\\secret.md',
      'components/ROLE.md\0.txt',
      'components/LEAK.md',
      'components/linked/inner.md',
      'components/linked/new-file.md',
      'components/DANGLING.md',
      'components/./ROLE.md',
      'components//ROLE.md',
      '',
    ];
    for (const attempt of attempts)
      expect(
        outsideCode(() => resolveInside(root, attempt)),
        JSON.stringify(attempt),
      ).toBe('PATH_OUTSIDE_WORKSPACE');
  });
});

describe('the host keeps documents inside the workspace', () => {
  it('does not load files that symlinks bring in from outside', async () => {
    const { root } = layout();
    const h = await hosts.start({ initialWorkspace: root, watch: false });
    const view = await h.call('workspace:get');
    const keys = view.documents.map((d: { key: string }) => d.key);
    expect(keys).toContain('component:ROLE');
    expect(keys).toContain('component:ALIAS');
    expect(keys).not.toContain('component:LEAK');
    expect(keys.some((k: string) => k.includes('inner'))).toBe(false);
    expect(JSON.stringify(view)).not.toContain('SECRET');
  });

  it('answers PATH_OUTSIDE_WORKSPACE for refs that resolve outside, and INVALID_REQUEST for refs that are not ids', async () => {
    const { root, outside } = layout();
    fs.appendFileSync(path.join(root, 'variants/special/variant.yaml'), 'template: ../../../outside/secret.md\n');
    const h = await hosts.start({ initialWorkspace: root, watch: false });
    const code = async (channel: string, request: unknown): Promise<string> => {
      const result = await h.raw(channel, request);
      expect(result.ok, `${channel} ${JSON.stringify(request)}`).toBe(false);
      return result.error.code;
    };
    // Through a symlinked file, a symlinked folder, and a template path in variant.yaml.
    expect(await code('doc:create', { ref: { kind: 'component', componentId: 'LEAK' }, text: 'overwrite?' })).toBe(
      'PATH_OUTSIDE_WORKSPACE',
    );
    expect(await code('doc:read', { ref: { kind: 'component', componentId: 'LEAK' } })).toBe('PATH_OUTSIDE_WORKSPACE');
    expect(await h.raw('doc:create', { ref: { kind: 'profile-file', profileId: 'mini', file: 'prompts/x.md' } })).toMatchObject({
      ok: true,
    });
    fs.symlinkSync(outside, path.join(root, 'profiles/escape'));
    expect(await code('doc:create', { ref: { kind: 'profile-file', profileId: 'escape', file: 'new.md' }, text: 'x' })).toBe(
      'PATH_OUTSIDE_WORKSPACE',
    );
    expect(await code('doc:read', { ref: { kind: 'variant-template', variantId: 'special' } })).toBe('PATH_OUTSIDE_WORKSPACE');
    // Refs are ids, never paths: .., slashes, absolute paths and NUL bytes do not pass the contract.
    for (const ref of [
      { kind: 'component', componentId: '..' },
      { kind: 'component', componentId: '../../outside/secret' },
      { kind: 'component', componentId: '/etc/passwd' },
      { kind: 'component', componentId: 'ROLE\0' },
      { kind: 'profile-file', profileId: 'mini', file: '../../outside/secret.md' },
      { kind: 'profile-file', profileId: 'mini', file: '/etc/passwd' },
      { kind: 'preset', name: 'a\\b' },
    ]) {
      expect(await code('doc:read', { ref })).toBe('INVALID_REQUEST');
    }
    expect(fs.readFileSync(path.join(outside, 'secret.md'), 'utf8')).toBe('SECRET');
    expect(fs.readdirSync(outside).sort()).toEqual(['dir', 'secret.md']);
  });
});
