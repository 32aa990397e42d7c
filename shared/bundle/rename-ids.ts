import { isMap, isScalar, isSeq, type Node as YamlNode } from 'yaml';
import { parseYamlDocument, readYaml, yamlField } from '../yaml/bounded-yaml.js';
import type { BundleItemKind } from './bundle-layout.js';

/**
 * Importing an item under a new id: its files move to the new id's place, its own `id`
 * changes, and every reference to it among the imported files follows — a variant's
 * component order, overrides and template slots for a component, its tool list and tool
 * overrides for a tool, `extends` of presets, a stack profile's `harness`, workspace.yaml's selection order and fallback.
 * YAML files are edited in place (only the renamed scalars change; comments and layout stay).
 */

export type Renames = Partial<Record<BundleItemKind, ReadonlyMap<string, string>>>;

interface Edit {
  start: number;
  end: number;
  text: string;
}

/** A scalar's YAML source for a string (plain when it reads back as the same string). */
function yamlString(value: string): string {
  const read = readYaml(value);
  if (read.ok && read.value === value && !/[:#{}[\],&*!|>'"%@`]/.test(value)) return value;
  return JSON.stringify(value);
}

function applyEdits(text: string, edits: Edit[]): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

function scalarEdit(node: unknown, map: ReadonlyMap<string, string> | undefined, edits: Edit[]): void {
  if (!map || !isScalar(node) || typeof node.value !== 'string' || !node.range) return;
  const to = map.get(node.value);
  if (to !== undefined) edits.push({ start: node.range[0], end: node.range[1], text: yamlString(to) });
}

/** Renames a top-level scalar field, the items of a top-level list, and the keys of a top-level map. */
function editYaml(
  text: string,
  fields: {
    scalar?: [string, ReadonlyMap<string, string> | undefined][];
    list?: [string, ReadonlyMap<string, string> | undefined][];
    keys?: [string, ReadonlyMap<string, string> | undefined][];
  },
): string {
  const read = parseYamlDocument(text);
  if (!read.ok) return text;
  const doc = read.doc;
  if (doc.errors.length > 0 || !isMap(doc.contents)) return text;
  const root = doc.contents;
  const edits: Edit[] = [];
  const get = (key: string): YamlNode | undefined => {
    const pair = root.items.find((p) => isScalar(p.key) && p.key.value === key);
    return (pair?.value ?? undefined) as YamlNode | undefined;
  };
  for (const [key, map] of fields.scalar ?? []) scalarEdit(get(key), map, edits);
  for (const [key, map] of fields.list ?? []) {
    const node = get(key);
    if (isSeq(node)) for (const item of node.items) scalarEdit(item, map, edits);
  }
  for (const [key, map] of fields.keys ?? []) {
    const node = get(key);
    if (isMap(node)) for (const pair of node.items) scalarEdit(pair.key, map, edits);
  }
  return edits.length ? applyEdits(text, edits) : text;
}

/** The new path of a file after the renames. */
export function renamedPath(path: string, renames: Renames): string {
  const parts = path.split('/');
  const swap = (kind: BundleItemKind, id: string): string => renames[kind]?.get(id) ?? id;
  const folderKinds: Record<string, BundleItemKind> = { variants: 'variant', profiles: 'profile', harnesses: 'harness' };
  const folderKind = folderKinds[parts[0]!];
  if (folderKind !== undefined && parts.length >= 3) {
    parts[1] = swap(folderKind, parts[1]!);
    if (parts[0] === 'variants' && parts.length === 5 && parts[2] === 'overrides') {
      const kind = parts[3] === 'components' ? 'component' : parts[3] === 'tools' ? 'tool' : undefined;
      const file = parts[4]!;
      if (kind && file.endsWith('.md')) parts[4] = `${swap(kind, file.slice(0, -3))}.md`;
    }
    return parts.join('/');
  }
  if (parts.length === 2) {
    const [top, file] = parts as [string, string];
    if (top === 'tools' && file.endsWith('.yaml')) return `tools/${swap('tool', file.slice(0, -5))}.yaml`;
    if (top === 'components' && file.endsWith('.md')) return `components/${swap('component', file.slice(0, -3))}.md`;
    if (top === 'contexts' && file.endsWith('.yaml')) return `contexts/${swap('preset', file.slice(0, -5))}.yaml`;
  }
  return path;
}

function templateFileName(variantYaml: string | undefined): string {
  const template = variantYaml === undefined ? undefined : yamlField(variantYaml, 'template');
  return typeof template === 'string' && template ? template : 'template.md';
}

/** Replaces template slots `{{ OLD }}` by `{{ NEW }}` (the spacing inside the braces is kept). */
function renameSlots(text: string, map: ReadonlyMap<string, string>): string {
  return text.replace(/\{\{(\s*)([^}]*?)(\s*)\}\}/g, (whole, before: string, key: string, after: string) => {
    const to = map.get(key);
    return to === undefined ? whole : `{{${before}${to}${after}}}`;
  });
}

/** The files with the renames applied to their paths and contents. */
export function applyRenames(files: ReadonlyMap<string, string>, renames: Renames): Map<string, string> {
  const variants = renames.variant;
  const components = renames.component;
  const tools = renames.tool;
  const presets = renames.preset;
  const profiles = renames.profile;
  const harnesses = renames.harness;
  const out = new Map<string, string>();
  for (const [path, original] of files) {
    let text = original;
    const parts = path.split('/');
    if (parts[0] === 'variants' && parts.length === 3 && parts[2] === 'variant.yaml') {
      text = editYaml(text, {
        scalar: [['id', variants]],
        list: [
          ['componentOrder', components],
          ['tools', tools],
        ],
        keys: [
          ['componentOverrides', components],
          ['toolOverrides', tools],
        ],
      });
    } else if (parts[0] === 'variants' && parts.length >= 3 && components?.size) {
      const rest = parts.slice(2).join('/');
      if (rest === templateFileName(files.get(`variants/${parts[1]}/variant.yaml`))) text = renameSlots(text, components);
    } else if (parts[0] === 'tools' && parts.length === 2) {
      text = editYaml(text, { scalar: [['id', tools]] });
    } else if (parts[0] === 'contexts' && parts.length === 2) {
      text = editYaml(text, { scalar: [['extends', presets]] });
    } else if (parts[0] === 'profiles' && parts.length === 3 && parts[2] === 'profile.yaml') {
      text = editYaml(text, {
        scalar: [
          ['id', profiles],
          ['harness', harnesses],
        ],
      });
    } else if (parts[0] === 'harnesses' && parts.length === 3 && parts[2] === 'harness.yaml') {
      text = editYaml(text, { scalar: [['id', harnesses]] });
    } else if (path === 'workspace.yaml') {
      text = editYaml(text, { scalar: [['fallback', variants]], list: [['selectionOrder', variants]] });
    }
    out.set(renamedPath(path, renames), text);
  }
  return out;
}
