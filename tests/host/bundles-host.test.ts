import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TRANSFER_CHUNK_BYTES } from '../../shared/ipc/channels/bundles.js';
import { requestShapeProblem } from '../../shared/requests/api-schemas.js';
import { readBundle } from '../../electron/host/bundles/read-bundle.js';
import { InflateBudget, inflateEntry, listZipEntries } from '../../electron/host/bundles/zip-reader.js';
import { craftBundle } from '../bundles/support/craft-zip.js';
import { hostsClosedAfterEach, miniWorkspace, tempDir, writeFiles, type TestHost } from './support/fixtures.js';

/** Bundles through the host's contract: export, transfers, plan, diff, apply, the open documents afterwards. */

const hosts = hostsClosedAfterEach();
const TEMPLATE = { kind: 'variant-template', variantId: 'generic' } as const;

async function download(h: TestHost, transferId: string): Promise<Buffer> {
  const parts: Buffer[] = [];
  for (let offset = 0; ;) {
    const chunk = await h.call('bundle:download', { transferId, offset });
    parts.push(Buffer.from(chunk.data, 'base64'));
    offset += Buffer.from(chunk.data, 'base64').length;
    if (chunk.done) break;
  }
  return Buffer.concat(parts);
}

async function upload(h: TestHost, bytes: Uint8Array, name = 'bundle.zip', chunk = TRANSFER_CHUNK_BYTES): Promise<string> {
  let transferId: string | undefined;
  for (let offset = 0; offset < bytes.length || transferId === undefined; offset += chunk) {
    const data = Buffer.from(bytes.subarray(offset, offset + chunk)).toString('base64');
    const r = await h.call('bundle:upload', { ...(transferId ? { transferId } : {}), name, total: bytes.length, data });
    transferId = r.transferId;
    expect(r.received).toBe(Math.min(offset + chunk, bytes.length));
  }
  return transferId;
}

async function exportMini(): Promise<Buffer> {
  const h = await hosts.start({ initialWorkspace: writeFiles(tempDir(), miniWorkspace()) });
  const out = await h.call('bundle:export', { format: 'bundle' });
  return download(h, out.transferId);
}

describe('export through the host', () => {
  it('offers a bundle for download in chunks (browser mode), unsaved edits included and counted', async () => {
    const h = await hosts.start({ initialWorkspace: writeFiles(tempDir(), miniWorkspace()) });
    expect(await h.call('bundle:capabilities')).toEqual({
      fileDialogs: false,
      chunkBytes: TRANSFER_CHUNK_BYTES,
      maxBundleBytes: 64 * 1024 * 1024,
    });
    await h.call('doc:update', { ref: TEMPLATE, text: 'EDITED {{ROLE}}\n' });
    const out = await h.call('bundle:export', { format: 'bundle', variants: ['generic'] });
    expect(out).toEqual({
      status: 'download',
      transferId: expect.any(String),
      fileName: 'generic.zip',
      bytes: expect.any(Number),
      files: 7,
      unsaved: 1,
    });
    const bytes = await download(h, out.transferId);
    expect(bytes.length).toBe(out.bytes);
    const contents = await readBundle(bytes);
    expect(contents.files.get('variants/generic/template.md')).toBe('EDITED {{ROLE}}\n');
    expect(contents.manifest.sourceWorkspace).toBe('Mini');
    // A download is taken once.
    expect((await h.raw('bundle:download', { transferId: out.transferId, offset: 0 })).error.code).toBe('NOT_FOUND');
    // Progress reached the listeners.
    expect(h.events.filter((e) => e.event === 'bundle:progress').at(-1)?.payload).toEqual({ operation: 'export', done: 8, total: 8 });
  });

  it('saves where the user chooses in the save dialog (desktop), or not at all when cancelled', async () => {
    const dir = tempDir();
    const answers: (string | null)[] = [path.join(dir, 'chosen.zip'), null];
    const asked: [string, string | undefined][] = [];
    const h = await hosts.start({
      initialWorkspace: writeFiles(tempDir(), miniWorkspace()),
      pickFile: async (purpose, name) => (asked.push([purpose, name]), answers.shift() ?? null),
    });
    expect((await h.call('bundle:capabilities')).fileDialogs).toBe(true);
    const saved = await h.call('bundle:export', { format: 'ts' });
    expect(saved).toEqual({ status: 'saved', path: path.join(dir, 'chosen.zip'), bytes: expect.any(Number), files: 4, unsaved: 0 });
    expect(fs.statSync(path.join(dir, 'chosen.zip')).size).toBe(saved.bytes);
    expect(await h.call('bundle:export', { format: 'md', presets: ['base'] })).toEqual({ status: 'cancelled' });
    expect(asked).toEqual([
      ['export-files', 'mini-typescript.zip'],
      ['export-files', 'mini-prompts.zip'],
    ]);
  });

  it('says what is wrong with a selection', async () => {
    const h = await hosts.start({ initialWorkspace: writeFiles(tempDir(), miniWorkspace()) });
    expect((await h.raw('bundle:export', { format: 'bundle', variants: ['nope'] })).error).toEqual({
      code: 'INVALID_REQUEST',
      message: "no variant 'nope' in this workspace (variants: special, generic)",
    });
    expect((await h.raw('bundle:export', { format: 'md', profiles: ['mini'] })).error.message).toBe(
      'stack profiles go into bundles; TypeScript, Markdown and request exports are of variants',
    );
  });
});

