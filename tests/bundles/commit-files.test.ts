import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HostError } from '../../shared/ipc/host-error.js';
import { commitFiles, realCommitFs, type CommitFs } from '../../electron/host/bundles/commit-files.js';

/** The import's commit: everything or nothing, inside the workspace only. */

const made: string[] = [];
function workspace(files: Record<string, string>): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'vs-commit-')));
  made.push(dir);
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}
afterEach(() => {
  for (const d of made.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** Every file and folder under a folder, with file contents: equal trees give equal snapshots. */
function tree(dir: string): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  const walk = (rel: string): void => {
    for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        out[`${child}/`] = null;
        walk(child);
      } else out[child] = fs.readFileSync(path.join(dir, child), 'utf8');
    }
  };
  walk('');
  return out;
}

const BEFORE = {
  'variants/generic/variant.yaml': 'old yaml',
  'variants/generic/template.md': 'old template',
  'variants/generic/overrides/components/ROLE.md': 'old override',
  'tools/say.yaml': 'old tool',
};

function input(root: string) {
  return {
    realRoot: root,
    writes: new Map([
      ['variants/generic/template.md', 'new template'],
      ['variants/team/variant.yaml', 'team yaml'],
      ['variants/team/overrides/components/ROLE.md', 'team override'],
      ['tools/say.yaml', 'new tool'],
    ]),
    deletes: ['variants/generic/overrides/components/ROLE.md'],
    expected: new Map<string, string | null>([
      ['variants/generic/template.md', 'old template'],
      ['variants/team/variant.yaml', null],
      ['variants/team/overrides/components/ROLE.md', null],
      ['tools/say.yaml', 'old tool'],
      ['variants/generic/overrides/components/ROLE.md', 'old override'],
    ]),
  };
}

describe('commitFiles', () => {
  it('writes, creates folders and deletes, and leaves no staging folder', async () => {
    const root = workspace(BEFORE);
    const result = await commitFiles(input(root));
    expect(result).toEqual({
      written: [
        'variants/generic/template.md',
        'variants/team/variant.yaml',
        'variants/team/overrides/components/ROLE.md',
        'tools/say.yaml',
      ],
      deleted: ['variants/generic/overrides/components/ROLE.md'],
    });
    expect(tree(root)).toEqual({
      'tools/': null,
      'tools/say.yaml': 'new tool',
      'variants/': null,
      'variants/generic/': null,
      'variants/generic/overrides/': null,
      'variants/generic/overrides/components/': null,
      'variants/generic/template.md': 'new template',
      'variants/generic/variant.yaml': 'old yaml',
      'variants/team/': null,
      'variants/team/overrides/': null,
      'variants/team/overrides/components/': null,
      'variants/team/overrides/components/ROLE.md': 'team override',
      'variants/team/variant.yaml': 'team yaml',
    });
  });

  // Fail the n-th operation of each kind: every step of the commit, and the workspace is as it was.
  const kinds: (keyof CommitFs)[] = ['writeFile', 'mkdir', 'rename'];
  for (const kind of kinds) {
    for (let n = 1; n <= (kind === 'rename' ? 8 : 4); n++) {
      it(`a failure at ${kind} #${n} leaves the workspace exactly as it was`, async () => {
        const root = workspace(BEFORE);
        const before = tree(root);
        let calls = 0;
        const failing: CommitFs = {
          ...realCommitFs,
          [kind]: async (...args: [string, string]) => {
            calls++;
            if (calls === n) throw new Error(`injected ${kind} failure`);
            return (realCommitFs[kind] as (...a: [string, string]) => Promise<void>)(...args);
          },
        };
        const outcome = await commitFiles({ ...input(root), fs: failing }).then(
          () => 'committed',
          (error: unknown) => error,
        );
        if (outcome === 'committed') {
          // Fewer operations of this kind than n: nothing failed.
          expect(calls).toBeLessThan(n);
          return;
        }
        expect(outcome).toBeInstanceOf(HostError);
        expect((outcome as HostError).code).toBe('IO_ERROR');
        expect((outcome as HostError).message).toMatch(
          new RegExp(`injected ${kind} failure\\); every change was undone, nothing was written$`),
        );
        expect(tree(root)).toEqual(before);
      });
    }
  }

  it('stops before writing anything when a file changed on disk since the plan', async () => {
    const root = workspace(BEFORE);
    fs.writeFileSync(path.join(root, 'tools/say.yaml'), 'edited elsewhere');
    const before = tree(root);
    await expect(commitFiles(input(root))).rejects.toThrow(
      'tools/say.yaml changed on disk since the import was planned; nothing was written — review the import again',
    );
    expect(tree(root)).toEqual(before);
  });

  it('stops when a file appeared where the plan saw none', async () => {
    const root = workspace({ ...BEFORE, 'variants/team/variant.yaml': 'someone else’s' });
    await expect(commitFiles(input(root))).rejects.toThrow('variants/team/variant.yaml changed on disk since the import was planned');
  });

  it('refuses a path that leaves the workspace, before writing anything', async () => {
    const root = workspace(BEFORE);
    const before = tree(root);
    await expect(
      commitFiles({ realRoot: root, writes: new Map([['../escaped.md', 'x']]), deletes: [], expected: new Map() }),
    ).rejects.toMatchObject({ code: 'PATH_OUTSIDE_WORKSPACE' });
    expect(tree(root)).toEqual(before);
    expect(fs.existsSync(path.join(path.dirname(root), 'escaped.md'))).toBe(false);
  });

  it('refuses to write through a symlinked folder that points outside', async () => {
    const root = workspace(BEFORE);
    const outside = workspace({});
    fs.symlinkSync(outside, path.join(root, 'variants', 'linked'));
    await expect(
      commitFiles({
        realRoot: root,
        writes: new Map([['variants/linked/variant.yaml', 'x']]),
        deletes: [],
        expected: new Map([['variants/linked/variant.yaml', null]]),
      }),
    ).rejects.toMatchObject({ code: 'PATH_OUTSIDE_WORKSPACE' });
    expect(fs.readdirSync(outside)).toEqual([]);
  });
});
