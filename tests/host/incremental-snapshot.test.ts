import { afterEach, describe, expect, it } from 'vitest';
import { loadWorkspace, YamlParseCache } from '../../shared/engine/index.js';
import { DocumentSet } from '../../electron/host/document-set.js';
import { WorkspaceSession } from '../../electron/host/workspace-session.js';
import { cleanupTempDirs, miniWorkspace, tempDir, writeFiles } from './support/fixtures.js';

// A keystroke in a base template replaces that variant's text in the last snapshot instead of
// loading the whole workspace again (issue 23, item 3): what it skips must leave the snapshot
// exactly as a full load makes it.

afterEach(() => cleanupTempDirs());

function open(extra: Record<string, string> = {}): WorkspaceSession {
  return WorkspaceSession.open(writeFiles(tempDir(), { ...miniWorkspace(), ...extra }), false);
}

/** What loadWorkspace makes of the session's edited texts from scratch. */
const fullLoad = (session: WorkspaceSession) =>
  loadWorkspace(session.docs.editedSource(), { parseCache: new YamlParseCache(), skipProfiles: true });

describe('the snapshot after an edit', () => {
  it('after template edits is the last one with those templates replaced, equal to a full load', () => {
    const session = open();
    const first = session.snapshot();
    session.docs.setText('variants/generic/template.md', '{{ROLE}}\n\nedited {{GREETING}}\n');
    session.docs.setText('variants/special/template.md', 'SPECIAL edited {{ROLE}}\n');
    session.docs.setText('variants/generic/template.md', '{{ROLE}}\n\nedited twice {{GREETING}}\n');
    const second = session.snapshot();
    // The work skipped: every part but the variants is the same object.
    expect(second).not.toBe(first);
    expect(second.components).toBe(first.components);
    expect(second.tools).toBe(first.tools);
    expect(second.problems).toBe(first.problems);
    expect(second.variants.find((v) => v.id === 'generic')!.baseTemplate).toBe('{{ROLE}}\n\nedited twice {{GREETING}}\n');
    expect(second).toEqual(fullLoad(session));
  });

  it('after an edit of anything else is a full load (a variant.yaml, a component, a new file)', () => {
    const session = open();
    const first = session.snapshot();
    session.docs.setText('variants/generic/template.md', 'edited {{ROLE}}\n');
    const yaml = session.docs.get('variants/generic/variant.yaml')!.text;
    session.docs.setText('variants/generic/variant.yaml', yaml.replace('version: 1', 'version: 3'));
    const afterYaml = session.snapshot();
    // A full load: its positions are a new map (the quick path keeps the last snapshot's; unchanged parts may be the same objects).
    expect(afterYaml.positions).not.toBe(first.positions);
    expect(afterYaml.variants.find((v) => v.id === 'generic')!.version).toBe(3);
    expect(afterYaml).toEqual(fullLoad(session));

    session.docs.setText('components/ROLE.md', 'You are an edited agent.');
    const afterComponent = session.snapshot();
    expect(afterComponent.components).not.toBe(afterYaml.components);
    expect(afterComponent).toEqual(fullLoad(session));

    session.docs.create('variants/special/overrides/components/ROLE.md', 'special role');
    const afterCreate = session.snapshot();
    expect(afterCreate.variants.find((v) => v.id === 'special')!.componentOverrides.ROLE?.template).toBe('special role');
    expect(afterCreate).toEqual(fullLoad(session));
  });

  it('a template that is also read as an override file is loaded in full', () => {
    const session = open({
      'variants/special/variant.yaml':
        'id: special\nfamily: special\nversion: 2\ndescription: d\ntemplate: overrides/components/ROLE.md\ncomponentOrder: [ROLE]\n',
      'variants/special/overrides/components/ROLE.md': 'both {{ROLE}}\n',
    });
    const first = session.snapshot();
    expect(first.problems).toEqual([]);
    session.docs.setText('variants/special/overrides/components/ROLE.md', 'both, edited\n');
    const second = session.snapshot();
    expect(second.positions).not.toBe(first.positions);
    const special = second.variants.find((v) => v.id === 'special')!;
    expect(special.baseTemplate).toBe('both, edited\n');
    expect(special.componentOverrides.ROLE?.template).toBe('both, edited\n');
    expect(second).toEqual(fullLoad(session));
  });

  it('keeps the view parts that did not change, so refreshing the view serialises nothing new', () => {
    const session = open();
    const before = session.view();
    session.docs.setText('variants/generic/template.md', 'edited {{ROLE}}\n');
    const after = session.view();
    for (const part of ['variants', 'components', 'tools', 'presets', 'profiles', 'problems'] as const)
      expect(after[part]).toBe(before[part]);
    expect(after.documents).not.toBe(before.documents);
    const again = session.view();
    expect(again.documents).toBe(after.documents);
  });
});

describe('what changed since a version', () => {
  it('names each path whose text changed, once, and nothing when the set of files changed or it is too long ago', () => {
    const docs = new DocumentSet([
      ['a.md', 'a'],
      ['b.md', 'b'],
    ]);
    const v0 = docs.version;
    docs.setText('a.md', 'a1');
    docs.setText('b.md', 'b1');
    docs.setText('a.md', 'a2');
    docs.setText('a.md', 'a2');
    expect(docs.changedSince(v0)).toEqual(['a.md', 'b.md']);
    expect(docs.changedSince(docs.version)).toEqual([]);
    const v3 = docs.version;
    docs.create('c.md', 'c');
    expect(docs.changedSince(v3)).toBeUndefined();
    const v4 = docs.version;
    docs.revert('a.md');
    expect(docs.changedSince(v4)).toEqual(['a.md']);
    const v5 = docs.version;
    for (let i = 0; i < 300; i++) docs.setText('b.md', `b${i + 2}`);
    expect(docs.changedSince(v5)).toBeUndefined();
    expect(docs.changedSince(docs.version - 10)).toEqual(['b.md']);
  });
});
