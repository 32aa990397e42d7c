import { SystemPromptContextSchema } from '../../domain/context.js';
import { MODEL_LIMITS_FILE, ModelLimitsFileSchema, type ModelFamilyLimits } from '../models/model-limits.js';
import type { WorkspaceFileSource } from '../../domain/file-source.js';
import { ContextPresetFileSchema, mergePresetContext, type ContextPreset, type ContextPresetFile } from '../../domain/preset.js';
import type { FileProblem } from '../../domain/problems.js';
import { ToolFileSchema, type ToolFile } from '../../domain/tool.js';
import { VariantFileSchema, type ResolvedOverride, type Variant } from '../../domain/variant.js';
import type { ComponentRegistry } from '../components/component-registry.js';
import { createBuiltinRegistry } from '../components/builtin/index.js';
import { WorkspaceConfigSchema, type WorkspaceConfig } from './workspace-config.js';
import { StackContextSchema } from '../../stack/context.js';
import { loadStackProfile, stackProfileIds } from '../../stack/load-profile.js';
import type { StackProfile } from '../../stack/profile.js';
import { loadHarnessProfiles } from '../../harness/profile/load.js';
import type { StackPreset, WorkspaceSnapshot } from './workspace-snapshot.js';
import { rememberedLoad, type RecordedLoad } from './remembered-load.js';
import { parseYamlFile, positionOf, type ParsedYaml, type PositionIndex, type YamlParseCache } from './yaml-file.js';

type ParseYaml = typeof parseYamlFile;

const ID_PATTERN = /^[A-Za-z0-9_.-]+$/;

export interface LoadWorkspaceOptions {
  /** Component registry to start from (default: the built-ins). It is cloned, never changed. */
  components?: ComponentRegistry | undefined;
  /** Reuse parses of unchanged YAML files from earlier loads (the app passes one per open workspace). */
  parseCache?: YamlParseCache | undefined;
  /** Leave `profiles` empty: the caller loads stack profiles itself (the app does, with its own cache). */
  skipProfiles?: boolean | undefined;
  /** Leave `harnesses` empty: the caller loads harness profiles itself. */
  skipHarnesses?: boolean | undefined;
}

/** A path inside a folder, refusing anything that could leave it. */
function confinedJoin(folder: string, relative: string): string | undefined {
  if (!relative || relative.startsWith('/') || relative.includes('\\') || relative.includes('\0') || /^[A-Za-z]:/.test(relative))
    return undefined;
  const parts = relative.split('/');
  if (parts.some((p) => p === '..' || p === '.' || p === '')) return undefined;
  return `${folder}/${relative}`;
}

function stem(name: string, ext: string): string | undefined {
  return name.endsWith(ext) && !name.endsWith('/') ? name.slice(0, -ext.length) : undefined;
}

function files(source: WorkspaceFileSource, folder: string, ext: string): { name: string; id: string }[] {
  return source
    .list(folder)
    .map((name) => ({ name, id: stem(name, ext) }))
    .filter((f): f is { name: string; id: string } => f.id !== undefined && f.id.length > 0);
}

function loadOverrides(
  source: WorkspaceFileSource,
  folder: string,
  kind: 'components' | 'tools',
  settings: Record<string, ResolvedOverride>,
  problems: FileProblem[],
): Record<string, ResolvedOverride> {
  const out: Record<string, ResolvedOverride> = {};
  for (const [id, value] of Object.entries(settings)) out[id] = { ...value };
  const dir = `${folder}/overrides/${kind}`;
  for (const f of files(source, dir, '.md')) {
    const file = `${dir}/${f.name}`;
    if (!ID_PATTERN.test(f.id)) {
      problems.push({ file, message: `'${f.id}' is not a valid ${kind === 'components' ? 'component' : 'tool'} id`, severity: 'error' });
      continue;
    }
    const text = source.read(file);
    if (text === undefined) continue;
    out[f.id] = { ...out[f.id], template: text, templateFile: file };
  }
  return out;
}