describe('import through the host', () => {
  it('uploads, plans, diffs and applies; the open documents and the view follow', async () => {
    const bundle = await exportMini();
    const ws = writeFiles(tempDir(), { ...miniWorkspace(), 'variants/generic/template.md': 'MINE {{ROLE}}\n' });
    const h = await hosts.start({ initialWorkspace: ws });
    await h.call('doc:read', { ref: TEMPLATE });
    const transferId = await upload(h, bundle, 'mini.zip', 1000);
    const plan = await h.call('bundle:plan', { transferId });
    expect(plan).toMatchObject({ name: 'mini.zip', sourceWorkspace: 'Mini', appVersion: '0.1.0', rendered: 0 });
    const generic = plan.items.find((i: { key: string }) => i.key === 'variant:generic');
    expect(generic).toMatchObject({
      status: 'changed',
      actions: ['overwrite', 'keep', 'rename'],
      unsaved: [],
      suggestedId: 'generic-imported',
    });
    expect((await h.call('bundle:diff', { planId: plan.planId, path: 'variants/generic/template.md' })).diff).toContain(
      '-MINE {{ROLE}}\n+{{ROLE}}\n+\n+{{TOOLBOX}}\n',
    );
    // Without a choice for the changed item nothing happens.
    expect((await h.raw('bundle:apply', { planId: plan.planId, choices: {} })).error).toEqual({
      code: 'INVALID_REQUEST',
      message: 'variant generic exists in the workspace with other content: choose overwrite, keep mine or a new id (nothing was written)',
    });
    expect(fs.readFileSync(path.join(ws, 'variants/generic/template.md'), 'utf8')).toBe('MINE {{ROLE}}\n');

    const outcome = await h.call('bundle:apply', {
      planId: plan.planId,
      choices: { 'variant:generic': { action: 'rename', newId: 'generic-team' } },
    });
    expect(outcome).toEqual({
      written: ['variants/generic-team/template.md', 'variants/generic-team/variant.yaml'],
      deleted: [],
      discarded: [],
      decisions: expect.arrayContaining([{ key: 'variant:generic', action: 'rename', newId: 'generic-team' }]),
    });
    expect(fs.readFileSync(path.join(ws, 'variants/generic-team/variant.yaml'), 'utf8')).toBe(
      miniWorkspace()['variants/generic/variant.yaml']!.replace('id: generic', 'id: generic-team'),
    );
    await h.host.settle();
    const view = await h.call('workspace:get');
    expect(view.variants.map((v: { id: string }) => v.id)).toEqual(['special', 'generic', 'generic-team']);
    expect(view.documents.find((d: { key: string }) => d.key === 'variant-template:generic-team')).toMatchObject({
      dirty: false,
      isNew: false,
    });
    // The plan is used up.
    expect((await h.raw('bundle:apply', { planId: plan.planId, choices: {} })).error.code).toBe('NOT_FOUND');
  });

  it('an open document with unsaved edits is part of the plan; overwriting replaces the edits, visibly', async () => {
    const bundle = await exportMini();
    const ws = writeFiles(tempDir(), { ...miniWorkspace(), 'variants/generic/template.md': 'MINE {{ROLE}}\n' });
    const h = await hosts.start({ initialWorkspace: ws });
    await h.call('doc:update', { ref: TEMPLATE, text: 'MY UNSAVED EDIT\n' });
    const plan = await h.call('bundle:plan', { transferId: await upload(h, bundle) });
    expect(plan.items.find((i: { key: string }) => i.key === 'variant:generic').unsaved).toEqual(['variants/generic/template.md']);
    const outcome = await h.call('bundle:apply', { planId: plan.planId, choices: { 'variant:generic': { action: 'overwrite' } } });
    expect(outcome.discarded).toEqual(['variants/generic/template.md']);
    const theirs = miniWorkspace()['variants/generic/template.md'];
    const read = await h.call('doc:read', { ref: TEMPLATE });
    expect(read).toEqual({ revision: expect.any(String), text: theirs, savedText: theirs, dirty: false, conflict: null });
    expect(h.events.filter((e) => e.event === 'doc:changedOnDisk').map((e) => e.payload)).toEqual([
      { ref: TEMPLATE, text: theirs, conflict: false, revision: read.revision },
    ]);
  });

  it('a document in conflict with the disk is planned against the disk, its edits named; overwriting settles the conflict', async () => {
    const bundle = await exportMini();
    const ws = writeFiles(tempDir(), miniWorkspace());
    const h = await hosts.start({ initialWorkspace: ws });
    await h.call('doc:update', { ref: TEMPLATE, text: 'MY UNSAVED EDIT\n' });
    const conflict = h.waitForEvent('doc:changedOnDisk', (p) => p.conflict === true);
    fs.writeFileSync(path.join(ws, 'variants/generic/template.md'), 'CHANGED ON DISK\n');
    await conflict;
    const plan = await h.call('bundle:plan', { transferId: await upload(h, bundle) });
    const generic = plan.items.find((i: { key: string }) => i.key === 'variant:generic');
    expect(generic).toMatchObject({ status: 'changed', unsaved: ['variants/generic/template.md'] });
    expect((await h.call('bundle:diff', { planId: plan.planId, path: 'variants/generic/template.md' })).diff).toContain(
      '-CHANGED ON DISK\n+{{ROLE}}',
    );
    const outcome = await h.call('bundle:apply', { planId: plan.planId, choices: { 'variant:generic': { action: 'overwrite' } } });
    expect(outcome).toMatchObject({ written: ['variants/generic/template.md'], discarded: ['variants/generic/template.md'] });
    const theirs = miniWorkspace()['variants/generic/template.md'];
    expect(fs.readFileSync(path.join(ws, 'variants/generic/template.md'), 'utf8')).toBe(theirs);
    expect(await h.call('doc:read', { ref: TEMPLATE })).toEqual({
      revision: expect.any(String),
      text: theirs,
      savedText: theirs,
      dirty: false,
      conflict: null,
    });
  });

  it('an edit made after planning stops the import; planning again shows it', async () => {
    const bundle = await exportMini();
    const ws = writeFiles(tempDir(), { ...miniWorkspace(), 'variants/generic/template.md': 'MINE {{ROLE}}\n' });
    const h = await hosts.start({ initialWorkspace: ws });
    const plan = await h.call('bundle:plan', { transferId: await upload(h, bundle) });
    await h.call('doc:update', { ref: TEMPLATE, text: 'EDITED AFTER THE PLAN\n' });
    expect((await h.raw('bundle:apply', { planId: plan.planId, choices: { 'variant:generic': { action: 'overwrite' } } })).error).toEqual({
      code: 'CONFLICT',
      message:
        'the workspace changed since the import was planned (a save, an edit or a file changed on disk): review the import again; nothing was written',
    });
    expect(fs.readFileSync(path.join(ws, 'variants/generic/template.md'), 'utf8')).toBe('MINE {{ROLE}}\n');
    expect((await h.call('doc:read', { ref: TEMPLATE })).text).toBe('EDITED AFTER THE PLAN\n');
    const again = await h.call('bundle:plan', { planId: plan.planId });
    expect(again.items.find((i: { key: string }) => i.key === 'variant:generic').unsaved).toEqual(['variants/generic/template.md']);
    expect((await h.call('bundle:apply', { planId: plan.planId, choices: { 'variant:generic': { action: 'keep' } } })).written).toEqual([]);
  });

  it('refuses a bad bundle naming the entry, and imports into the built-ins not at all', async () => {
    const h = await hosts.start({ initialWorkspace: writeFiles(tempDir(), miniWorkspace()) });
    const bad = craftBundle({ 'variants/x/link': 'x' }, { extra: [{ name: 'variants/x/evil', data: '/etc', mode: 0o120777 }] });
    expect((await h.raw('bundle:plan', { transferId: await upload(h, bad, 'evil.zip') })).error).toEqual({
      code: 'INVALID_REQUEST',
      message: "evil.zip: entry 'variants/x/evil': is a symbolic link; bundles hold only files; nothing was written",
    });
    expect((await h.raw('bundle:plan', {})).error.code).toBe('DIALOG_UNAVAILABLE');
    await h.call('workspace:openBuiltin');
    expect((await h.raw('bundle:plan', { transferId: 'x' })).error).toEqual({
      code: 'READ_ONLY',
      message: 'the built-in variants are read-only: copy them into a workspace of your own, then import into the copy',
    });
  });

  it('uploads are checked: announced size, order, completeness', async () => {
    const h = await hosts.start({ initialWorkspace: writeFiles(tempDir(), miniWorkspace()) });
    expect((await h.raw('bundle:upload', { name: 'big.zip', total: 65 * 1024 * 1024, data: '' })).error.message).toBe(
      'big.zip is larger than 64 MB, more than any bundle can be',
    );
    const first = await h.call('bundle:upload', { name: 'a.zip', total: 3, data: Buffer.from('ab').toString('base64') });
    expect(
      (await h.raw('bundle:upload', { transferId: first.transferId, name: 'a.zip', total: 3, data: Buffer.from('cd').toString('base64') }))
        .error.message,
    ).toBe('a.zip: more bytes than announced (3)');
    expect((await h.raw('bundle:plan', { transferId: first.transferId })).error.message).toBe('a.zip is incomplete: 2 of 3 bytes arrived');
  });

  it('opens a bundle the user picks in the open dialog (desktop)', async () => {
    const file = path.join(tempDir(), 'picked.zip');
    fs.writeFileSync(file, await exportMini());
    const picks: (string | null)[] = [file, null];
    const h = await hosts.start({ initialWorkspace: writeFiles(tempDir(), {}), pickFile: async () => picks.shift() ?? null });
    const plan = await h.call('bundle:plan', {});
    expect(plan.name).toBe('picked.zip');
    expect(plan.items.every((i: { status: string }) => i.status === 'new')).toBe(true);
    expect(await h.call('bundle:plan', {})).toBeNull();
    expect(await h.call('bundle:discard', { planId: plan.planId })).toBe(true);
  });
});

