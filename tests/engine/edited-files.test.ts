import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryFileSource } from '../../shared/domain/file-source.js';
import { formatProblem } from '../../shared/domain/problems.js';
import { withEditedFiles } from '../../shared/engine/workspace/edited-files.js';
import { loadWorkspace } from '../../shared/engine/workspace/load-workspace.js';
import type { WorkspaceSnapshot } from '../../shared/engine/workspace/workspace-snapshot.js';
import { YamlParseCache } from '../../shared/engine/workspace/yaml-file.js';

function builtinFiles(): Record<string, string> {
  const root = path.resolve('variants');
  const files: Record<string, string> = {};
  for (const rel of fs.readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(root, rel);
    if (fs.statSync(file).isFile()) files[rel.split(path.sep).join('/')] = fs.readFileSync(file, 'utf8');
  }
  return files;
}

/** Deterministic pseudo-random numbers (mulberry32). */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const presetNames = (files: Record<string, string>): string[] =>
  Object.keys(files)
    .filter((rel) => rel.startsWith('contexts/') && rel.endsWith('.yaml'))
    .map((rel) => rel.slice('contexts/'.length, -'.yaml'.length));

/** One edit of a preset file, picked at random among the kinds a user makes (and the broken ones). */
function presetEdit(files: Record<string, string>, original: Readonly<Record<string, string>>, pick: () => number, step: number): string {
  const names = presetNames(files);
  const name = names[Math.floor(pick() * names.length)]!;
  const rel = `contexts/${name}.yaml`;
  const text = files[rel]!;
  const other = names[Math.floor(pick() * names.length)]!;
  const kind = Math.floor(pick() * 8);
  if (kind === 0 && files['contexts/basic.yaml']?.includes('  ide: ')) {
    // The root most presets extend: what they inherit changes.
    files['contexts/basic.yaml'] = files['contexts/basic.yaml'].replace(/ {2}ide: .*/, `  ide: Editor ${step}`);
    return 'contexts/basic.yaml';
  }
  if (kind === 0) files[rel] = /cwd: .*/.test(text) ? text.replace(/cwd: .*/, `cwd: /edited/${step}`) : `${text}\n# edit ${step}\n`;
  else if (kind === 1) files[rel] = text.replace(/^extends: .*\n/m, '').replace(/^context:/m, `extends: ${other}\ncontext:`);
  else if (kind === 2) files[rel] = `${text}\n  [broken ${step}\n`;
  else if (kind === 3)
    files[rel] = /^ {2}supportsBrowserUse: .*$/m.test(text)
      ? text.replace(/^ {2}supportsBrowserUse: .*$/m, '  supportsBrowserUse: "not a boolean"')
      : text.replace(/^context:.*$/m, 'context:\n  supportsBrowserUse: "not a boolean"');
  else if (kind === 4) {
    const added = `contexts/added-${step}.yaml`;
    files[added] =
      `${pick() < 0.3 ? 'kind: stack\n' : ''}description: added at step ${step}\nextends: ${other}\ncontext:\n  cwd: /added/${step}\n`;
    return added;
  } else if (kind === 5 && names.length > 3) delete files[rel];
  else if (kind === 6) files[rel] = text.replace(/^extends: .*\n/m, '').replace(/^context:/m, 'extends: nowhere\ncontext:');
  else if (original[rel] !== undefined) files[rel] = original[rel];
  else delete files[rel];
  return rel;
}

function templateEdit(files: Record<string, string>, pick: () => number, step: number): string {
  const templates = Object.keys(files).filter((rel) => /^variants\/[^/]+\/template\.md$/.test(rel));
  const rel = templates[Math.floor(pick() * templates.length)]!;
  files[rel] += `\nTyped at step ${step}.\n`;
  return rel;
}

/** What kind of problem a preset's message reports. */
const kindOf = (message: string): string =>
  /^YAML/.test(message)
    ? 'syntax'
    : /makes a cycle/.test(message)
      ? 'cycle'
      : /but there is no|which does not load/.test(message)
        ? 'missing base'
        : /cannot extend/.test(message)
          ? 'kind'
          : 'schema';

const shown = (ws: WorkspaceSnapshot) => ({ ...ws, problems: ws.problems.map(formatProblem) });