function loadVariant(
  source: WorkspaceFileSource,
  folderName: string,
  problems: FileProblem[],
  positions: Map<string, PositionIndex>,
  parse: ParseYaml,
): Variant | undefined {
  const folder = `variants/${folderName}`;
  const configFile = `${folder}/variant.yaml`;
  const text = source.read(configFile);
  if (text === undefined) {
    problems.push({ file: configFile, message: 'missing: every variant folder needs a variant.yaml', severity: 'error' });
    return undefined;
  }
  const parsed = parse(configFile, text, VariantFileSchema);
  positions.set(configFile, parsed.positions);
  problems.push(...parsed.problems);
  const file = parsed.value;
  if (!file) return undefined;
  const at = (path: string): { line?: number; column?: number } => {
    const pos = positionOf(parsed.positions, path.split('.'));
    return pos ? { line: pos.line, column: pos.column } : {};
  };
  if (file.id !== folderName) {
    problems.push({
      file: configFile,
      ...at('id'),
      path: 'id',
      message: `id '${file.id}' does not match its folder name '${folderName}'`,
      severity: 'error',
    });
    return undefined;
  }
  const templateFile = confinedJoin(folder, file.template);
  if (!templateFile) {
    problems.push({
      file: configFile,
      ...at('template'),
      path: 'template',
      message: `template '${file.template}' must be a relative path inside the variant folder`,
      severity: 'error',
    });
    return undefined;
  }
  const baseTemplate = source.read(templateFile);
  if (baseTemplate === undefined) {
    problems.push({
      file: templateFile,
      message: `missing: the base template of variant '${file.id}' (named by ${configFile})`,
      severity: 'error',
    });
    return undefined;
  }
  const { componentOverrides, toolOverrides, template: _template, ...rest } = file;
  return {
    ...rest,
    baseTemplate,
    componentOverrides: loadOverrides(source, folder, 'components', componentOverrides, problems),
    toolOverrides: loadOverrides(source, folder, 'tools', toolOverrides, problems),
    files: { folder, config: configFile, template: templateFile },
  };
}

/** What loading a variant folder gives: the variant, and the problems and positions of its files. */
interface LoadedVariant {
  variant: Variant | undefined;
  problems: FileProblem[];
  positions: [string, PositionIndex][];
}

/**
 * The variant folders and the harness profiles last loaded with each parse cache, by the reads
 * they made (remembered-load.ts): a reload after an edit elsewhere (a preset, a tool, another
 * variant) neither validates 500 unchanged variants again nor makes new objects of them, so the
 * matrix's memo and the builder's caches, keyed on the variant objects, keep hitting.
 */
const variantMemo = new WeakMap<YamlParseCache, Map<string, RecordedLoad<LoadedVariant>>>();
const harnessMemo = new WeakMap<YamlParseCache, Map<string, RecordedLoad<ReturnType<typeof loadHarnessProfiles>>>>();

function memoOf<T>(memos: WeakMap<YamlParseCache, Map<string, T>>, cache: YamlParseCache): Map<string, T> {
  let memo = memos.get(cache);
  if (!memo) memos.set(cache, (memo = new Map()));
  return memo;
}

/** loadVariant, or its last load from this parse cache when nothing it read changed. */
function loadVariantRemembered(
  source: WorkspaceFileSource,
  folderName: string,
  problems: FileProblem[],
  positions: Map<string, PositionIndex>,
  parse: ParseYaml,
  memo: Map<string, RecordedLoad<LoadedVariant>> | undefined,
): Variant | undefined {
  if (!memo) return loadVariant(source, folderName, problems, positions, parse);
  const loaded = rememberedLoad(memo, folderName, source, (recording) => {
    const own: LoadedVariant = { variant: undefined, problems: [], positions: [] };
    const ownPositions = new Map<string, PositionIndex>();
    own.variant = loadVariant(recording, folderName, own.problems, ownPositions, parse);
    own.positions = [...ownPositions];
    return own;
  });
  problems.push(...loaded.problems);
  for (const [file, index] of loaded.positions) positions.set(file, index);
  return loaded.variant;
}

interface LoadedPresets {
  presets: ContextPreset[];
  stackPresets: StackPreset[];
  problems: FileProblem[];
}

/**
 * The presets last resolved from each parse cache, with the parses they came from: while no
 * preset file changes (the parse cache hands back the same parse objects), a reload reuses
 * the merged, validated contexts — the same objects, so the builder's caches keyed on the
 * context keep hitting while the user types in a template.
 */
const presetMemo = new WeakMap<YamlParseCache, { inputs: ParsedYaml<ContextPresetFile>[]; names: string[]; loaded: LoadedPresets }>();

