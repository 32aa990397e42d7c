import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { saveTextAtomic, deleteChecked } from '../../electron/host/atomic-save.js';
import { contentHash } from '../../electron/host/hash.js';
import { killed, spawnTs } from './support/child.js';
import { hostsClosedAfterEach, miniWorkspace, tempDir, writeFiles } from './support/fixtures.js';

const hosts = hostsClosedAfterEach();

function checkGeneration(text: string, size: number): number {
  const m = /^gen (\d+)\n/.exec(text);
  expect(m, `file starts with a generation header (got ${JSON.stringify(text.slice(0, 20))})`).not.toBeNull();
  const n = Number(m![1]);
  expect(text.length).toBe(size);
  const fill = String.fromCharCode(65 + (n % 26));
  expect(text.slice(m![0].length).split(fill).join('')).toBe('');
  return n;
}

describe('atomic saves', () => {
  it('leaves the old or the new file, never a partial one, when the saving process is killed', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'big.md');
    const size = 4_000_000;
    fs.writeFileSync(file, `gen 0\n${'A'.repeat(size - 6)}`);
    for (let round = 0; round < 6; round++) {
      const child = spawnTs('save-loop.ts', [file, String(size)]);
      // Every line the child printed, read to the end (the pipe is drained once it closes).
      const closed = new Promise((resolve) => child.once('close', resolve));
      await child.waitForLine(/^saved \d+$/);
      // Not a wait for anything: the kill lands at a different moment of a save each round.
      await new Promise((resolve) => setTimeout(resolve, 7 * round + 3));
      await killed(child);
      await closed;
      const reported = Math.max(...child.lines.map((l) => Number(/^saved (\d+)$/.exec(l)?.[1] ?? 0)));
      // The file is the last save the child reported, or the one it finished but had no time to report.
      expect([reported, reported + 1]).toContain(checkGeneration(fs.readFileSync(file, 'utf8'), size));
    }
    // A killed save may leave its temporary file (big.md.<number>) next to the file, and nothing else.
    const others = fs.readdirSync(dir).filter((n) => n !== 'big.md');
    for (const name of others) expect(name).toMatch(/^big\.md\.\d+$/);
    expect(fs.readdirSync(dir)).toContain('big.md');
  }, 120000);

  it('refuses to overwrite a file that changed since it was loaded, unless told to', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'a.md');
    fs.writeFileSync(file, 'one');
    const loaded = contentHash('one');
    fs.writeFileSync(file, 'two (someone else)');
    expect(await saveTextAtomic(file, 'mine', loaded)).toEqual({
      status: 'conflict',
      diskText: 'two (someone else)',
      diskHash: contentHash('two (someone else)'),
    });
    expect(fs.readFileSync(file, 'utf8')).toBe('two (someone else)');
    expect(await saveTextAtomic(file, 'mine', contentHash('two (someone else)'))).toEqual({ status: 'saved', hash: contentHash('mine') });
    expect(await saveTextAtomic(path.join(dir, 'new.md'), 'x', null)).toMatchObject({ status: 'saved' });
    expect(await saveTextAtomic(path.join(dir, 'new.md'), 'y', null)).toMatchObject({ status: 'conflict', diskText: 'x' });
    expect(await saveTextAtomic(path.join(dir, 'new.md'), 'z', undefined)).toMatchObject({ status: 'saved' });
    expect(await deleteChecked(file, loaded)).toMatchObject({ status: 'conflict' });
    expect(await deleteChecked(file, contentHash('mine'))).toEqual({ status: 'deleted' });
    expect(fs.existsSync(file)).toBe(false);
  });

  it('reports a conflict through doc:save and lets the user overwrite', async () => {
    const ws = writeFiles(tempDir(), miniWorkspace());
    const h = await hosts.start({ initialWorkspace: ws, watch: false });
    const ref = { kind: 'component', componentId: 'ROLE' };
    const file = path.join(ws, 'components/ROLE.md');
    await h.call('doc:update', { ref, text: 'my edit' });
    fs.writeFileSync(file, 'their edit');
    expect(await h.call('doc:save', { ref })).toEqual({ status: 'conflict', path: 'components/ROLE.md', diskText: 'their edit' });
    expect(fs.readFileSync(file, 'utf8')).toBe('their edit');
    expect((await h.call('doc:read', { ref })).dirty).toBe(true);
    expect(await h.call('doc:save', { ref, overwrite: true })).toEqual({ status: 'saved', path: 'components/ROLE.md' });
    expect(fs.readFileSync(file, 'utf8')).toBe('my edit');
    expect(await h.call('doc:read', { ref })).toEqual({
      revision: expect.any(String),
      text: 'my edit',
      savedText: 'my edit',
      dirty: false,
      conflict: null,
    });

    // A new document whose file appeared on disk meanwhile.
    const tool = { kind: 'tool', toolId: 'shout' };
    await h.call('doc:create', { ref: tool, text: 'id: shout\nspecs: []\n' });
    fs.writeFileSync(path.join(ws, 'tools/shout.yaml'), 'id: shout\n# theirs\nspecs: []\n');
    expect(await h.call('doc:save', { ref: tool })).toMatchObject({ status: 'conflict', diskText: 'id: shout\n# theirs\nspecs: []\n' });

    // Deleting a file that changed on disk.
    fs.writeFileSync(file, 'changed again');
    expect(await h.call('doc:delete', { ref })).toMatchObject({ status: 'conflict', diskText: 'changed again' });
    expect(fs.existsSync(file)).toBe(true);
  });
});

