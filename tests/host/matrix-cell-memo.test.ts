import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { MatrixCellView } from '../../shared/ipc/contract.js';
import { snapshotMatrix } from '../../shared/engine/compare/snapshot-matrix.js';
import { deterministicBuildOptions, snapshotFileText, snapshotRelPath } from '../../shared/engine/snapshots/snapshot-files.js';
import { contentHash } from '../../electron/host/hash.js';
import { folderFileSource } from '../../electron/host/folder-source.js';
import { MatrixBuilds } from '../../electron/host/matrix-builds.js';
import { MatrixCellMemo, snapshotHash } from '../../electron/host/matrix-cell-memo.js';
import { loadWorkspace } from '../../shared/engine/workspace/load-workspace.js';
import { neededBuilds } from '../../electron/host/matrix-cells.js';
import { SnapshotStore } from '../../electron/host/snapshot-store.js';
import { largeWorkspace } from '../../bench/generated-workspaces.js';
import { hostsClosedAfterEach, miniWorkspace, tempDir, type Loose, type TestHost, writeFiles } from './support/fixtures.js';

const hosts = hostsClosedAfterEach();
const VARIANTS = 12;
const PRESETS = 9;
const CELLS = VARIANTS * PRESETS;

/** The matrix of the host's workspace made afresh, synchronously (shared engine, no memo), with the saved baseline when something is unsaved. */
function freshCells(h: TestHost): MatrixCellView[] {
  const session = h.host.requireSession();
  const store = new SnapshotStore(session.realRoot);
  const saved = session.docs.dirty().length > 0 ? session.savedSnapshot() : undefined;
  const built = snapshotMatrix({
    workspace: session.snapshot(),
    saved,
    options: deterministicBuildOptions(),
    stored: (rel) => store.read(rel),
  });
  return built.cells.map((cell, i) => {
    const stored = store.read(snapshotRelPath(cell.variantId, cell.preset));
    const promptHash = contentHash(snapshotFileText(built.texts[i]!));
    return { ...cell, promptHash, storedHash: stored === undefined ? null : cell.snapshot === 'same' ? promptHash : contentHash(stored) };
  });
}

async function generatedHost() {
  const h = await hosts.start({ initialWorkspace: largeWorkspace(path.join(tempDir(), 'ws'), VARIANTS, PRESETS) });
  const builds = new MatrixBuilds(h.host);
  const memo = (builds as Loose).memo as MatrixCellMemo;
  return { h, builds, memo };
}

