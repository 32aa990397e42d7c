import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { craftBundle } from '../bundles/support/craft-zip.js';
import { ALIAS_BOMB, DEEP_FLOW, wideMap } from '../yaml/hostile-yaml.js';
import { hostsClosedAfterEach, miniWorkspace, tempDir, writeFiles, type Loose, type TestHost } from './support/fixtures.js';

/**
 * Issue 18, items 1–3 through the real host: hostile YAML arriving by an edit, by a change on
 * disk, at start and in a bundle gives a problem naming the file and the reason; the host
 * keeps answering.
 */

const hosts = hostsClosedAfterEach();
const PROFILE = { kind: 'profile-file', profileId: 'mini', file: 'profile.yaml' } as const;
const BOMB_PROBLEM = {
  file: 'profiles/mini/profile.yaml',
  line: 1,
  column: 1,
  severity: 'error',
  message: 'YAML: Excessive alias count indicates a resource exhaustion attack',
};

function problemsOf(view: Loose, file: string): Loose[] {
  return view.problems.filter((p: Loose) => p.file === file);
}

async function stillAnswers(h: TestHost): Promise<void> {
  const read = await h.call('doc:read', { ref: { kind: 'variant-template', variantId: 'generic' } });
  expect(read.text).toBe(miniWorkspace()['variants/generic/template.md']);
}

describe('hostile YAML in the host', () => {
  it('an alias bomb typed into profile.yaml is a problem of that file; the view refresh survives', async () => {
    const h = await hosts.start({ initialWorkspace: writeFiles(tempDir(), miniWorkspace()) });
    expect(await h.call('doc:update', { ref: PROFILE, text: ALIAS_BOMB })).toEqual({ dirty: true });
    const view = h.waitForEvent('workspace:changed', (v) => problemsOf(v, 'profiles/mini/profile.yaml').length > 0);
    await h.host.settle();
    expect(problemsOf(await view, 'profiles/mini/profile.yaml')).toEqual([BOMB_PROBLEM]);
    await stillAnswers(h);
  });

  it('an alias bomb written on disk while the app runs (git pull) is a problem of that file', async () => {
    const root = writeFiles(tempDir(), miniWorkspace());
    const h = await hosts.start({ initialWorkspace: root });
    const view = h.waitForEvent('workspace:changed', (v) => problemsOf(v, 'profiles/mini/profile.yaml').length > 0, 10000);
    fs.writeFileSync(path.join(root, 'profiles/mini/profile.yaml'), ALIAS_BOMB);
    expect(problemsOf(await view, 'profiles/mini/profile.yaml')).toEqual([BOMB_PROBLEM]);
    await stillAnswers(h);
  });

  it('a workspace whose workspace.yaml and tools/a.yaml nest 1000 deep opens, naming both files', async () => {
    const root = writeFiles(tempDir(), { ...miniWorkspace(), 'workspace.yaml': DEEP_FLOW, 'tools/a.yaml': DEEP_FLOW });
    const h = await hosts.start({ initialWorkspace: root });
    const view = await h.call('workspace:get');
    const deep = 'YAML: collections are nested more than 64 deep; the file is not read';
    expect(problemsOf(view, 'workspace.yaml')).toEqual([{ file: 'workspace.yaml', line: 1, column: 64, severity: 'error', message: deep }]);
    expect(problemsOf(view, 'tools/a.yaml')).toEqual([{ file: 'tools/a.yaml', line: 1, column: 64, severity: 'error', message: deep }]);
    await stillAnswers(h);
  });

  it('a 40,000-key map (0.9 MB) typed into a preset is refused with a size message; the host answers', async () => {
    const h = await hosts.start({ initialWorkspace: writeFiles(tempDir(), miniWorkspace()) });
    const ref = { kind: 'preset', name: 'base' } as const;
    expect(await h.call('doc:update', { ref, text: wideMap(40_000) })).toEqual({ dirty: true });
    await h.host.settle();
    expect(problemsOf(await h.call('workspace:get'), 'contexts/base.yaml')).toEqual([
      {
        file: 'contexts/base.yaml',
        line: 1,
        column: 1,
        severity: 'error',
        message: 'YAML: the file is 877 KB; YAML files over 512 KB are not read',
      },
    ]);
    await stillAnswers(h);
  });

  it('a bundle holding an alias bomb is refused naming the file, not INTERNAL', async () => {
    const h = await hosts.start({ initialWorkspace: writeFiles(tempDir(), miniWorkspace()) });
    const bytes = craftBundle({ 'profiles/bomb/profile.yaml': ALIAS_BOMB });
    const data = Buffer.from(bytes).toString('base64');
    const { transferId } = await h.call('bundle:upload', { name: 'bomb.zip', total: bytes.length, data });
    const result = await h.raw('bundle:plan', { transferId });
    expect(result.ok).toBe(false);
    expect(result.error.code).toBe('INVALID_REQUEST');
    expect(result.error.message).toContain('profiles/bomb/profile.yaml');
    expect(result.error.message).toContain('Excessive alias count');
    await stillAnswers(h);
  });
});
