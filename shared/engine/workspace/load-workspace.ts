import { MODEL_LIMITS_FILE, ModelLimitsFileSchema, type ModelFamilyLimits } from '../models/model-limits.js';
import type { WorkspaceFileSource } from '../../domain/file-source.js';
import type { FileProblem } from '../../domain/problems.js';
import { ToolFileSchema, type ToolFile } from '../../domain/tool.js';
import { VariantFileSchema, type ResolvedOverride, type Variant } from '../../domain/variant.js';
import type { ComponentRegistry } from '../components/component-registry.js';
import { createBuiltinRegistry } from '../components/builtin/index.js';
import { WorkspaceConfigSchema, type WorkspaceConfig } from './workspace-config.js';
import { loadStackProfile, stackProfileIds } from '../../stack/load-profile.js';
import type { StackProfile } from '../../stack/profile.js';
import { loadHarnessProfiles } from '../../harness/profile/load.js';
import type { WorkspaceSnapshot } from './workspace-snapshot.js';
import { listedFiles } from './listed-files.js';
import { loadPresets } from './load-presets.js';
import { rememberedLoad, type RecordedLoad } from './remembered-load.js';
import { parseYamlFile, positionOf, type PositionIndex, type YamlParseCache } from './yaml-file.js';

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
  for (const f of listedFiles(source, dir, '.md')) {
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

/** The workspace's tools (tools/*.yaml), with their problems and positions. */
function loadTools(source: WorkspaceFileSource, parse: ParseYaml) {
  const tools = new Map<string, ToolFile>();
  const toolFiles = new Map<string, string>();
  const problems: FileProblem[] = [];
  const positions: [string, PositionIndex][] = [];
  for (const f of listedFiles(source, 'tools', '.yaml')) {
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
  for (const f of listedFiles(source, 'components', '.md')) {
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

  // Presets last: withReloadedPresets relies on their problems and positions coming after all others.
  const { presets, stackPresets, ...presetsPart } = loadPresets(source, cache);
  problems.push(...presetsPart.problems);
  for (const [file, index] of presetsPart.positions) positions.set(file, index);
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