describe('a snapshot after edits of templates and presets only (withEditedFiles)', () => {
  it('equals a full load of the workspace after every step of 60 seeded edits, broken presets, cycles, added and deleted files included', () => {
    const files = builtinFiles();
    const original = { ...files };
    const pick = seeded(23);
    const cache = new YamlParseCache();
    let last = loadWorkspace(memoryFileSource(files), { parseCache: cache });
    let quick = 0;
    const seen = new Set<string>();
    for (let step = 0; step < 60; step++) {
      const changed = new Set<string>();
      const edits = 1 + Math.floor(pick() * 3);
      for (let i = 0; i < edits; i++) changed.add(pick() < 0.7 ? presetEdit(files, original, pick, step) : templateEdit(files, pick, step));
      const source = memoryFileSource(files);
      const next = withEditedFiles(last, [...changed], source, cache);
      expect(next, `step ${step}: ${[...changed].join(', ')}`).toBeDefined();
      expect(shown(next!), `step ${step}`).toEqual(shown(loadWorkspace(source)));
      quick++;
      for (const p of next!.problems) seen.add(kindOf(p.message));
      last = next!;
    }
    expect(quick).toBe(60);
    // The steps broke presets in every way the loader reports.
    expect([...seen].sort()).toEqual(['cycle', 'kind', 'missing base', 'schema', 'syntax']);
  });

  it('keeps every part but the presets (and an edited variant) as the same objects, and the presets nothing of which changed too', () => {
    const files = builtinFiles();
    const cache = new YamlParseCache();
    const first = loadWorkspace(memoryFileSource(files), { parseCache: cache });
    files['contexts/yolo.yaml'] = files['contexts/yolo.yaml']!.replace(/^context:/m, 'context:\n  cwd: /yolo/elsewhere');
    const next = withEditedFiles(first, ['contexts/yolo.yaml'], memoryFileSource(files), cache)!;
    expect(next.variants).toBe(first.variants);
    expect(next.tools).toBe(first.tools);
    expect(next.components).toBe(first.components);
    expect(next.harnesses).toBe(first.harnesses);
    const byName = (ws: WorkspaceSnapshot, name: string) => ws.presets.find((p) => p.name === name)!;
    expect(byName(next, 'yolo').context.cwd).toBe('/yolo/elsewhere');
    expect(byName(first, 'yolo').context.cwd).not.toBe('/yolo/elsewhere');
    for (const preset of next.presets) {
      if (preset.name === 'yolo') expect(preset.context).not.toBe(byName(first, 'yolo').context);
      else expect(preset.context).toBe(byName(first, preset.name).context);
    }
    next.stackPresets.forEach((p, i) => expect(p.context).toBe(first.stackPresets[i]!.context));
  });

  it('validates again the presets extending an edited one', () => {
    const files = builtinFiles();
    const cache = new YamlParseCache();
    const first = loadWorkspace(memoryFileSource(files), { parseCache: cache });
    files['contexts/basic.yaml'] = files['contexts/basic.yaml']!.replace('ide: VS Code', 'ide: Zed');
    const next = withEditedFiles(first, ['contexts/basic.yaml'], memoryFileSource(files), cache)!;
    const extending = next.presets.filter((p) => /^extends: basic$/m.test(files[`contexts/${p.name}.yaml`]!));
    expect(extending.map((p) => p.name)).toEqual(['multi-root', 'no-browser', 'no-focus-chain', 'no-mcp', 'plan-mode', 'yolo']);
    for (const preset of extending) expect(preset.context.ide, preset.name).toBe('Zed');
  });

  it('asks for a full load when anything else changed: a variant file, a tool, the workspace file, an override', () => {
    const files = builtinFiles();
    const cache = new YamlParseCache();
    const first = loadWorkspace(memoryFileSource(files), { parseCache: cache });
    const source = memoryFileSource(files);
    for (const rel of ['variants/generic/variant.yaml', 'tools/read_file.yaml', 'workspace.yaml', 'variants/glm/overrides/components/X.md'])
      expect(withEditedFiles(first, ['contexts/basic.yaml', rel], source, cache), rel).toBeUndefined();
    expect(withEditedFiles(first, [], source, cache)).toBe(first);
  });
});
