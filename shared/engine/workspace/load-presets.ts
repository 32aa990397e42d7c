import { SystemPromptContextSchema } from '../../domain/context.js';
import type { WorkspaceFileSource } from '../../domain/file-source.js';
import { ContextPresetFileSchema, mergePresetContext, type ContextPreset, type ContextPresetFile } from '../../domain/preset.js';
import type { FileProblem } from '../../domain/problems.js';
import { StackContextSchema } from '../../stack/context.js';
import { listedFiles } from './listed-files.js';
import type { StackPreset, WorkspaceSnapshot } from './workspace-snapshot.js';
import { parseYamlFile, positionOf, type ParsedYaml, type PositionIndex, type YamlParseCache } from './yaml-file.js';

/** The folder of the context presets: `contexts/<name>.yaml`. */
export const PRESET_FOLDER = 'contexts';

/** The presets of a workspace, merged along their `extends` and validated, with their files' problems and positions. */
export interface LoadedPresets {
  presets: ContextPreset[];
  stackPresets: StackPreset[];
  problems: FileProblem[];
  /** Positions of each preset file's YAML nodes, in the order the files were read. */
  positions: ReadonlyMap<string, PositionIndex>;
}

/**
 * The presets last resolved from each parse cache, with the parses they came from: while no
 * preset file changes (the parse cache hands back the same parse objects), a reload reuses
 * the merged, validated contexts — the same objects, so the builder's caches keyed on the
 * context keep hitting while the user types in a template.
 */
const presetMemo = new WeakMap<YamlParseCache, { inputs: ParsedYaml<ContextPresetFile>[]; names: string[]; loaded: LoadedPresets }>();

/**
 * Each preset's last validation with a parse cache, by the parses of its `extends` chain
 * (itself first): after one preset file is edited, the others are not validated again and keep
 * their context objects; only the edited one and those extending it are.
 */
type Checked = ReturnType<typeof SystemPromptContextSchema.safeParse> | ReturnType<typeof StackContextSchema.safeParse>;
const checkMemo = new WeakMap<YamlParseCache, Map<string, { chain: readonly ParsedYaml<ContextPresetFile>[]; checked: Checked }>>();

/** Loads `contexts/*.yaml` (through `cache` when given: unchanged files are neither parsed nor validated again). */
export function loadPresets(source: WorkspaceFileSource, cache: YamlParseCache | undefined): LoadedPresets {
  const inputs: ParsedYaml<ContextPresetFile>[] = [];
  const names: string[] = [];
  const positions = new Map<string, PositionIndex>();
  for (const f of listedFiles(source, PRESET_FOLDER, '.yaml')) {
    const file = `${PRESET_FOLDER}/${f.name}`;
    const text = source.read(file);
    if (text === undefined) continue;
    const parsed = cache ? cache.parse(file, text, ContextPresetFileSchema) : parseYamlFile(file, text, ContextPresetFileSchema);
    positions.set(file, parsed.positions);
    inputs.push(parsed);
    names.push(f.id);
  }
  const memo = cache ? presetMemo.get(cache) : undefined;
  const same =
    memo !== undefined &&
    memo.inputs.length === inputs.length &&
    memo.inputs.every((p, i) => p === inputs[i] && memo.names[i] === names[i]);
  if (same) return memo.loaded;
  let checks = cache ? checkMemo.get(cache) : undefined;
  if (cache && !checks) checkMemo.set(cache, (checks = new Map()));
  const loaded = { ...resolvePresets(inputs, names, positions, checks), positions };
  if (cache) presetMemo.set(cache, { inputs, names, loaded });
  return loaded;
}

/**
 * The snapshot with its presets loaded again and everything else the same objects: what a
 * full load gives after edits of preset files only (loadWorkspace reads `contexts/` for the
 * presets and nothing else, and adds their problems and positions last).
 */
export function withReloadedPresets(
  snapshot: WorkspaceSnapshot,
  source: WorkspaceFileSource,
  cache: YamlParseCache | undefined,
): WorkspaceSnapshot {
  const loaded = loadPresets(source, cache);
  const ownFile = (file: string): boolean => file.startsWith(`${PRESET_FOLDER}/`);
  const positions = new Map([...snapshot.positions].filter(([file]) => !ownFile(file)));
  for (const [file, index] of loaded.positions) positions.set(file, index);
  return {
    ...snapshot,
    presets: loaded.presets,
    stackPresets: loaded.stackPresets,
    positions,
    problems: [...snapshot.problems.filter((p) => !ownFile(p.file)), ...loaded.problems],
  };
}