/** The texts of a plain zip (a request export is not a bundle: no manifest). */
function readZipTexts(bytes: Buffer): Map<string, string> {
  const budget = new InflateBudget();
  return new Map(listZipEntries(bytes).map((e) => [e.name, Buffer.from(inflateEntry(bytes, e, budget)).toString('utf8')]));
}

describe('request exports name a model of their API (the same function as the CLI)', () => {
  it("the app export of gpt-5 x basic: gpt-5 for OpenAI, the preset's Claude for Anthropic, and says which rule chose it", async () => {
    const h = await hosts.start();
    const out = await h.call('bundle:export', {
      format: 'request',
      variants: ['gpt-5'],
      presets: ['basic'],
      apis: ['openai-chat', 'anthropic'],
    });
    expect(out.models).toEqual([
      {
        file: 'gpt-5/basic.openai-chat.json',
        model: {
          model: 'gpt-5',
          rule: 'variant',
          reason: "the variant's modelName (gpt-5): the context's model claude-sonnet-4-5-20250929 is an Anthropic model",
        },
      },
      {
        file: 'gpt-5/basic.anthropic.json',
        model: {
          model: 'claude-sonnet-4-5-20250929',
          rule: 'context',
          reason: "the context's model (claude-sonnet-4-5-20250929, an Anthropic model)",
        },
      },
    ]);
    const contents = await readZipTexts(await download(h, out.transferId));
    expect(JSON.parse(contents.get('gpt-5/basic.openai-chat.json')!).model).toBe('gpt-5');
  });

  it('"Copy as request" of the preview: the same choice', async () => {
    const h = await hosts.start();
    const copy = await h.call('bundle:request', {
      api: 'gemini',
      target: { kind: 'variant', variantId: 'gpt-5' },
      context: { kind: 'preset', name: 'basic' },
    });
    expect(copy.model).toMatchObject({ model: 'gemini-2.5-pro', rule: 'api-default' });
    expect(JSON.parse(copy.body).model).toBeUndefined(); // Gemini names the model in the URL
    const openai = await h.call('bundle:request', {
      api: 'openai-responses',
      target: { kind: 'variant', variantId: 'gpt-5' },
      context: { kind: 'preset', name: 'basic' },
    });
    expect([JSON.parse(openai.body).model, openai.model.rule]).toEqual(['gpt-5', 'variant']);
  });
});

