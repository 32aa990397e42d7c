import { createServer, type Server } from 'node:http';
import { mkdir, mkdtemp, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderFileSource } from '../folder-source.js';
import { buildStackPrompt, loadStackProfile, toDateString, type StackProfile } from '../../../shared/stack/index.js';
import { createNodeUrlFetcher, createRealStackContext, localIsoDate, realStackBuildOptions, writeStackProfileJsonSchema } from './index.js';

let ROOT = '';
let server: Server;
let base = '';
let profile: StackProfile;

beforeAll(async () => {
  ROOT = await realpath(await mkdtemp(path.join(os.tmpdir(), 'vs-stack-host-')));
  server = createServer((req, res) => {
    if (req.url === '/rules.md') {
      res.writeHead(200, { 'content-type': 'text/markdown' });
      res.end('Remote rules.');
    } else if (req.url === '/hang') {
      // never answers
    } else {
      res.writeHead(500);
      res.end('oops');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const r = loadStackProfile(folderFileSource(path.resolve('variants')), 'profiles/opencode');
  if (!r.profile) throw new Error(JSON.stringify(r.problems));
  profile = r.profile;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (ROOT) await rm(ROOT, { recursive: true, force: true });
});

describe('createRealStackContext', () => {
  it('describes this machine: physical cwd, worktree root, date, home, config dir, and only the flag variables', async () => {
    const repo = path.join(ROOT, 'ctx/repo');
    await mkdir(path.join(repo, '.git'), { recursive: true });
    await mkdir(path.join(repo, 'src'), { recursive: true });
    await symlink(path.join(repo, 'src'), path.join(ROOT, 'ctx/shortcut'));
    const ctx = await createRealStackContext({
      cwd: path.join(ROOT, 'ctx/shortcut'),
      base: { modelId: 'gpt-5', agent: 'plan' },
      profile,
      now: new Date(2026, 10, 29, 23, 59),
      env: { OPENCODE_DISABLE_CLAUDE_CODE_PROMPT: '1', SECRET_TOKEN: 'do-not-copy', XDG_CONFIG_HOME: '/xdg' },
      homeDir: '/home/ana',
    });
    expect(ctx).toMatchObject({
      cwd: path.join(repo, 'src'),
      worktreeRoot: repo,
      isGitRepo: true,
      platform: process.platform,
      date: '2026-11-29',
      homeDir: '/home/ana',
      configDir: '/xdg',
      env: { OPENCODE_DISABLE_CLAUDE_CODE_PROMPT: '1' },
      modelId: 'gpt-5',
      agent: 'plan',
    });
    expect(Object.keys(ctx.env)).toEqual(['OPENCODE_DISABLE_CLAUDE_CODE_PROMPT']);
  });

  it('rejects a working directory that does not exist or is a file', async () => {
    await expect(createRealStackContext({ cwd: path.join(ROOT, 'nope') })).rejects.toThrow();
    await writeFile(path.join(ROOT, 'a-file'), 'x');
    await expect(createRealStackContext({ cwd: path.join(ROOT, 'a-file') })).rejects.toThrow(/not a folder/);
  });

  it('writes local dates as YYYY-MM-DD', () => {
    expect(localIsoDate(new Date(2026, 0, 5, 0, 0))).toBe('2026-01-05');
  });
});

describe('a real build end to end', () => {
  it('discovers real files and fetches URLs only when asked, with the node fetcher', async () => {
    const repo = path.join(ROOT, 'e2e/repo');
    await mkdir(path.join(repo, '.git'), { recursive: true });
    await writeFile(path.join(repo, 'AGENTS.md'), 'Local rules.');
    const home = path.join(ROOT, 'e2e/home');
    await mkdir(home, { recursive: true });
    const urls = [`${base}/rules.md`, `${base}/broken`, `${base}/hang`];
    const context = await createRealStackContext({
      cwd: repo,
      base: { modelId: 'claude-sonnet-4-5', instructions: urls },
      homeDir: home,
      env: {},
      now: new Date(2026, 10, 29),
    });

    const listed = await buildStackPrompt(profile, context, realStackBuildOptions());
    expect(listed.instructions.sources.map((s) => [s.path, s.status])).toEqual([
      [path.join(repo, 'AGENTS.md'), 'used'],
      ...urls.map((u) => [u, 'not-fetched']),
    ]);

    const fetched = await buildStackPrompt(profile, context, realStackBuildOptions({ fetchUrls: true, urlTimeoutMs: 2000 }));
    expect(fetched.instructions.sources.map((s) => [s.path, s.status])).toEqual([
      [path.join(repo, 'AGENTS.md'), 'used'],
      [urls[0], 'used'],
      [urls[1], 'fetch-failed'],
      [urls[2], 'fetch-failed'],
    ]);
    expect(fetched.warnings.map((w) => w.code)).toEqual(['url-fetch-failed', 'url-timeout']);
    expect(
      fetched.system.endsWith(
        `Instructions from: ${path.join(repo, 'AGENTS.md')}\nLocal rules.\nInstructions from: ${urls[0]}\nRemote rules.`,
      ),
    ).toBe(true);
  });

  it('the node fetcher aborts after its timeout on its own', async () => {
    const fetchUrl = createNodeUrlFetcher();
    const started = Date.now();
    await expect(fetchUrl(`${base}/hang`, { timeoutMs: 150 })).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('date text', () => {
  it('matches Date#toDateString for any day', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 9999 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }), (y, m, d) => {
        const iso = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
        expect(toDateString(iso)).toBe(new Date(y, m - 1, d, 12).toDateString());
      }),
    );
  });
});

describe('writeStackProfileJsonSchema', () => {
  it('writes the schema under schemas/', async () => {
    const file = await writeStackProfileJsonSchema(path.join(ROOT, 'schema-root'));
    expect(file).toBe(path.join(ROOT, 'schema-root/schemas/stack-profile.schema.json'));
    const json = JSON.parse(await readFile(file, 'utf8')) as { properties: Record<string, unknown> };
    expect(Object.keys(json.properties)).toContain('providerRules');
  });
});
