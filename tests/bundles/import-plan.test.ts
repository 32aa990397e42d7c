import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { planImport, type WorkspaceFileState } from '../../shared/bundle/import-plan.js';
import { ImportChoiceError, resolveImport } from '../../shared/bundle/resolve-import.js';

/** Plans and choices of an import, on workspaces and bundles held in memory. */

const GENERIC_YAML = [
  '# The fallback variant',
  'id: generic',
  'family: generic',
  'version: 1',
  'description: The fallback variant',
  'componentOrder: [ROLE, TOOLBOX]',
  'componentOverrides:',
  '  ROLE: { enabled: true }',
  'tools: [say]',
  'toolOverrides:',
  '  say: { order: 0 }',
  '',
].join('\n');

const BUNDLE: Record<string, string> = {
  'variants/generic/variant.yaml': GENERIC_YAML,
  'variants/generic/template.md': '{{ROLE}}\n\n{{ TOOLBOX }}\n',
  'variants/generic/overrides/components/ROLE.md': 'You are the bundle agent.',
  'variants/generic/overrides/tools/say.md': '{{DEFAULT_TEXT}}',
  'components/ROLE.md': 'You are a test agent.',
  'components/TOOLBOX.md': 'TOOLS\n\n{{TOOLS}}',
  'tools/say.yaml': 'id: say\nspecs:\n  - family: generic\n    description: Say something.\n',
  'contexts/base.yaml': 'description: base\ncontext:\n  cwd: /proj\n',
  'contexts/child.yaml': 'description: child\nextends: base\ncontext:\n  supportsBrowserUse: true\n',
};

function state(
  files: Record<string, string>,
  dirty: string[] = [],
  unsavedNew: Record<string, string> = {},
): Map<string, WorkspaceFileState> {
  const out = new Map<string, WorkspaceFileState>();
  for (const [path, text] of Object.entries(files)) out.set(path, { saved: text, dirty: dirty.includes(path) });
  for (const path of Object.keys(unsavedNew)) out.set(path, { saved: null, dirty: true });
  return out;
}

const bundle = new Map(Object.entries(BUNDLE));

describe('the plan', () => {
  it('into an empty workspace: every item new, added by default', () => {
    const plan = planImport(bundle, new Map());
    expect(plan.items.map((i) => [i.key, i.status, i.defaultAction])).toEqual([
      ['variant:generic', 'new', 'add'],
      ['component:ROLE', 'new', 'add'],
      ['component:TOOLBOX', 'new', 'add'],
      ['tool:say', 'new', 'add'],
      ['preset:base', 'new', 'add'],
      ['preset:child', 'new', 'add'],
    ]);
    expect(plan.items[0]!.files).toEqual([
      { path: 'variants/generic/overrides/components/ROLE.md', status: 'new', added: 1, removed: 0 },
      { path: 'variants/generic/overrides/tools/say.md', status: 'new', added: 1, removed: 0 },
      { path: 'variants/generic/template.md', status: 'new', added: 3, removed: 0 },
      { path: 'variants/generic/variant.yaml', status: 'new', added: 11, removed: 0 },
    ]);
    expect(plan.items[0]!.actions).toEqual(['add', 'keep', 'rename']);
    expect(plan.items[0]!.suggestedId).toBe('generic-imported');
  });

  it('against a workspace: identical, changed (per file, with line counts and removed files) and new', () => {
    const ws = state({
      ...BUNDLE,
      'variants/generic/template.md': '{{ROLE}}\n\nAn extra line\n\n{{ TOOLBOX }}\n',
      'variants/generic/overrides/components/TOOLBOX.md': 'only in the workspace\n',
      'tools/say.yaml': BUNDLE['tools/say.yaml']!,
      'contexts/child.yaml': undefined as never,
    });
    ws.delete('contexts/child.yaml');
    const plan = planImport(bundle, ws);
    const generic = plan.items.find((i) => i.key === 'variant:generic')!;
    expect(generic.status).toBe('changed');
    expect(generic.defaultAction).toBeUndefined();
    expect(generic.actions).toEqual(['overwrite', 'keep', 'rename']);
    expect(generic.files).toEqual([
      { path: 'variants/generic/overrides/components/ROLE.md', status: 'identical', added: 0, removed: 0 },
      { path: 'variants/generic/overrides/components/TOOLBOX.md', status: 'removed', added: 0, removed: 1 },
      { path: 'variants/generic/overrides/tools/say.md', status: 'identical', added: 0, removed: 0 },
      { path: 'variants/generic/template.md', status: 'changed', added: 0, removed: 2 },
      { path: 'variants/generic/variant.yaml', status: 'identical', added: 0, removed: 0 },
    ]);
    expect(plan.items.find((i) => i.key === 'tool:say')).toMatchObject({ status: 'identical', actions: ['keep'], defaultAction: 'keep' });
    expect(plan.items.find((i) => i.key === 'preset:child')).toMatchObject({ status: 'new', defaultAction: 'add' });
  });

  it('names the unsaved edits an import would replace', () => {
    const plan = planImport(
      bundle,
      state({ 'variants/generic/variant.yaml': GENERIC_YAML }, ['variants/generic/variant.yaml'], { 'variants/generic/notes.md': '' }),
    );
    expect(plan.items.find((i) => i.key === 'variant:generic')!.unsaved).toEqual([
      'variants/generic/notes.md',
      'variants/generic/variant.yaml',
    ]);
  });

  it('an id that differs only by case from an existing one can only be kept or renamed', () => {
    const plan = planImport(
      new Map([['tools/Say.yaml', 'id: Say\nspecs:\n  - family: generic\n']]),
      state({ 'tools/say.yaml': BUNDLE['tools/say.yaml']! }),
    );
    expect(plan.items[0]).toMatchObject({
      key: 'tool:Say',
      status: 'new',
      caseClash: 'say',
      actions: ['keep', 'rename'],
      suggestedId: 'Say-imported',
    });
    expect(plan.items[0]!.defaultAction).toBeUndefined();
  });

  it('suggests an id free in the workspace and the bundle', () => {
    const plan = planImport(
      bundle,
      state({ ...BUNDLE, 'variants/generic/template.md': 'changed', 'variants/generic-imported/variant.yaml': 'x' }),
    );
    expect(plan.items.find((i) => i.key === 'variant:generic')!.suggestedId).toBe('generic-imported-2');
  });
});