function loadPresets(
  source: WorkspaceFileSource,
  problems: FileProblem[],
  positions: Map<string, PositionIndex>,
  parse: ParseYaml,
  cache: YamlParseCache | undefined,
): { presets: ContextPreset[]; stackPresets: StackPreset[] } {
  const inputs: ParsedYaml<ContextPresetFile>[] = [];
  const names: string[] = [];
  for (const f of files(source, 'contexts', '.yaml')) {
    const file = `contexts/${f.name}`;
    const text = source.read(file);
    if (text === undefined) continue;
    const parsed = parse(file, text, ContextPresetFileSchema);
    positions.set(file, parsed.positions);
    inputs.push(parsed);
    names.push(f.id);
  }
  const memo = cache ? presetMemo.get(cache) : undefined;
  const same =
    memo !== undefined &&
    memo.inputs.length === inputs.length &&
    memo.inputs.every((p, i) => p === inputs[i] && memo.names[i] === names[i]);
  const loaded = same ? memo.loaded : resolvePresets(inputs, names, positions);
  if (cache && !same) presetMemo.set(cache, { inputs, names, loaded });
  problems.push(...loaded.problems);
  return { presets: loaded.presets, stackPresets: loaded.stackPresets };
}

/** Merges `extends` chains and validates each preset's context. */
function resolvePresets(
  inputs: readonly ParsedYaml<ContextPresetFile>[],
  names: readonly string[],
  positions: Map<string, PositionIndex>,
): LoadedPresets {
  const problems: FileProblem[] = [];
  const raw = new Map<string, { file: string; value: ContextPresetFile }>();
  inputs.forEach((parsed, i) => {
    problems.push(...parsed.problems);
    const name = names[i]!;
    if (parsed.value) raw.set(name, { file: `contexts/${name}.yaml`, value: parsed.value });
  });
  const resolved = new Map<string, Record<string, unknown> | null>();
  const resolve = (name: string, chain: string[]): Record<string, unknown> | null => {
    if (resolved.has(name)) return resolved.get(name)!;
    const entry = raw.get(name)!;
    let context = entry.value.context;
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
          message: `extends '${base}', but there is no contexts/${base}.yaml`,
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
      context = mergePresetContext(parent, context);
    }
    resolved.set(name, context);
    return context;
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
    const checked = entry.value.kind === 'stack' ? StackContextSchema.safeParse(merged) : SystemPromptContextSchema.safeParse(merged);
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
  const byName = (a: { name: string }, b: { name: string }): number => a.name.localeCompare(b.name);
  return { presets: presets.sort(byName), stackPresets: stackPresets.sort(byName), problems };
}

/** The workspace's tools (tools/*.yaml), with their problems and positions. */
function loadTools(source: WorkspaceFileSource, parse: ParseYaml) {
  const tools = new Map<string, ToolFile>();
  const toolFiles = new Map<string, string>();
  const problems: FileProblem[] = [];
  const positions: [string, PositionIndex][] = [];
  for (const f of files(source, 'tools', '.yaml')) {
    const file = `tools/${f.name}`;
    const text = source.read(file);
    if (text === undefined) continue;
    const parsed = parse(file, text, ToolFileSchema);
    positions.push([file, parsed.positions]);
    problems.push(...parsed.problems);
    if (!parsed.value) continue;
    if (parsed.value.id !== f.id) {
      const pos = positionOf(parsed.positions, ['id']);
      problems.push({
        file,
        line: pos?.line,
        column: pos?.column,
        path: 'id',
        message: `id '${parsed.value.id}' does not match the file name '${f.name}'`,
        severity: 'error',
      });
      continue;
    }
    tools.set(f.id, parsed.value);
    toolFiles.set(f.id, file);
  }
  return { tools, toolFiles, problems, positions };
}

/** The component registry: the built-ins (or `base`, cloned) with the workspace's components/*.md over them. */
function loadComponents(source: WorkspaceFileSource, base: ComponentRegistry | undefined) {
  const components = (base ?? createBuiltinRegistry()).clone();
  const workspaceComponents: string[] = [];
  const problems: FileProblem[] = [];
  for (const f of files(source, 'components', '.md')) {
    const file = `components/${f.name}`;
    if (!ID_PATTERN.test(f.id)) {
      problems.push({ file, message: `'${f.id}' is not a valid component id (letters, digits, _ . -)`, severity: 'error' });
      continue;
    }
    const text = source.read(file);
    if (text === undefined) continue;
    components.registerTemplate(f.id, text, file);
    workspaceComponents.push(f.id);
  }
  return { components, workspaceComponents, problems };
}

/**
 * The tools and the component registry last loaded with each parse cache, by the reads they
 * made: unchanged, they are the same Map and registry (the matrix's memo then knows every
 * build by its objects, and the workspace view reuses its parts for them).
 */
const toolsMemo = new WeakMap<YamlParseCache, Map<string, RecordedLoad<ReturnType<typeof loadTools>>>>();
const componentsMemo = new WeakMap<YamlParseCache, Map<string, RecordedLoad<ReturnType<typeof loadComponents>>>>();

