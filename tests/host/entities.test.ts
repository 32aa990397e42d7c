import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { changedLines } from '../yaml-source/changed-lines.js';
import { hostsClosedAfterEach, miniWorkspace, tempDir, writeFiles, type Loose } from './support/fixtures.js';

const hosts = hostsClosedAfterEach();

function files(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else out.push(path.relative(root, full).split(path.sep).join('/'));
    }
  };
  walk(root);
  return out.sort();
}

async function open() {
  const ws = writeFiles(tempDir(), miniWorkspace());
  const h = await hosts.start({ initialWorkspace: ws });
  return { ws, h, read: (rel: string) => fs.readFileSync(path.join(ws, rel), 'utf8') };
}

describe('new variant from an existing one', () => {
  it('copies the folder as edited under the new id with its matcher, right before the source in the selection order; undo takes it away', async () => {
    const { ws, h, read } = await open();
    const before = files(ws);
    const workspaceYaml = read('workspace.yaml');
    // An unsaved edit of the source goes into the copy; the source keeps it unsaved.
    const tpl = { kind: 'variant-template', variantId: 'special' };
    await h.call('doc:update', { ref: tpl, text: 'SPECIAL {{ROLE}}\nunsaved line\n' });
    const change = await h.call('entity:duplicateVariant', { from: 'special', to: 'special-copy' });
    expect(change).toMatchObject({
      description: 'New variant special-copy (from special)',
      created: ['variants/special-copy/template.md', 'variants/special-copy/variant.yaml'],
      removed: [],
      changed: ['workspace.yaml'],
      open: { kind: 'variant-template', variantId: 'special-copy' },
    });
    expect(read('variants/special-copy/template.md')).toBe('SPECIAL {{ROLE}}\nunsaved line\n');
    expect(changedLines(read('variants/special/variant.yaml'), read('variants/special-copy/variant.yaml'))).toEqual([
      '-id: special',
      '+id: special-copy',
    ]);
    expect(changedLines(workspaceYaml, read('workspace.yaml'))).toEqual([
      '-selectionOrder: [special]',
      '+selectionOrder: [special-copy, special]',
    ]);
    // Reachable: it takes the source's models, and the answer says so.
    expect(change.routing).toEqual({
      variantId: 'special-copy',
      sourceId: 'special',
      relation: 'shadows',
      message:
        "'special-copy' has a copy of the matcher of 'special' and comes before it in the selection order: the models 'special' served now get 'special-copy', and 'special' is shadowed until one of the two matchers changes",
    });
    const routed = await h.call('compare:routing', { context: { kind: 'preset', name: 'base' }, modelIds: ['my-special-model'] });
    expect(routed.rows[0].variantId).toBe('special-copy');
    expect(routed.shadowed).toEqual([
      {
        variantId: 'special',
        shadowedBy: 'special-copy',
        reason: "every context it matches is matched first by 'special-copy', which is tried earlier",
      },
    ]);
    const view = await h.call('workspace:get');
    expect(view.variants.map((v: Loose) => v.id).sort()).toEqual(['generic', 'special', 'special-copy']);
    expect((await h.call('doc:read', { ref: tpl })).dirty).toBe(true);
    // Undo: the folder and the selection order entry go; the source's unsaved edit stays.
    const undone = await h.call('entity:undo', { undoToken: change.undoToken });
    expect(undone.removed).toEqual(['variants/special-copy/template.md', 'variants/special-copy/variant.yaml']);
    expect(files(ws)).toEqual(before);
    expect(read('workspace.yaml')).toBe(workspaceYaml);
    expect((await h.call('doc:read', { ref: tpl })).text).toBe('SPECIAL {{ROLE}}\nunsaved line\n');
    // An id that exists, or an undo token used up, is refused.
    expect(await h.raw('entity:duplicateVariant', { from: 'special', to: 'generic' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_REQUEST' },
    });
    expect(await h.raw('entity:undo', { undoToken: change.undoToken })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });
});

describe('new variant from one without a matcher', () => {
  it('says no model selects the copy, and check reports it unreachable from the routing list', async () => {
    const { h } = await open();
    const change = await h.call('entity:duplicateVariant', { from: 'generic', to: 'generic-2' });
    expect(change.routing).toMatchObject({ relation: 'no-matcher', variantId: 'generic-2', sourceId: 'generic' });
    const { findings } = await h.call('check:run', { modelIds: ['claude-x', 'my-special-model'] });
    expect(findings.filter((f: Loose) => f.code === 'UNREACHABLE_VARIANT')).toEqual([
      {
        code: 'UNREACHABLE_VARIANT',
        severity: 'warning',
        message:
          "no model id of the routing list (2 ids) reaches this variant under any preset: it has no matcher and is not the fallback ('generic')",
        file: 'variants/generic-2/variant.yaml',
        line: 1,
        column: 5,
        variantId: 'generic-2',
        fix: 'give it a matcher (copy the one of the variant it is for), or make it the fallback in workspace.yaml',
      },
    ]);
  });
});

describe('rename and delete', () => {
  it('renames a variant with its references, carrying unsaved edits; undo and redo', async () => {
    const { ws, h, read } = await open();
    const config = { kind: 'variant-config', variantId: 'special' };
    const { text } = await h.call('doc:read', { ref: config });
    await h.call('doc:update', { ref: config, text: text.replace('version: 2', 'version: 3') });
    const change = await h.call('entity:rename', { entity: { kind: 'variant', id: 'special' }, to: 'unusual' });
    expect(change.removed).toEqual(['variants/special/template.md', 'variants/special/variant.yaml']);
    expect(fs.existsSync(path.join(ws, 'variants/special'))).toBe(false);
    expect(read('variants/unusual/variant.yaml')).toContain('id: unusual\n');
    expect(read('variants/unusual/variant.yaml')).toContain('version: 2');
    expect(read('workspace.yaml')).toBe('name: Mini\nselectionOrder: [unusual]\nfallback: generic\n');
    const moved = await h.call('doc:read', { ref: { kind: 'variant-config', variantId: 'unusual' } });
    expect(moved).toMatchObject({ dirty: true });
    expect(moved.text).toContain('version: 3');
    expect(moved.text).toContain('id: unusual');
    const undone = await h.call('entity:undo', { undoToken: change.undoToken });
    expect(undone.description).toBe('Undone: Renamed variant special to unusual');
    expect(read('workspace.yaml')).toBe('name: Mini\nselectionOrder: [special]\nfallback: generic\n');
    expect((await h.call('doc:read', { ref: config })).text).toContain('version: 3');
    const redone = await h.call('entity:undo', { undoToken: undone.undoToken });
    expect(redone.description).toBe('Renamed variant special to unusual');
    expect(fs.existsSync(path.join(ws, 'variants/unusual/variant.yaml'))).toBe(true);
  });

  it('renames a tool in the variants that list it and a preset in the presets that extend it; deletes with undo', async () => {
    const { ws, h, read } = await open();
    await h.call('entity:rename', { entity: { kind: 'tool', id: 'say' }, to: 'speak' });
    expect(read('tools/speak.yaml')).toMatch(/^id: speak\n/);
    expect(read('variants/generic/variant.yaml')).toContain('tools: [speak]\n');
    await h.call('entity:rename', { entity: { kind: 'preset', name: 'base' }, to: 'basis' });
    expect(read('contexts/special.yaml')).toContain('extends: basis\n');
    const view = await h.call('workspace:get');
    expect(view.problems).toEqual([]);

    const override = { kind: 'component-override', variantId: 'generic', componentId: 'ROLE' };
    await h.call('doc:create', { ref: override, text: 'Overridden role' });
    await h.call('doc:save', { ref: override });
    const retargeted = await h.call('entity:rename', {
      entity: { kind: 'component-override', variantId: 'generic', componentId: 'ROLE' },
      to: 'TOOLBOX',
    });
    expect(retargeted.created).toEqual(['variants/generic/overrides/components/TOOLBOX.md']);
    const gone = await h.call('entity:delete', { entity: { kind: 'component-override', variantId: 'generic', componentId: 'TOOLBOX' } });
    expect(fs.existsSync(path.join(ws, 'variants/generic/overrides'))).toBe(false);
    await h.call('entity:undo', { undoToken: gone.undoToken });
    expect(read('variants/generic/overrides/components/TOOLBOX.md')).toBe('Overridden role');

    const deleted = await h.call('entity:delete', { entity: { kind: 'variant', id: 'special' } });
    expect(read('workspace.yaml')).toBe('name: Mini\nselectionOrder: []\nfallback: generic\n');
    expect(fs.existsSync(path.join(ws, 'variants/special'))).toBe(false);
    await h.call('entity:undo', { undoToken: deleted.undoToken });
    expect(read('variants/special/template.md')).toBe('SPECIAL {{ROLE}}\n');
    expect(read('workspace.yaml')).toBe('name: Mini\nselectionOrder: [special]\nfallback: generic\n');
  });

  it('refuses on the built-ins, on a file changed on disk behind its back, and an undo after later edits', async () => {
    const builtin = await hosts.start();
    expect(await builtin.raw('entity:delete', { entity: { kind: 'variant', id: 'xs' } })).toMatchObject({
      ok: false,
      error: { code: 'READ_ONLY' },
    });
    // Without the watcher the host cannot have reloaded the file: the change must be refused.
    const ws = writeFiles(tempDir(), miniWorkspace());
    const h = await hosts.start({ initialWorkspace: ws, watch: false });
    fs.writeFileSync(path.join(ws, 'contexts/base.yaml'), 'description: changed outside\ncontext: {}\n');
    expect(await h.raw('entity:delete', { entity: { kind: 'preset', name: 'base' } })).toMatchObject({
      ok: false,
      error: { code: 'CONFLICT' },
    });
    expect(fs.readFileSync(path.join(ws, 'contexts/base.yaml'), 'utf8')).toBe('description: changed outside\ncontext: {}\n');
    const change = await h.call('entity:delete', { entity: { kind: 'tool', id: 'say' } });
    await h.call('doc:create', { ref: { kind: 'tool', toolId: 'say' }, text: 'id: say\nspecs: []\n' });
    expect(await h.raw('entity:undo', { undoToken: change.undoToken })).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
  });
});
