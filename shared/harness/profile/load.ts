import { z } from 'zod';
import { unreadMessage, type WorkspaceFileSource } from '../../domain/file-source.js';
import type { FileProblem } from '../../domain/problems.js';
import { parseYamlFile, positionOf, type ParsedYaml, type PositionIndex } from '../../engine/workspace/yaml-file.js';
import { checkDiscoveryFields } from '../../stack/check-discovery.js';
import { insideFolder, stripFinalNewline } from '../../stack/profile-files.js';
import { HarnessProfileSchema, type HarnessProfile } from './schema.js';

/**
 * Loads harnesses/<id>/harness.yaml. Never throws: YAML syntax, schema errors and text files
 * that are missing or leave the profile folder come back as problems with file, line and
 * column. A text field written `{ textFile: <name> }` is replaced by that file's text first.
 */

export interface LoadHarnessResult {
  profile?: HarnessProfile | undefined;
  problems: FileProblem[];
}

export const HARNESS_FILE = 'harness.yaml';

/** The raw parse (positions and data) before text files are resolved; one schema object, so parse caches hit. */
const RAW = z.unknown();

/** Parses a YAML file (a caller's parse cache, or parseYamlFile). */
export type HarnessYamlParse = (file: string, text: string, schema: typeof RAW) => ParsedYaml<unknown>;

const isFileRef = (v: unknown): v is { textFile: string } =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  Object.keys(v).length === 1 &&
  typeof (v as { textFile?: unknown }).textFile === 'string';

function resolveTextFiles(
  value: unknown,
  path: (string | number)[],
  read: (ref: string, path: (string | number)[]) => string | undefined,
): unknown {
  if (isFileRef(value)) return read(value.textFile, path) ?? value;
  if (Array.isArray(value)) return value.map((v, i) => resolveTextFiles(v, [...path, i], read));
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = resolveTextFiles(v, [...path, k], read);
    return out;
  }
  return value;
}

export function loadHarnessProfile(
  source: WorkspaceFileSource,
  folder: string,
  parse: HarnessYamlParse = parseYamlFile,
): LoadHarnessResult {
  const dir = folder.replace(/\/+$/, '');
  const config = `${dir}/${HARNESS_FILE}`;
  let text: string | undefined;
  try {
    text = source.read(config);
  } catch (error) {
    return {
      problems: [{ file: config, severity: 'error', message: `cannot read: ${error instanceof Error ? error.message : String(error)}` }],
    };
  }
  if (text === undefined)
    return { problems: [{ file: config, severity: 'error', message: unreadMessage(source, config, `${HARNESS_FILE} not found`) }] };

  const raw = parse(config, text, RAW);
  const problems: FileProblem[] = [...raw.problems];
  if (raw.value === undefined && problems.length > 0) return { problems };
  const positions: PositionIndex = raw.positions;
  const at = (path: readonly (string | number)[], message: string, severity: FileProblem['severity'] = 'error'): void => {
    const pos = positionOf(positions, path);
    problems.push({
      file: config,
      line: pos?.line,
      column: pos?.column,
      path: path.length ? path.join('.') : undefined,
      message,
      severity,
    });
  };

  const data = resolveTextFiles(raw.value ?? {}, [], (ref, path) => {
    const target = insideFolder(dir, ref);
    if (target === undefined) {
      at(path, `'${ref}' must be a relative path inside the profile folder`);
      return undefined;
    }
    let content: string | undefined;
    try {
      content = source.read(target);
    } catch {
      content = undefined;
    }
    if (content === undefined) {
      at(path, unreadMessage(source, target, `file not found: ${target}`));
      return undefined;
    }
    return stripFinalNewline(content);
  });
  if (problems.length > 0) return { problems };

  const parsed = HarnessProfileSchema.safeParse(data);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys) at([...path, key], `unknown field '${key}'`);
      } else {
        at(path, issue.message);
      }
    }
    return { problems };
  }
  const folderName = dir.split('/').pop() ?? '';
  if (folderName !== '' && folderName !== parsed.data.id)
    at(['id'], `id '${parsed.data.id}' differs from the folder name '${folderName}'`, 'warning');
  if (parsed.data.loader === 'opencode') {
    const found = checkDiscoveryFields(parsed.data);
    for (const problem of found) at(problem.path, problem.message);
    if (found.length > 0) return { problems };
  }
  if (parsed.data.loader === 'claude-code' && !(parsed.data.wrapper in parsed.data.wrappers)) {
    at(['wrapper'], `unknown wrapper '${parsed.data.wrapper}' (known: ${Object.keys(parsed.data.wrappers).join(', ')})`);
    return { problems };
  }
  return { profile: { ...parsed.data, files: { folder: dir, config } }, problems };
}

/** Every profile of a workspace's harnesses/ folder, sorted by id. */
export function loadHarnessProfiles(
  source: WorkspaceFileSource,
  parse: HarnessYamlParse = parseYamlFile,
): { profiles: HarnessProfile[]; problems: FileProblem[] } {
  const profiles: HarnessProfile[] = [];
  const problems: FileProblem[] = [];
  for (const name of source.list('harnesses')) {
    if (!name.endsWith('/')) continue;
    const loaded = loadHarnessProfile(source, `harnesses/${name.slice(0, -1)}`, parse);
    problems.push(...loaded.problems);
    if (loaded.profile) {
      if (profiles.some((p) => p.id === loaded.profile?.id)) {
        problems.push({
          file: loaded.profile.files?.config ?? name,
          severity: 'error',
          message: `a harness profile with id '${loaded.profile.id}' is already loaded`,
        });
        continue;
      }
      profiles.push(loaded.profile);
    }
  }
  profiles.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { profiles, problems };
}
