import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hostsClosedAfterEach, miniWorkspace, tempDir, writeFiles, type Loose, type TestHost } from './support/fixtures.js';

/**
 * Real instruction-file discovery reads only what the user granted (issue 9, item 1): files
 * inside the granted folders (symlinks resolved), the machine's standard global locations, and
 * nothing a request or a workspace file names beyond that.
 */

const hosts = hostsClosedAfterEach();
const PROFILE = 'open';
const PROFILE_REF = { kind: 'profile-file', profileId: PROFILE, file: 'profile.yaml' } as const;
const PROFILE_YAML = [
  'id: open',
  'name: Open',
  'providerPrompts:',
  '  default: { text: "PROMPT" }',
  'providerRules:',
  '  - { id: all, prompt: default }',
  'agents:',
  '  build: { description: builds }',
  'environment: { text: "root={{worktreeRoot}} git={{isGitRepo}}" }',
  'instructionFiles: [{ name: AGENTS.md }, { name: CLAUDE.md }]',
  'localCompanions: false',
  'globalFiles:',
  '  - path: "{configDirOverride}/AGENTS.md"',
  '  - path: "{configDir}/opencode/AGENTS.md"',
  '  - path: ~/.claude/CLAUDE.md',
  '',
].join('\n');

let h: TestHost;
/** Outside every granted folder: must never show up in a prompt. */
let secretDir: string;
let secret: string;
const savedConfigDir = process.env.OPENCODE_CONFIG_DIR;

beforeEach(async () => {
  const ws = writeFiles(tempDir(), { ...miniWorkspace(), [`profiles/${PROFILE}/profile.yaml`]: PROFILE_YAML });
  secretDir = tempDir('vs-secret-');
  secret = path.join(secretDir, 'secret.md');
  fs.writeFileSync(secret, 'SECRET TEXT');
  delete process.env.OPENCODE_CONFIG_DIR;
  h = await hosts.start({ initialWorkspace: ws });
});

afterEach(() => {
  if (savedConfigDir === undefined) delete process.env.OPENCODE_CONFIG_DIR;
  else process.env.OPENCODE_CONFIG_DIR = savedConfigDir;
});

async function grant(folder: string): Promise<string> {
  return (await h.call('stack:grantFolder', { path: folder })).path;
}

async function realBuild(context: Record<string, unknown>, extra: Record<string, unknown> = {}): Promise<Loose> {
  const out = await h.call('build:run', {
    target: { kind: 'profile', profileId: PROFILE },
    context: { kind: 'stack', context, discovery: 'real', ...extra },
  });
  expect(out.ok).toBe(true);
  return out.result;
}

const lookupsOf = (result: Loose, status: string, layer?: string): string[] =>
  result.instructions.lookups
    .filter((l: Loose) => l.status === status && (layer === undefined || l.layer === layer))
    .map((l: Loose) => l.path ?? l.target);