/** Merges `extends` chains and validates each preset's context. */
function resolvePresets(
  inputs: readonly ParsedYaml<ContextPresetFile>[],
  names: readonly string[],
  positions: ReadonlyMap<string, PositionIndex>,
  checks: Map<string, { chain: readonly ParsedYaml<ContextPresetFile>[]; checked: Checked }> | undefined,
): Omit<LoadedPresets, 'positions'> {
  const problems: FileProblem[] = [];
  const raw = new Map<string, { file: string; value: ContextPresetFile; parsed: ParsedYaml<ContextPresetFile> }>();
  inputs.forEach((parsed, i) => {
    problems.push(...parsed.problems);
    const name = names[i]!;
    if (parsed.value) raw.set(name, { file: `${PRESET_FOLDER}/${name}.yaml`, value: parsed.value, parsed });
  });
  const resolved = new Map<string, { context: Record<string, unknown>; chain: ParsedYaml<ContextPresetFile>[] } | null>();
  const resolve = (name: string, chain: string[]): { context: Record<string, unknown>; chain: ParsedYaml<ContextPresetFile>[] } | null => {
    if (resolved.has(name)) return resolved.get(name)!;
    const entry = raw.get(name)!;
    let context = entry.value.context;
    let parses = [entry.parsed];
    const base = entry.value.extends;
    if (base !== undefined) {
      const pos = positionOf(positions.get(entry.file) ?? {}, ['extends']);
      if (chain.includes(base) || base === name) {
        problems.push({
          file: entry.file,
          line: pos?.line,
          column: pos?.column,
          path: 'extends',
          message: `'extends' makes a cycle: ${[...chain, name, base].join(' -> ')}`,
          severity: 'error',
        });
        resolved.set(name, null);
        return null;
      }
      if (!raw.has(base)) {
        problems.push({
          file: entry.file,
          line: pos?.line,
          column: pos?.column,
          path: 'extends',
          // A base whose file is there but does not load has its own problem listed.
          message: names.includes(base)
            ? `extends '${base}', which does not load (see the problems of ${PRESET_FOLDER}/${base}.yaml)`
            : `extends '${base}', but there is no ${PRESET_FOLDER}/${base}.yaml`,
          severity: 'error',
        });
        resolved.set(name, null);
        return null;
      }
      const parent = resolve(base, [...chain, name]);
      if (!parent) {
        resolved.set(name, null);
        return null;
      }
      context = mergePresetContext(parent.context, context);
      parses = [entry.parsed, ...parent.chain];
    }
    const done = { context, chain: parses };
    resolved.set(name, done);
    return done;
  };
  const presets: ContextPreset[] = [];
  const stackPresets: StackPreset[] = [];
  for (const [name, entry] of raw) {
    const merged = resolve(name, []);
    if (!merged) continue;
    const base = entry.value.extends ? raw.get(entry.value.extends) : undefined;
    if (base && base.value.kind !== entry.value.kind) {
      const pos = positionOf(positions.get(entry.file) ?? {}, ['extends']);
      problems.push({
        file: entry.file,
        line: pos?.line,
        column: pos?.column,
        path: 'extends',
        message: `a ${entry.value.kind} preset cannot extend the ${base.value.kind} preset '${entry.value.extends}'`,
        severity: 'error',
      });
      continue;
    }
    const checked = checkedContext(name, entry.value.kind, merged, checks);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const path = ['context', ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))];
        const pos = positionOf(positions.get(entry.file) ?? {}, path);
        problems.push({
          file: entry.file,
          line: pos?.line,
          column: pos?.column,
          path: path.join('.'),
          message: issue.message,
          severity: 'error',
        });
      }
      continue;
    }
    if (entry.value.kind === 'stack')
      stackPresets.push({ name, description: entry.value.description, context: checked.data as StackPreset['context'], file: entry.file });
    else presets.push({ name, description: entry.value.description, context: checked.data as ContextPreset['context'], file: entry.file });
  }
  if (checks) for (const name of checks.keys()) if (!raw.has(name)) checks.delete(name);
  const byName = (a: { name: string }, b: { name: string }): number => a.name.localeCompare(b.name);
  return { presets: presets.sort(byName), stackPresets: stackPresets.sort(byName), problems };
}

/** The preset's merged context validated, or its last validation when its chain's parses are the same. */
function checkedContext(
  name: string,
  kind: ContextPresetFile['kind'],
  merged: { context: Record<string, unknown>; chain: readonly ParsedYaml<ContextPresetFile>[] },
  checks: Map<string, { chain: readonly ParsedYaml<ContextPresetFile>[]; checked: Checked }> | undefined,
): Checked {
  const last = checks?.get(name);
  if (last && last.chain.length === merged.chain.length && last.chain.every((p, i) => p === merged.chain[i])) return last.checked;
  const checked = kind === 'stack' ? StackContextSchema.safeParse(merged.context) : SystemPromptContextSchema.safeParse(merged.context);
  checks?.set(name, { chain: merged.chain, checked });
  return checked;
}