describe('choices', () => {
  const changedWs = (): Map<string, WorkspaceFileState> =>
    state({ ...BUNDLE, 'variants/generic/template.md': 'MINE {{ROLE}}\n', 'variants/generic/overrides/components/TOOLBOX.md': 'mine\n' });

  it('a changed item without a decision stops the import', () => {
    const ws = changedWs();
    expect(() => resolveImport(bundle, ws, planImport(bundle, ws), {})).toThrow(
      new ImportChoiceError(
        'variant:generic',
        'variant generic exists in the workspace with other content: choose overwrite, keep mine or a new id (nothing was written)',
      ),
    );
  });

  it('overwrite writes the bundle’s files and removes the workspace’s extra ones', () => {
    const ws = changedWs();
    const r = resolveImport(bundle, ws, planImport(bundle, ws), { 'variant:generic': { action: 'overwrite' } });
    expect([...r.writes]).toEqual([['variants/generic/template.md', BUNDLE['variants/generic/template.md']]]);
    expect(r.deletes).toEqual(['variants/generic/overrides/components/TOOLBOX.md']);
    expect(Object.fromEntries(r.expected)).toEqual({
      'variants/generic/template.md': 'MINE {{ROLE}}\n',
      'variants/generic/overrides/components/TOOLBOX.md': 'mine\n',
    });
    expect(r.discarded).toEqual([]);
  });

  it('keep mine writes nothing for the item', () => {
    const ws = changedWs();
    const r = resolveImport(bundle, ws, planImport(bundle, ws), { 'variant:generic': { action: 'keep' } });
    expect(r.writes.size).toBe(0);
    expect(r.deletes).toEqual([]);
  });

  it('a choice the item does not offer is refused', () => {
    const ws = state(BUNDLE);
    expect(() => resolveImport(bundle, ws, planImport(bundle, ws), { 'tool:say': { action: 'overwrite' } })).toThrow(
      "tool say cannot be imported with 'overwrite' (possible: keep)",
    );
  });

  it('overwriting an item with unsaved edits lists them as discarded', () => {
    const ws = changedWs();
    ws.set('variants/generic/template.md', { saved: 'MINE {{ROLE}}\n', dirty: true });
    const r = resolveImport(bundle, ws, planImport(bundle, ws), { 'variant:generic': { action: 'overwrite' } });
    expect(r.discarded).toEqual(['variants/generic/template.md']);
  });

  it('rename moves a variant to its new id; only the id scalar of variant.yaml changes', () => {
    const ws = changedWs();
    const r = resolveImport(bundle, ws, planImport(bundle, ws), { 'variant:generic': { action: 'rename', newId: 'generic-team' } });
    expect([...r.writes.keys()]).toEqual([
      'variants/generic-team/overrides/components/ROLE.md',
      'variants/generic-team/overrides/tools/say.md',
      'variants/generic-team/template.md',
      'variants/generic-team/variant.yaml',
    ]);
    expect(r.writes.get('variants/generic-team/variant.yaml')).toBe(GENERIC_YAML.replace('id: generic\n', 'id: generic-team\n'));
    expect(r.deletes).toEqual([]);
  });

  it('renaming a tool renames it in the imported variant: tools, toolOverrides and the override file', () => {
    const ws = state({ 'tools/say.yaml': 'id: say\nspecs:\n  - family: generic\n    description: Mine.\n' });
    const r = resolveImport(bundle, ws, planImport(bundle, ws), { 'tool:say': { action: 'rename', newId: 'say2' } });
    expect(r.writes.get('tools/say2.yaml')).toBe(BUNDLE['tools/say.yaml']!.replace('id: say', 'id: say2'));
    expect(r.writes.get('variants/generic/variant.yaml')).toBe(
      GENERIC_YAML.replace('tools: [say]', 'tools: [say2]').replace('  say: { order: 0 }', '  say2: { order: 0 }'),
    );
    expect(r.writes.get('variants/generic/overrides/tools/say2.md')).toBe('{{DEFAULT_TEXT}}');
    expect(r.writes.has('tools/say.yaml')).toBe(false);
    expect(r.writes.has('variants/generic/overrides/tools/say.md')).toBe(false);
  });

  it('renaming a component renames its slot in the template, its order entry, override and file', () => {
    const ws = state({ 'components/ROLE.md': 'My role.' });
    const r = resolveImport(bundle, ws, planImport(bundle, ws), { 'component:ROLE': { action: 'rename', newId: 'TEAM_ROLE' } });
    expect(r.writes.get('components/TEAM_ROLE.md')).toBe('You are a test agent.');
    expect(r.writes.get('variants/generic/template.md')).toBe('{{TEAM_ROLE}}\n\n{{ TOOLBOX }}\n');
    expect(r.writes.get('variants/generic/variant.yaml')).toBe(
      GENERIC_YAML.replace('[ROLE, TOOLBOX]', '[TEAM_ROLE, TOOLBOX]').replace(
        '  ROLE: { enabled: true }',
        '  TEAM_ROLE: { enabled: true }',
      ),
    );
    expect(r.writes.get('variants/generic/overrides/components/TEAM_ROLE.md')).toBe('You are the bundle agent.');
    expect(r.writes.has('components/ROLE.md')).toBe(false);
  });

  it('renaming a preset renames it where another imported preset extends it', () => {
    const ws = state({ 'contexts/base.yaml': 'description: mine\ncontext: {}\n' });
    const r = resolveImport(bundle, ws, planImport(bundle, ws), { 'preset:base': { action: 'rename', newId: 'team-base' } });
    expect(r.writes.get('contexts/team-base.yaml')).toBe(BUNDLE['contexts/base.yaml']);
    expect(r.writes.get('contexts/child.yaml')).toBe(BUNDLE['contexts/child.yaml']!.replace('extends: base', 'extends: team-base'));
  });

  it('renaming a harness profile renames it where an imported stack profile names it', () => {
    // The built-in seed OpenCode stack profile and the harness profile it names.
    const files = new Map<string, string>();
    for (const folder of ['profiles/opencode-seed', 'harnesses/opencode-seed'])
      for (const rel of readdirSync(path.join('variants', folder), { recursive: true, encoding: 'utf8' }).sort()) {
        const file = path.join('variants', folder, rel);
        if (statSync(file).isFile()) files.set(`${folder}/${rel.split(path.sep).join('/')}`, readFileSync(file, 'utf8'));
      }
    const harnessYaml = files.get('harnesses/opencode-seed/harness.yaml')!;
    const ws = state({ 'harnesses/opencode-seed/harness.yaml': harnessYaml.replace('version: seed', 'version: mine') });
    const plan = planImport(files, ws);
    expect(plan.items.map((i) => [i.kind, i.id, i.status])).toEqual([
      ['profile', 'opencode-seed', 'new'],
      ['harness', 'opencode-seed', 'changed'],
    ]);
    const r = resolveImport(files, ws, plan, { 'harness:opencode-seed': { action: 'rename', newId: 'oc-team' } });
    expect(r.writes.get('harnesses/oc-team/harness.yaml')).toBe(harnessYaml.replace('\nid: opencode-seed\n', '\nid: oc-team\n'));
    expect(r.writes.get('profiles/opencode-seed/profile.yaml')).toBe(
      files.get('profiles/opencode-seed/profile.yaml')!.replace('\nharness: opencode-seed\n', '\nharness: oc-team\n'),
    );
    expect([...r.writes.keys()].filter((p) => p.startsWith('harnesses/'))).toEqual(['harnesses/oc-team/harness.yaml']);
  });

  it('a new id must be valid and free', () => {
    const ws = changedWs();
    const plan = planImport(bundle, ws);
    expect(() => resolveImport(bundle, ws, plan, { 'variant:generic': { action: 'rename', newId: '../up' } })).toThrow(
      "'../up' is not a valid id for variant generic (letters, digits, _ . -)",
    );
    ws.set('variants/Team/variant.yaml', { saved: 'x', dirty: false });
    expect(() => resolveImport(bundle, ws, plan, { 'variant:generic': { action: 'rename', newId: 'team' } })).toThrow(
      "cannot import variant generic as 'team': that id is taken",
    );
    const empty = state({});
    expect(() => resolveImport(bundle, empty, planImport(bundle, empty), { 'preset:base': { action: 'rename', newId: 'child' } })).toThrow(
      "cannot import preset base as 'child': that id is taken",
    );
  });

  it('refuses choices that would leave the imported files unable to load', () => {
    const ws = state({ 'contexts/base.yaml': 'kind: stack\ndescription: a stack preset\ncontext: {}\n' });
    expect(() =>
      resolveImport(bundle, ws, planImport(bundle, ws), { 'preset:base': { action: 'keep' }, 'preset:child': { action: 'add' } }),
    ).toThrow(
      "after this import contexts/child.yaml:2 would not load: a variant preset cannot extend the stack preset 'base' (nothing was written)",
    );
  });
});