describe('real discovery reads only what was granted', () => {
  it('takes git and its root from the disk, not from the request (no walk from /)', async () => {
    const granted = await grant(tempDir('vs-grant-'));
    fs.writeFileSync(path.join(granted, 'AGENTS.md'), 'Granted rules.');
    const fromRoot = path.relative('/', secret);
    const result = await realBuild({
      cwd: granted,
      isGitRepo: true,
      worktreeRoot: '/',
      instructions: [fromRoot, 'etc/passwd', `${path.relative('/', path.dirname(secretDir))}/vs-secret-*/secret.md`],
    });
    expect(result.text).toContain('Granted rules.');
    expect(result.text).not.toContain('SECRET TEXT');
    expect(result.text).not.toMatch(/root:.*:0:0:/);
    expect(result.instructions).toMatchObject({ isGitRepo: false, worktreeRoot: granted, worktreeFrom: 'granted-folder' });
    expect(result.text).toContain('git=no');
    // Relative entries are looked for from the working folder, where they are not.
    expect(lookupsOf(result, 'missing', 'configured')).toEqual([path.join(granted, fromRoot), path.join(granted, 'etc/passwd')]);
    expect(result.instructions.sources.map((s: Loose) => s.path)).toEqual([path.join(granted, 'AGENTS.md')]);
  });

  it('does not follow a symlink out of the granted folder (folder, file, glob)', async () => {
    const granted = await grant(tempDir('vs-grant-'));
    fs.symlinkSync(secretDir, path.join(granted, 'link'));
    fs.symlinkSync(secret, path.join(granted, 'AGENTS.md'));
    fs.writeFileSync(path.join(granted, 'mine.md'), 'My own rules.');
    const result = await realBuild({ cwd: granted, instructions: ['link/secret.md', 'link/*.md', '*.md'] });
    expect(result.text).not.toContain('SECRET TEXT');
    expect(result.text).toContain('My own rules.');
    const refused = lookupsOf(result, 'not-granted');
    expect(refused).toContain(path.join(granted, 'AGENTS.md'));
    expect(refused).toContain(path.join(granted, 'link', 'secret.md'));
    expect(refused).toContain(path.join(granted, 'link'));
    const why = result.instructions.lookups.find((l: Loose) => l.path === path.join(granted, 'AGENTS.md'));
    expect(why.reason).toBe(`not read: it leads to ${secret}, outside the granted folders (${granted})`);
    expect(
      result.warnings.some((w: Loose) => w.code === 'instruction-not-granted' && w.path === path.join(granted, 'link', 'secret.md')),
    ).toBe(true);
  });

  it('does not read what a workspace profile names outside (absolute paths, home files, global locations)', async () => {
    const granted = await grant(tempDir('vs-grant-'));
    const text = `${PROFILE_YAML.replace('globalFiles:\n', `globalFiles:\n  - path: ${secret}\n  - path: ~/.ssh/id_rsa\n`)}instructions: [${secret}, ~/.ssh/id_rsa, ${secretDir}/*.md]\n`;
    await h.call('doc:update', { ref: PROFILE_REF, text });
    const result = await realBuild({ cwd: granted });
    expect(result.text).not.toContain('SECRET TEXT');
    const refused = lookupsOf(result, 'not-granted');
    expect(refused).toEqual(expect.arrayContaining([secret, path.join(os.homedir(), '.ssh/id_rsa'), path.join(secretDir, '*.md')]));
    const global = result.instructions.lookups.filter((l: Loose) => l.layer === 'global');
    expect(global.slice(0, 2).map((l: Loose) => [l.path, l.status])).toEqual([
      [secret, 'not-granted'],
      [path.join(os.homedir(), '.ssh/id_rsa'), 'not-granted'],
    ]);
    expect(global[0].reason).toBe(`not read: outside the granted folders (${granted})`);
  });

  it('does not look above the granted folder; with a real .git above, the root is there but above stays unread', async () => {
    const outer = tempDir('vs-outer-');
    fs.writeFileSync(path.join(outer, 'AGENTS.md'), 'OUTER RULES');
    fs.mkdirSync(path.join(outer, 'inner'));
    const inner = await grant(path.join(outer, 'inner'));
    fs.writeFileSync(path.join(inner, 'CLAUDE.md'), 'Inner rules.');
    const plain = await realBuild({ cwd: inner });
    expect(plain.text).not.toContain('OUTER RULES');
    expect(plain.text).toContain('Inner rules.');
    // No .git between the granted folder and /: the walk stops at the granted folder.
    expect(plain.instructions).toMatchObject({ isGitRepo: false, worktreeRoot: inner, worktreeFrom: 'granted-folder' });
    expect(plain.instructions.walk).toEqual([inner]);
    expect(plain.instructions.lookups.filter((l: Loose) => l.layer === 'project' && l.directory !== inner)).toEqual([]);
    expect(plain.warnings.find((w: Loose) => w.code === 'walk-stops-at-granted-folder').message).toBe(
      `no .git above ${inner}: the walk up stops at the granted folder ${inner}; folders above it are not looked in`,
    );

    fs.mkdirSync(path.join(outer, '.git'));
    const git = await realBuild({ cwd: inner });
    expect(git.instructions).toMatchObject({ isGitRepo: true, worktreeRoot: outer, worktreeFrom: 'context' });
    expect(git.text).toContain(`root=${outer} git=yes`);
    expect(git.text).not.toContain('OUTER RULES');
    expect(git.instructions.walk).toEqual([inner, outer]);
    expect(git.instructions.lookups.find((l: Loose) => l.path === path.join(outer, 'AGENTS.md')).status).toBe('not-granted');
  });

  it('does not let a profile choose which environment variables of this machine it reads', async () => {
    process.env.VS_TEST_SECRET_VALUE = 'env-secret-value';
    try {
      const text = PROFILE_YAML.replace('globalFiles:', 'flags: { configDirOverride: VS_TEST_SECRET_VALUE }\nglobalFiles:');
      await h.call('doc:update', { ref: PROFILE_REF, text });
      const granted = await grant(tempDir('vs-grant-'));
      const result = await realBuild({ cwd: granted });
      expect(JSON.stringify(result)).not.toContain('env-secret-value');
      expect(result.instructions.flags.configDirOverride).toBeUndefined();
    } finally {
      delete process.env.VS_TEST_SECRET_VALUE;
    }
  });

  it('reads the standard global locations of this machine', async () => {
    const config = tempDir('vs-config-');
    fs.writeFileSync(path.join(config, 'AGENTS.md'), 'Global rules.');
    process.env.OPENCODE_CONFIG_DIR = config;
    const granted = await grant(tempDir('vs-grant-'));
    const result = await realBuild({ cwd: granted });
    expect(result.text).toContain(`Instructions from: ${path.join(config, 'AGENTS.md')}\nGlobal rules.`);
    // Switched off in the context form: not read, and the lookup says why.
    const off = await realBuild({ cwd: granted }, { globalsOff: ['opencode-config-dir'] });
    expect(off.text).not.toContain('Global rules.');
    expect(off.instructions.lookups.find((l: Loose) => l.path === path.join(config, 'AGENTS.md'))).toMatchObject({
      layer: 'global',
      status: 'not-granted',
      reason: 'not read: $OPENCODE_CONFIG_DIR/AGENTS.md is switched off in the context form',
    });
    // On again.
    expect((await realBuild({ cwd: granted }, { globalsOff: [] })).text).toContain('Global rules.');
  });
});