/**
 * Loads a workspace folder: workspace.yaml, variants, components, tools, context presets,
 * stack profiles and harness profiles. Never throws for bad files: each problem is reported with its file and
 * position, and a broken file only leaves itself out.
 */
export function loadWorkspace(source: WorkspaceFileSource, options: LoadWorkspaceOptions = {}): WorkspaceSnapshot {
  const problems: FileProblem[] = [];
  const positions = new Map<string, PositionIndex>();
  const cache = options.parseCache;
  const parse: ParseYaml = cache ? (file, text, schema) => cache.parse(file, text, schema) : parseYamlFile;

  let config: WorkspaceConfig = WorkspaceConfigSchema.parse({});
  const configText = source.read('workspace.yaml');
  if (configText !== undefined) {
    const parsed = parse('workspace.yaml', configText, WorkspaceConfigSchema);
    positions.set('workspace.yaml', parsed.positions);
    problems.push(...parsed.problems);
    if (parsed.value) config = parsed.value;
  }

  // Model limits (models.yaml): the families the workspace adds or overrides.
  let modelLimitRows: ModelFamilyLimits[] = [];
  const modelsText = source.read(MODEL_LIMITS_FILE);
  if (modelsText !== undefined) {
    const parsed = parse(MODEL_LIMITS_FILE, modelsText, ModelLimitsFileSchema);
    positions.set(MODEL_LIMITS_FILE, parsed.positions);
    problems.push(...parsed.problems);
    if (parsed.value) modelLimitRows = parsed.value.families;
  }

  // Tools
  const toolsPart = cache
    ? rememberedLoad(memoOf(toolsMemo, cache), 'tools', source, (recording) => loadTools(recording, parse))
    : loadTools(source, parse);
  problems.push(...toolsPart.problems);
  for (const [file, index] of toolsPart.positions) positions.set(file, index);
  const { tools, toolFiles } = toolsPart;

  // Components (a registry to start from is the caller's: its load is not remembered)
  const componentsPart =
    cache && !options.components
      ? rememberedLoad(memoOf(componentsMemo, cache), 'components', source, (recording) => loadComponents(recording, undefined))
      : loadComponents(source, options.components);
  problems.push(...componentsPart.problems);
  const { components, workspaceComponents } = componentsPart;

  // Variants
  const loaded: Variant[] = [];
  const memo = cache ? memoOf(variantMemo, cache) : undefined;
  const folders = new Set<string>();
  for (const name of source.list('variants')) {
    if (!name.endsWith('/')) continue;
    folders.add(name.slice(0, -1));
    const variant = loadVariantRemembered(source, name.slice(0, -1), problems, positions, parse, memo);
    if (variant) loaded.push(variant);
  }
  // A folder gone is forgotten.
  for (const folder of memo?.keys() ?? []) if (!folders.has(folder)) memo!.delete(folder);
  const byId = new Map(loaded.map((v) => [v.id, v]));
  const ordered: Variant[] = [];
  config.selectionOrder.forEach((id, i) => {
    const variant = byId.get(id);
    if (!variant) {
      const pos = positionOf(positions.get('workspace.yaml') ?? {}, ['selectionOrder', i]);
      problems.push({
        file: 'workspace.yaml',
        line: pos?.line,
        column: pos?.column,
        path: `selectionOrder.${i}`,
        message: `selectionOrder names '${id}', but no variant with that id loaded`,
        severity: 'warning',
      });
    } else if (!ordered.includes(variant)) ordered.push(variant);
  });
  for (const variant of [...loaded].sort((a, b) => a.id.localeCompare(b.id))) if (!ordered.includes(variant)) ordered.push(variant);

  // Stack profiles
  const profiles: StackProfile[] = [];
  for (const id of options.skipProfiles ? [] : stackProfileIds(source)) {
    const loaded = loadStackProfile(source, `profiles/${id}`);
    problems.push(...loaded.problems);
    if (loaded.profile) profiles.push(loaded.profile);
  }

  // Harness profiles
  const harnesses = options.skipHarnesses
    ? { profiles: [], problems: [] }
    : cache
      ? rememberedLoad(memoOf(harnessMemo, cache), 'harnesses', source, (recording) => loadHarnessProfiles(recording, parse))
      : loadHarnessProfiles(source, parse);
  problems.push(...harnesses.problems);

  const { presets, stackPresets } = loadPresets(source, problems, positions, parse, cache);
  return {
    config,
    modelLimits: modelLimitRows,
    variants: ordered,
    components,
    workspaceComponents,
    tools,
    toolFiles,
    presets,
    profiles,
    harnesses: harnesses.profiles,
    stackPresets,
    positions,
    problems,
  };
}