describe('one request body', () => {
  it('for what the preview builds, in each API', async () => {
    const h = await hosts.start();
    for (const api of ['openai-chat', 'openai-responses', 'anthropic', 'gemini'] as const) {
      const { body } = await h.call('bundle:request', {
        api,
        target: { kind: 'variant', variantId: 'xs' },
        context: { kind: 'preset', name: 'basic' },
      });
      expect(requestShapeProblem(api, JSON.parse(body))).toBeUndefined();
    }
    const { body } = await h.call('bundle:request', {
      api: 'anthropic',
      target: { kind: 'variant', variantId: 'xs' },
      context: { kind: 'preset', name: 'basic' },
    });
    const parsed = JSON.parse(body);
    // The prompt exactly as the host builds it for the preview (this machine's facts, today).
    const built = await h.call('build:run', { target: { kind: 'variant', variantId: 'xs' }, context: { kind: 'preset', name: 'basic' } });
    expect(parsed.model).toBe('claude-sonnet-4-5-20250929');
    expect(parsed.system).toEqual([{ type: 'text', text: built.result.text, cache_control: { type: 'ephemeral' } }]);
    const stack = await h.call('bundle:request', {
      api: 'openai-chat',
      target: { kind: 'profile', profileId: 'opencode' },
      context: { kind: 'stack', context: { modelId: 'gpt-5', userMessage: '' } },
    });
    expect(JSON.parse(stack.body).messages[1]).toEqual({ role: 'user', content: "Replace this with the user's message." });
  });
});
