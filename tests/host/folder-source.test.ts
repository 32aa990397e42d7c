import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderFileSource } from '../../electron/host/folder-source.js';
import { loadHarnessProfile } from '../../shared/harness/index.js';

/** The workspace folder on disk: what is there but cannot be read is not called missing. */

let root = '';
let outside = '';
beforeAll(async () => {
  root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'vs-source-')));
  outside = await realpath(await mkdtemp(path.join(os.tmpdir(), 'vs-outside-')));
  await writeFile(path.join(outside, 'secret.yaml'), 'id: x\n');
  await mkdir(path.join(root, 'harnesses/loop'), { recursive: true });
  await symlink('harness.yaml', path.join(root, 'harnesses/loop/harness.yaml'));
  await mkdir(path.join(root, 'harnesses/folder/harness.yaml'), { recursive: true });
  await mkdir(path.join(root, 'harnesses/out'), { recursive: true });
  await symlink(path.join(outside, 'secret.yaml'), path.join(root, 'harnesses/out/harness.yaml'));
  await writeFile(path.join(root, 'plain.txt'), 'plain');
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

describe('folderFileSource', () => {
  it('reads a file, and says nothing about one that is simply missing', () => {
    const source = folderFileSource(root);
    expect(source.read('plain.txt')).toBe('plain');
    expect(source.read('nothing.txt')).toBeUndefined();
    expect(source.whyUnread?.('nothing.txt')).toBeUndefined();
  });

  it('gives the real reason for a folder, a symlink loop and a link out of the workspace', () => {
    const source = folderFileSource(root);
    expect(source.read('harnesses/folder/harness.yaml')).toBeUndefined();
    expect(source.whyUnread?.('harnesses/folder/harness.yaml')).toBe('not a regular file (a folder or a device)');
    expect(source.read('harnesses/loop/harness.yaml')).toBeUndefined();
    expect(source.whyUnread?.('harnesses/loop/harness.yaml')).toBe('ELOOP: too many levels of symbolic links (a symlink loop)');
    expect(source.read('harnesses/out/harness.yaml')).toBeUndefined();
    expect(source.whyUnread?.('harnesses/out/harness.yaml')).toBe(
      `it leads to ${path.join(outside, 'secret.yaml')}, outside the workspace folder`,
    );
    expect(source.read('../x')).toBeUndefined();
    expect(source.whyUnread?.('../x')).toBe('the path leaves the workspace folder');
  });

  it('a loader names that reason instead of "not found"', () => {
    const source = folderFileSource(root);
    expect(loadHarnessProfile(source, 'harnesses/loop').problems.map((p) => p.message)).toEqual([
      'cannot read harnesses/loop/harness.yaml: ELOOP: too many levels of symbolic links (a symlink loop)',
    ]);
    expect(loadHarnessProfile(source, 'harnesses/none').problems.map((p) => p.message)).toEqual(['harness.yaml not found']);
  });
});