describe("a variant's files saved together (doc:saveVariant)", () => {
  const TEMPLATE = { kind: 'variant-template', variantId: 'generic' } as const;
  const CONFIG = { kind: 'variant-config', variantId: 'generic' } as const;

  async function edited() {
    const ws = writeFiles(tempDir(), miniWorkspace());
    const h = await hosts.start({ initialWorkspace: ws });
    const preview = await h.call('preview:set', {
      target: { kind: 'variant', variantId: 'generic' },
      context: { kind: 'preset', name: 'base' },
      baseline: { kind: 'saved' },
    });
    // The template uses a placeholder that only the edited variant.yaml defines.
    const config = (await h.call('doc:read', { ref: CONFIG })).text as string;
    await h.call('doc:update', { ref: TEMPLATE, text: '{{ROLE}}\n\nTeam: {{TEAM_NAME}}\n' });
    await h.call('doc:update', {
      ref: CONFIG,
      text: config.replace('placeholders: { GREETING: hello }', 'placeholders: { GREETING: hello, TEAM_NAME: Acme }'),
    });
    return { ws, h, preview, config };
  }

  it('writes the template and variant.yaml together; the saved baseline is never half of it', async () => {
    const { ws, h, preview } = await edited();
    const before = h.events.length;
    expect(await h.call('doc:saveVariant', { variantId: 'generic' })).toEqual({
      status: 'saved',
      paths: ['variants/generic/template.md', 'variants/generic/variant.yaml'],
    });
    expect(fs.readFileSync(path.join(ws, 'variants/generic/template.md'), 'utf8')).toBe('{{ROLE}}\n\nTeam: {{TEAM_NAME}}\n');
    expect(fs.readFileSync(path.join(ws, 'variants/generic/variant.yaml'), 'utf8')).toContain('TEAM_NAME: Acme');
    await h.host.preview.settle();
    const baselines = h.events
      .slice(before)
      .filter((e) => e.event === 'preview:result' && e.payload.seq > preview.seq)
      .map((e) => e.payload.baseline.text as string);
    expect(baselines.length).toBeGreaterThan(0);
    // Every rebuild of the "last saved" baseline saw both files saved: the placeholder resolved.
    for (const text of baselines) expect(text).toContain('Team: Acme');
    expect((await h.call('doc:read', { ref: TEMPLATE })).dirty).toBe(false);
    expect((await h.call('doc:read', { ref: CONFIG })).dirty).toBe(false);
    // Nothing unsaved: nothing to write.
    expect(await h.call('doc:saveVariant', { variantId: 'generic' })).toEqual({ status: 'saved', paths: [] });
  });

  it('writes nothing when one of the files changed on disk, until told to overwrite', async () => {
    const { ws, h, config } = await edited();
    const configFile = path.join(ws, 'variants/generic/variant.yaml');
    fs.writeFileSync(configFile, `${config}# someone else\n`);
    const outcome = await h.call('doc:saveVariant', { variantId: 'generic' });
    expect(outcome).toEqual({
      status: 'conflict',
      conflicts: [{ path: 'variants/generic/variant.yaml', diskText: `${config}# someone else\n` }],
    });
    expect(fs.readFileSync(path.join(ws, 'variants/generic/template.md'), 'utf8')).toBe(miniWorkspace()['variants/generic/template.md']);
    expect(await h.call('doc:saveVariant', { variantId: 'generic', overwrite: true })).toMatchObject({ status: 'saved' });
    expect(fs.readFileSync(configFile, 'utf8')).toContain('TEAM_NAME: Acme');
    expect(fs.readFileSync(path.join(ws, 'variants/generic/template.md'), 'utf8')).toContain('{{TEAM_NAME}}');
  });

  it('asks first when a file has errors (ifValid answers them, nothing written), and saves anyway when asked again', async () => {
    const { ws, h, config } = await edited();
    await h.call('doc:update', { ref: CONFIG, text: `${config}labels: [unclosed\n` });
    const problems = (await h.call('doc:problems', { ref: CONFIG })).problems;
    expect(problems).toEqual([
      expect.objectContaining({
        file: 'variants/generic/variant.yaml',
        severity: 'error',
        line: 9,
        message: expect.stringMatching(/^YAML syntax: /),
      }),
    ]);
    expect(await h.call('doc:saveVariant', { variantId: 'generic', ifValid: true })).toEqual({ status: 'invalid', problems });
    expect(await h.call('doc:save', { ref: CONFIG, ifValid: true })).toEqual({
      status: 'invalid',
      path: 'variants/generic/variant.yaml',
      problems,
    });
    expect(fs.readFileSync(path.join(ws, 'variants/generic/variant.yaml'), 'utf8')).toBe(config);
    // "Save anyway": without ifValid.
    expect(await h.call('doc:saveVariant', { variantId: 'generic' })).toMatchObject({ status: 'saved' });
    expect(fs.readFileSync(path.join(ws, 'variants/generic/variant.yaml'), 'utf8')).toContain('labels: [unclosed\n');
    // A file without errors saves with ifValid at once; the template has none.
    expect(await h.call('doc:problems', { ref: TEMPLATE })).toEqual({ problems: [] });
    // The built-ins are read-only; an unknown variant is named.
    expect((await h.raw('doc:saveVariant', { variantId: 'nope' })).error).toEqual({
      code: 'NOT_FOUND',
      message: "there is no variant 'nope' in this workspace",
    });
  });
});