describe('the snapshot matrix’s memo of builds (host)', () => {
  it('answers a request with nothing changed from memory: the same cells, as JSON too, and no prompt built', async () => {
    const { h, builds, memo } = await generatedHost();
    const first = await builds.request();
    expect(memo.built).toBe(CELLS);
    const second = await builds.request();
    expect(memo.built).toBe(CELLS);
    expect(second.version).toBe(first.version + 1);
    expect(JSON.stringify(second.cells)).toBe(JSON.stringify(first.cells));
    expect(second.cells).toEqual(freshCells(h));
  });

  it('builds again only the edited variant’s row after typing in its template (the saved baseline is the last clean matrix’s); the cells equal a fresh matrix', async () => {
    const { h, builds, memo } = await generatedHost();
    await builds.request();
    const ref = { kind: 'variant-template', variantId: 'generic' } as const;
    const original = (await h.call('doc:read', { ref })).text as string;
    await h.call('doc:update', { ref, text: `${original}\nAn edit.\n` });
    const edited = await builds.request();
    // The edited variant's row alone: the saved side is the workspace the first matrix was built from.
    expect(memo.built).toBe(CELLS + PRESETS);
    expect(edited.cells).toEqual(freshCells(h));
    expect(edited.cells.filter((c) => c.saved === 'differs').map((c) => c.variantId)).toEqual(Array(PRESETS).fill('generic'));
    await h.call('doc:update', { ref, text: `${original}\nAn edit, longer.\n` });
    const again = await builds.request();
    expect(memo.built).toBe(CELLS + PRESETS + PRESETS);
    expect(again.cells).toEqual(freshCells(h));
    // Back to the saved text: every cell is `same` again, from the edited row's new build.
    await h.call('doc:update', { ref, text: original });
    const back = await builds.request();
    expect(back.cells).toEqual(freshCells(h));
    expect(back.cells.every((c) => c.saved === 'same')).toBe(true);
  });

  it('builds again only the edited preset’s column when an edit loads the workspace anew (new objects, the same content elsewhere), and the cells follow the edit', async () => {
    const { h, builds, memo } = await generatedHost();
    const before = await builds.request();
    const ref = { kind: 'preset', name: 'p08' } as const;
    const yaml = (await h.call('doc:read', { ref })).text as string;
    await h.call('doc:update', { ref, text: yaml.replace('/home/user/project-8', '/home/user/elsewhere') });
    const after = await builds.request();
    // The other presets' cells are taken from the memo by content; the saved side is the clean matrix's.
    expect(memo.built).toBe(CELLS + VARIANTS);
    expect(after.cells).toEqual(freshCells(h));
    const changed = after.cells.filter((c, i) => c.promptHash !== before.cells[i]!.promptHash);
    expect(changed.length).toBeGreaterThan(0);
    expect(new Set(changed.map((c) => c.preset))).toEqual(new Set(['p08']));
  });

  it('tells remembered prompts from stored snapshots by hash exactly as a fresh matrix does (same, differs, missing)', async () => {
    const { h, builds, memo } = await generatedHost();
    const first = await builds.request();
    const session = h.host.requireSession();
    const [a, b] = [first.cells[0]!, first.cells[1]!];
    const text = (await h.call('compare:matrixCell', { variantId: a.variantId, preset: a.preset })).text as string;
    const write = (c: MatrixCellView, body: string) => {
      const file = path.join(session.realRoot, 'snapshots', snapshotRelPath(c.variantId, c.preset));
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, body);
    };
    write(a, text);
    write(b, `${text}not this prompt\n`);
    const second = await builds.request();
    expect(memo.built).toBe(CELLS);
    expect(second.cells).toEqual(freshCells(h));
    expect(second.cells.slice(0, 3).map((c) => c.snapshot)).toEqual(['same', 'differs', 'missing']);
    expect(second.cells[0]!.storedHash).toBe(a.promptHash);
  });

  it('never remembers a prompt with a lone surrogate: its stored file with U+FFFD in its place stays `differs`', async () => {
    const files = miniWorkspace();
    // A YAML escape makes the lone surrogate (a file's UTF-8 cannot hold one).
    const yaml = files['variants/generic/variant.yaml']!.replace('GREETING: hello', 'GREETING: "\\ud800 hello"');
    const h = await hosts.start({ initialWorkspace: writeFiles(tempDir(), { ...files, 'variants/generic/variant.yaml': yaml }) });
    const builds = new MatrixBuilds(h.host);
    const memo = (builds as Loose).memo as MatrixCellMemo;
    const text = (await h.call('compare:matrixCell', { variantId: 'generic', preset: 'base' })).text as string;
    expect(text).toContain('\ud800');
    // What the file holds once written and read back as UTF-8: the same bytes, so the same hash.
    const stored = Buffer.from(text, 'utf8').toString('utf8');
    expect(contentHash(stored)).toBe(contentHash(text));
    const file = path.join(h.host.requireSession().realRoot, 'snapshots/generic/base.md');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    for (let round = 0; round < 2; round++) {
      // Written anew before each request: the last answer is not given again (the file's stamp changed), the memo is asked.
      fs.writeFileSync(file, stored);
      const view = await builds.request();
      expect(view.cells).toEqual(freshCells(h));
      expect(view.cells.find((c) => c.variantId === 'generic' && c.preset === 'base')?.snapshot).toBe('differs');
    }
    // The two cells of generic are built each time; the others once.
    expect(memo.built).toBe(4 + 2);
  });

  it('keys a build by its components and tools too: the same variant and preset with another registry or catalog build again', () => {
    const load = (files: Record<string, string>) => loadWorkspace(folderFileSource(writeFiles(tempDir(), files)));
    const ws = load(miniWorkspace());
    const other = load({ ...miniWorkspace(), 'components/ROLE.md': 'You are another agent in {{CWD}}.' });
    const memo = new MatrixCellMemo();
    const [variant, preset] = [ws.variants.find((v) => v.id === 'generic')!, ws.presets[0]!];
    const first = memo.digest(ws, variant, preset);
    expect(first.text).toContain('You are a test agent');
    expect(first.digest.promptHash).toBe(contentHash(snapshotFileText(first.text!)));
    expect(memo.digest(ws, variant, preset)).toEqual({ digest: first.digest, text: undefined, exact: true });
    expect(memo.built).toBe(1);
    const components = memo.digest({ ...ws, components: other.components }, variant, preset);
    expect(components.text).toContain('You are another agent');
    expect(components.digest.promptHash).toBe(snapshotHash(components.text!));
    const tools = memo.digest({ ...ws, tools: new Map() }, variant, preset);
    expect(tools.text).not.toBe(first.text);
    expect(memo.built).toBe(3);
  });

  it('makes no content key while it remembers nothing by content, and finds builds by content once it does', () => {
    const load = () => loadWorkspace(folderFileSource(writeFiles(tempDir(), miniWorkspace())));
    const ws = load();
    const memo = new MatrixCellMemo();
    const keys = vi.spyOn(memo as Loose, 'cellKey');
    // The first matrix's lookups: every cell is lacking, and no key was made to find that out.
    const lacking = [...neededBuilds(memo, { workspace: ws })].flat();
    expect(lacking.map((r) => [r.variant.id, r.presets.length])).toEqual(ws.variants.map((v) => [v.id, ws.presets.length]));
    expect(keys).not.toHaveBeenCalled();
    const [variant, preset] = [ws.variants[0]!, ws.presets[0]!];
    const made = memo.digest(ws, variant, preset);
    // Remembering makes its key; a workspace loaded anew (new objects, the same content) is then found by it.
    expect(keys).toHaveBeenCalledTimes(1);
    const again = load();
    expect(memo.known(again, again.variants[0]!, again.presets[0]!)).toEqual(made.digest);
    expect(memo.known(again, again.variants[1]!, again.presets[0]!)).toBeUndefined();
  });
});
