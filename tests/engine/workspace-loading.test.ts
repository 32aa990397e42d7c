import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryFileSource } from '../../shared/domain/file-source.js';
import { formatProblem } from '../../shared/domain/problems.js';
import { loadWorkspace } from '../../shared/engine/workspace/load-workspace.js';
import { YamlParseCache } from '../../shared/engine/workspace/yaml-file.js';
import { miniWorkspace } from '../fixtures/temp-workspace.js';

const load = (extra: Record<string, string | null>) => {
  const files: Record<string, string> = { ...miniWorkspace() };
  for (const [k, v] of Object.entries(extra)) {
    if (v === null) delete files[k];
    else files[k] = v;
  }
  return loadWorkspace(memoryFileSource(files));
};

describe('loading a workspace', () => {
  it('loads the mini workspace cleanly, variants in selection order', () => {
    const ws = load({});
    expect(ws.problems).toEqual([]);
    expect(ws.variants.map((v) => v.id)).toEqual(['special', 'generic']);
    expect(ws.presets.map((p) => p.name)).toEqual(['base', 'browser']);
    expect(ws.presets[1]!.context).toMatchObject({ cwd: '/proj', supportsBrowserUse: true, date: '2026-02-03' });
    expect(ws.workspaceComponents).toEqual(['AGENT_ROLE_SECTION', 'SYSTEM_INFO_SECTION', 'TOOLBOX']);
    expect([...ws.tools.keys()]).toEqual(['say']);
  });

  it('a YAML syntax error names the file, line and column; the other variants still load', () => {
    const ws = load({ 'variants/special/variant.yaml': 'id: special\nfamily: [unclosed\n' });
    expect(ws.variants.map((v) => v.id)).toEqual(['generic']);
    expect(ws.problems.map(formatProblem)).toEqual([
      'variants/special/variant.yaml:3:1: error: YAML syntax: Flow sequence in block collection must be sufficiently indented and end with a ]',
      "workspace.yaml:2:18: warning: selectionOrder names 'special', but no variant with that id loaded (at selectionOrder.0)",
    ]);
  });

  it('schema errors point at the offending value', () => {
    const ws = load({
      'variants/special/variant.yaml': miniWorkspace()['variants/special/variant.yaml']!.replace('version: 2', 'version: two'),
    });
    expect(ws.problems.map(formatProblem)[0]).toBe(
      'variants/special/variant.yaml:3:10: error: Invalid input: expected number, received string (at version)',
    );
  });

  it('unknown keys are errors (typos do not pass silently)', () => {
    const ws = load({ 'variants/special/variant.yaml': miniWorkspace()['variants/special/variant.yaml']! + 'componentOrdr: []\n' });
    expect(ws.problems.map(formatProblem)[0]).toBe('variants/special/variant.yaml:1:1: error: Unrecognized key: "componentOrdr"');
  });

  it('a missing base template names the file', () => {
    const ws = load({ 'variants/special/template.md': null });
    expect(ws.problems.map(formatProblem)[0]).toBe(
      "variants/special/template.md: error: missing: the base template of variant 'special' (named by variants/special/variant.yaml)",
    );
  });

  it('a template path that leaves the variant folder is refused', () => {
    for (const bad of ['../generic/template.md', '/etc/passwd', 'a/../../x.md', 'C:/x.md']) {
      const ws = load({
        'variants/special/variant.yaml': miniWorkspace()['variants/special/variant.yaml']! + `template: ${JSON.stringify(bad)}\n`,
      });
      expect(ws.variants.map((v) => v.id)).toEqual(['generic']);
      expect(ws.problems[0]!.message).toBe(`template '${bad}' must be a relative path inside the variant folder`);
    }
  });

  it('an id that does not match its folder is an error', () => {
    const ws = load({
      'variants/special/variant.yaml': miniWorkspace()['variants/special/variant.yaml']!.replace('id: special', 'id: other'),
    });
    expect(ws.problems.map(formatProblem)[0]).toBe(
      "variants/special/variant.yaml:1:5: error: id 'other' does not match its folder name 'special' (at id)",
    );
  });

  it('a folder without variant.yaml is reported', () => {
    const ws = load({ 'variants/empty/template.md': 'x' });
    expect(ws.problems.map(formatProblem)).toEqual([
      'variants/empty/variant.yaml: error: missing: every variant folder needs a variant.yaml',
    ]);
  });

  it('override files become override templates', () => {
    const ws = load({
      'variants/generic/overrides/components/TOOLBOX.md': 'custom tools',
      'variants/generic/overrides/tools/say.md': 'SAY {{DEFAULT_TEXT}}',
    });
    const generic = ws.variants.find((v) => v.id === 'generic')!;
    expect(generic.componentOverrides.TOOLBOX).toEqual({
      template: 'custom tools',
      templateFile: 'variants/generic/overrides/components/TOOLBOX.md',
    });
    expect(generic.toolOverrides.say!.templateFile).toBe('variants/generic/overrides/tools/say.md');
  });

  it('presets: extends merges objects deeply; missing bases and cycles are errors; bad context values are positioned', () => {
    const ws = load({
      'contexts/deep.yaml': 'extends: base\ncontext:\n  providerInfo: { model: { id: other } }\n',
      'contexts/orphan.yaml': 'extends: nowhere\ncontext: {}\n',
      'contexts/c1.yaml': 'extends: c2\n',
      'contexts/c2.yaml': 'extends: c1\n',
      'contexts/badvalue.yaml': 'context:\n  supportsBrowserUse: "yes"\n',
    });
    expect(ws.presets.find((p) => p.name === 'deep')!.context.providerInfo).toEqual({
      providerId: 'anthropic',
      model: { id: 'other' },
      mode: 'act',
    });
    expect(ws.problems.map(formatProblem)).toEqual([
      'contexts/badvalue.yaml:2:23: error: Invalid input: expected boolean, received string (at context.supportsBrowserUse)',
      "contexts/c2.yaml:1:10: error: 'extends' makes a cycle: c1 -> c2 -> c1 (at extends)",
      "contexts/orphan.yaml:1:10: error: extends 'nowhere', but there is no contexts/nowhere.yaml (at extends)",
    ]);
  });

  it('a preset extending one whose file does not load says so, not that the file is missing', () => {
    const ws = load({
      'contexts/broken.yaml': 'context: [unclosed\n',
      'contexts/child.yaml': 'extends: broken\ncontext: {}\n',
    });
    expect(ws.problems.map(formatProblem).filter((p) => p.startsWith('contexts/child.yaml'))).toEqual([
      "contexts/child.yaml:1:10: error: extends 'broken', which does not load (see the problems of contexts/broken.yaml) (at extends)",
    ]);
    expect(ws.problems.some((p) => p.file === 'contexts/broken.yaml' && /^YAML/.test(p.message))).toBe(true);
  });

  it('with a parse cache, unchanged presets come back as the same objects, problems included; a changed preset is resolved again', () => {
    const files: Record<string, string> = { ...miniWorkspace(), 'contexts/orphan.yaml': 'extends: nowhere\ncontext: {}\n' };
    const cache = new YamlParseCache();
    const first = loadWorkspace(memoryFileSource(files), { parseCache: cache });
    files['variants/generic/template.md'] = 'edited template';
    const second = loadWorkspace(memoryFileSource(files), { parseCache: cache });
    expect(second.presets).toBe(first.presets);
    expect(second.problems.map(formatProblem)).toEqual(first.problems.map(formatProblem));
    expect(second.problems.map(formatProblem)).toContain(
      "contexts/orphan.yaml:1:10: error: extends 'nowhere', but there is no contexts/nowhere.yaml (at extends)",
    );
    files['contexts/base.yaml'] = files['contexts/base.yaml']!.replace('/proj', '/elsewhere');
    const third = loadWorkspace(memoryFileSource(files), { parseCache: cache });
    expect(third.presets).not.toBe(first.presets);
    expect(third.presets.map((p) => [p.name, p.context.cwd])).toEqual([
      ['base', '/elsewhere'],
      ['browser', '/elsewhere'],
    ]);
    // Another cache resolves on its own.
    expect(loadWorkspace(memoryFileSource(files), { parseCache: new YamlParseCache() }).presets).not.toBe(third.presets);
  });

  it('with a parse cache, variant folders and harness profiles nothing of which changed are the same objects; what changed loads anew; every load equals one without caches', () => {
    const root = path.resolve('variants');
    const files: Record<string, string> = {};
    for (const rel of fs.readdirSync(root, { recursive: true, encoding: 'utf8' })) {
      const file = path.join(root, rel);
      if (fs.statSync(file).isFile()) files[rel.split(path.sep).join('/')] = fs.readFileSync(file, 'utf8');
    }
    const cache = new YamlParseCache();
    const cached = () => loadWorkspace(memoryFileSource(files), { parseCache: cache });
    const fresh = () => loadWorkspace(memoryFileSource(files));
    const byId = <T extends { id: string }>(items: readonly T[], id: string): T => items.find((v) => v.id === id)!;
    const first = cached();
    expect(first.variants.length).toBeGreaterThan(4);
    expect(first.harnesses.length).toBeGreaterThan(4);
    // A preset edited: every variant and harness profile is the object it was.
    files['contexts/basic.yaml'] = files['contexts/basic.yaml']!.replace(/cwd: .*/, 'cwd: /somewhere/else');
    const second = cached();
    expect(second.presets.find((p) => p.name === 'basic')!.context.cwd).toBe('/somewhere/else');
    second.variants.forEach((v, i) => expect(v).toBe(first.variants[i]));
    second.harnesses.forEach((h, i) => expect(h).toBe(first.harnesses[i]));
    expect([second.tools, second.toolFiles, second.components]).toEqual([first.tools, first.toolFiles, first.components]);
    expect(second.tools).toBe(first.tools);
    expect(second.components).toBe(first.components);
    expect(second).toEqual(fresh());
    // A variant's own file, another's template, an override added to a third, a harness profile's file: those load anew.
    files['variants/generic/variant.yaml'] = files['variants/generic/variant.yaml']!.replace('version: 1', 'version: 7');
    files['variants/xs/template.md'] += '\nOne more line.\n';
    files['variants/glm/overrides/components/TOOL_USE_SECTION.md'] = 'Overridden here.';
    files['harnesses/codex/harness.yaml'] = files['harnesses/codex/harness.yaml']!.replace(/name: .*/, 'name: Edited Codex');
    const third = cached();
    const changed = ['generic', 'xs', 'glm'];
    for (const v of third.variants) {
      if (changed.includes(v.id)) expect(v).not.toBe(byId(second.variants, v.id));
      else expect(v).toBe(byId(second.variants, v.id));
    }
    expect(byId(third.variants, 'generic').version).toBe(7);
    expect(byId(third.variants, 'glm').componentOverrides.TOOL_USE_SECTION?.template).toBe('Overridden here.');
    expect(byId(third.harnesses, 'codex').name).toBe('Edited Codex');
    expect(third.tools).toBe(second.tools);
    expect(third).toEqual(fresh());
    // A tool's file and a workspace component: a new catalog and a new registry, as a load without caches.
    const tool = Object.keys(files).find((rel) => rel.startsWith('tools/') && rel.endsWith('.yaml'))!;
    files[tool] = `${files[tool]!}\n# edited\n`;
    files['components/EDITED.md'] = 'An added component.';
    const edited = cached();
    expect(edited.tools).not.toBe(third.tools);
    expect(edited.components).not.toBe(third.components);
    expect(edited.components.get('EDITED')).toMatchObject({ kind: 'workspace', template: 'An added component.' });
    expect(edited).toEqual(fresh());
    expect(edited.variants.find((v) => v.id === 'xs')).toBe(byId(third.variants, 'xs'));
    // The override removed again, a variant folder removed: as a load without caches.
    delete files['variants/glm/overrides/components/TOOL_USE_SECTION.md'];
    for (const rel of Object.keys(files)) if (rel.startsWith('variants/hermes/')) delete files[rel];
    const fourth = cached();
    expect(byId(fourth.variants, 'glm').componentOverrides.TOOL_USE_SECTION).toBeUndefined();
    expect(fourth.variants.map((v) => v.id)).not.toContain('hermes');
    expect(fourth).toEqual(fresh());
  });

  it('a tool whose id does not match its file is left out with an error', () => {
    const ws = load({ 'tools/other.yaml': 'id: nope\nspecs:\n  - family: generic\n    description: d\n' });
    expect(ws.problems.map(formatProblem)).toEqual([
      "tools/other.yaml:1:5: error: id 'nope' does not match the file name 'other.yaml' (at id)",
    ]);
    expect([...ws.tools.keys()]).toEqual(['say']);
  });

  it('a workspace component replaces the built-in of the same id', () => {
    const ws = load({});
    expect(ws.components.get('SYSTEM_INFO_SECTION')).toMatchObject({ kind: 'workspace', file: 'components/SYSTEM_INFO_SECTION.md' });
  });
});
