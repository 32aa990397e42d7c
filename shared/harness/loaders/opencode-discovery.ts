import picomatch from 'picomatch/posix.js';
import { classifyBytes } from '../../stack/bytes.js';
import { isNotGranted } from '../../stack/confined-fs.js';
import { fsErrorText, type InstructionFs } from '../../stack/instruction-fs.js';
import { ancestorsUpTo, isAbsolutePath, isInsideOrEqual, isWindowsPath, joinPath, normalizePath, rootOf } from '../../stack/path.js';
import type { GlobalFileLocation, InstructionFileName, StackFlagName, StackFlags } from '../../stack/profile.js';
import type { StackWarning } from '../../stack/warnings.js';
import { fillSlots } from '../text/fill.js';
import { globMatcher } from '../../safe-regex/linear-glob.js';

/**
 * Instruction discovery, OpenCode-style, over an injected filesystem: the `opencode` harness
 * loader, and what the OpenCode stack builds its instruction blocks from. The groups of
 * blocks are project files (the winning name's matches, nearest folder first, each followed
 * by its `.local.md` companion when the profile asks for companions), the first existing
 * global file, the configured entries (files and globs in the order given) and configured
 * URLs, in the order the profile's version sends them (default: that order).
 */

export type InstructionLayer = 'project' | 'global' | 'configured';

export type LookupStatus =
  /** Exists and gave a block. */
  | 'found'
  /** Exists but is empty: no block (as a project file it still won over later names). */
  | 'empty'
  /** Looked for, not there. */
  | 'missing'
  /** Exists (or might) but could not be read or examined. */
  | 'unreadable'
  /** Not looked at: outside what the user granted for reading (real disk, confined). */
  | 'not-granted'
  /** Exists but is not text. */
  | 'binary'
  /** Something of that name exists, but it is a folder or not a regular file. */
  | 'not-a-file'
  /** Never looked for: an earlier name (project) or location (global) won. */
  | 'not-looked-for'
  /** Not looked for because a flag switched it off or a variable it needs is unset. */
  | 'disabled'
  /** Already included through an earlier source. */
  | 'duplicate'
  /** A relative configured entry that points above the folder it is resolved against. */
  | 'outside-worktree'
  /** A configured glob that matched nothing. */
  | 'no-match'
  /** A configured URL that was not fetched (not asked for) or whose fetch failed. */
  | 'not-fetched'
  | 'fetch-failed';

export interface InstructionLookup {
  layer: InstructionLayer;
  /** What was being looked for: a file name (project), a location template (global), an entry (configured). */
  target: string;
  /** The absolute path or URL looked at, when the lookup got that far. */
  path?: string | undefined;
  /** Project lookups: the folder of the walk. */
  directory?: string | undefined;
  /** Project lookups: this is the `.local.md` companion of `target`. */
  companion?: boolean | undefined;
  status: LookupStatus;
  /** Why, in words. */
  reason: string;
}

export type InstructionSourceStatus = 'used' | 'empty' | 'unreadable' | 'binary' | 'not-fetched' | 'fetch-failed';

/** A file or URL that made it into the instruction list, and what came of it. */
export interface InstructionSource {
  layer: InstructionLayer;
  kind: 'file' | 'url';
  /** The profile entry behind it: file name, global location template or configured entry. */
  origin: string;
  /** Absolute path (lexical, as looked up) or URL; this is what `Instructions from:` names. */
  path: string;
  /** The path with symlinks resolved, when it differs from `path`. */
  realPath?: string | undefined;
  status: InstructionSourceStatus;
  reason: string;
  /** The file's or response's text, when read. */
  content?: string | undefined;
  /** `Instructions from: <path>` + "\n" + content, for used sources. */
  block?: string | undefined;
}

export interface UrlFetchResult {
  status: number;
  text: string;
}

/** Fetches a URL; should give up after `timeoutMs` (discovery also races it when given a sleep). */
export type UrlFetcher = (url: string, init: { timeoutMs: number }) => Promise<UrlFetchResult>;

export interface DiscoveryOptions {
  /**
   * On the real disk, the folder the user granted: when no worktree root is known (no .git
   * between the working folder and the filesystem root), the walk up stops here instead of
   * at the filesystem root. Set by the host, never from a request or a profile.
   */
  walkCeiling?: string | undefined;
  /** Fetch configured URLs (default false: they are listed, not fetched). */
  fetchUrls?: boolean | undefined;
  fetchUrl?: UrlFetcher | undefined;
  /** Default 5000. */
  urlTimeoutMs?: number | undefined;
  /** A timer, so a fetch that never settles still ends after the timeout. */
  sleep?: ((ms: number) => Promise<void>) | undefined;
  /** Entries a single glob walk may visit before it stops (default 20000). */
  maxGlobEntries?: number | undefined;
}

export interface DiscoveryInput {
  cwd: string;
  worktreeRoot?: string | undefined;
  isGitRepo?: boolean | undefined;
  homeDir: string;
  configDir: string;
  env: Readonly<Record<string, string>>;
  instructionFiles: readonly InstructionFileName[];
  localCompanions: boolean;
  globalFiles: readonly GlobalFileLocation[];
  flags: StackFlags;
  /** Configured entries: paths, globs, `~/` paths, URLs. */
  instructions: readonly string[];
  /** Order of the block groups (default project, global, configured, urls). */
  blockOrder?: readonly InstructionGroup[] | undefined;
  /**
   * Where relative configured entries are looked for: from the worktree root (default), or
   * in every folder from the cwd up to the worktree root, nearest first (`find-up`; with
   * project config off, in the config folder).
   */
  relativeInstructions?: 'worktree-root' | 'find-up' | undefined;
  /** The block of one file: `{{path}}` and `{{content}}` (default `Instructions from: {{path}}\n{{content}}`). */
  block?: string | undefined;
}

/** Groups of instruction blocks, for ordering. */
export type InstructionGroup = 'project' | 'global' | 'configured' | 'urls';
export const DEFAULT_BLOCK_ORDER: readonly InstructionGroup[] = ['project', 'global', 'configured', 'urls'];
export const DEFAULT_INSTRUCTION_BLOCK = 'Instructions from: {{path}}\n{{content}}';

export interface ResolvedFlags {
  disableClaudePrompts: boolean;
  disableProjectConfig: boolean;
  /** The config dir override's value, when set. */
  configDirOverride?: string | undefined;
}

export interface InstructionDiscovery {
  cwd: string;
  worktreeRoot: string;
  /** Where the worktree root came from. */
  worktreeFrom: 'context' | 'found' | 'filesystem-root' | 'granted-folder';
  isGitRepo: boolean;
  flags: ResolvedFlags;
  /** Folders of the project walk, nearest first. */
  walk: string[];
  /** The project file name that won, if any. */
  winner?: string | undefined;
  /** Everything that made it into the list, in block order (used or not). */
  sources: InstructionSource[];
  /** Every lookup, in the order it was made (names never looked for included). */
  lookups: InstructionLookup[];
  warnings: StackWarning[];
}

/** OpenCode reads a flag as on when its variable is "true" or "1" (any case). */
export function envFlagOn(value: string | undefined): boolean {
  return value !== undefined && ['true', '1'].includes(value.trim().toLowerCase());
}

/** `AGENTS.md` -> `AGENTS.local.md`. */
export function companionName(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)}.local${name.slice(dot)}` : `${name}.local`;
}

export function instructionBlock(path: string, content: string, template: string = DEFAULT_INSTRUCTION_BLOCK): string {
  return fillSlots(template, { path, content });
}

const DEFAULT_URL_TIMEOUT_MS = 5000;
const DEFAULT_MAX_GLOB_ENTRIES = 20000;
/** Folders a glob walk never enters. */
const GLOB_SKIP_DIRS = new Set(['.git', 'node_modules']);

type Probe = { exists: true } | { exists: false; status: 'missing' | 'not-a-file' | 'unreadable' | 'not-granted'; reason: string };

/** Why a path was refused (the confined filesystem's message). */
function refusal(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'not read: outside the granted folders';
}

export async function discoverInstructions(
  fs: InstructionFs,
  input: DiscoveryInput,
  options: DiscoveryOptions = {},
): Promise<InstructionDiscovery> {
  const warnings: StackWarning[] = [];
  const lookups: InstructionLookup[] = [];
  const sources: InstructionSource[] = [];
  const included = new Set<string>();
  const warn = (w: Omit<StackWarning, 'layer'>): void => {
    warnings.push({ ...w, layer: 'instructions' });
  };

  const cwd = normalizePath(input.cwd);
  const flags: ResolvedFlags = {
    disableClaudePrompts: envFlagOn(input.env[input.flags.disableClaudePrompts]),
    disableProjectConfig: envFlagOn(input.env[input.flags.disableProjectConfig]),
    configDirOverride: input.env[input.flags.configDirOverride] || undefined,
  };
  type SkipWhen = StackFlagName | 'configDirOverride';
  const flagOn = (name: SkipWhen | undefined): boolean =>
    name === undefined ? false : name === 'configDirOverride' ? flags.configDirOverride !== undefined : flags[name];
  const flagVar = (name: SkipWhen): string => input.flags[name];

  // Worktree root.
  let worktreeRoot: string;
  let worktreeFrom: InstructionDiscovery['worktreeFrom'];
  let isGitRepo: boolean;
  if (input.worktreeRoot !== undefined) {
    worktreeRoot = normalizePath(input.worktreeRoot);
    worktreeFrom = 'context';
    isGitRepo = input.isGitRepo ?? true;
  } else if (input.isGitRepo === false) {
    worktreeRoot = rootOf(cwd);
    worktreeFrom = 'filesystem-root';
    isGitRepo = false;
  } else {
    const found = await findWorktreeRoot(fs, cwd);
    worktreeRoot = found ?? rootOf(cwd);
    worktreeFrom = found ? 'found' : 'filesystem-root';
    isGitRepo = input.isGitRepo ?? found !== undefined;
    if (input.isGitRepo === true && found === undefined) {
      warn({
        code: 'worktree-not-found',
        severity: 'warning',
        message: `the context says git, but no .git was found above ${cwd}; the walk goes up to ${worktreeRoot}`,
      });
    }
  }
  // On the real disk without a .git, the walk stops at the granted folder (docs/stack.md).
  const ceiling = options.walkCeiling === undefined ? undefined : normalizePath(options.walkCeiling);
  if (worktreeFrom === 'filesystem-root' && ceiling !== undefined && isInsideOrEqual(cwd, ceiling) && ceiling !== worktreeRoot) {
    worktreeRoot = ceiling;
    worktreeFrom = 'granted-folder';
    warn({
      code: 'walk-stops-at-granted-folder',
      severity: 'info',
      message: `no .git above ${cwd}: the walk up stops at the granted folder ${ceiling}; folders above it are not looked in`,
    });
  }
  if (!isInsideOrEqual(cwd, worktreeRoot)) {
    warn({
      code: 'cwd-outside-worktree',
      severity: 'warning',
      message: `the working directory ${cwd} is not inside the worktree root ${worktreeRoot}; the walk goes up to the filesystem root`,
    });
  }
  const walk = ancestorsUpTo(cwd, worktreeRoot);
  let worktreeReal = worktreeRoot;
  try {
    worktreeReal = await fs.realpath(worktreeRoot);
  } catch {
    // keep the lexical root
  }

  const probe = async (path: string): Promise<Probe> => {
    try {
      const st = await fs.stat(path);
      if (st === undefined) return { exists: false, status: 'missing', reason: 'no such file' };
      if (st.kind === 'file') return { exists: true };
      return {
        exists: false,
        status: 'not-a-file',
        reason: st.kind === 'directory' ? 'a folder has this name' : 'not a regular file',
      };
    } catch (error) {
      if (isNotGranted(error)) return { exists: false, status: 'not-granted', reason: refusal(error) };
      return { exists: false, status: 'unreadable', reason: `cannot examine it (${fsErrorText(error)})` };
    }
  };

  const reportProbe = (p: Exclude<Probe, { exists: true }>, path: string): void => {
    if (p.status === 'not-a-file') {
      warn({ code: 'instruction-not-a-file', severity: 'warning', message: `${path} is skipped: ${p.reason}`, path });
    } else if (p.status === 'unreadable') {
      warn({ code: 'instruction-unreadable', severity: 'warning', message: `${path} is skipped: ${p.reason}`, path });
    } else if (p.status === 'not-granted') {
      warn({ code: 'instruction-not-granted', severity: 'warning', message: `${path} is skipped: ${p.reason}`, path });
    }
  };

  /** Reads an existing file into a source; the lookup gets the matching status. */
  const include = async (layer: InstructionLayer, origin: string, path: string, lookup: InstructionLookup): Promise<void> => {
    if (included.has(path)) {
      lookup.status = 'duplicate';
      lookup.reason = 'already included through an earlier source';
      return;
    }
    included.add(path);
    const source: InstructionSource = { layer, kind: 'file', origin, path, status: 'used', reason: '' };
    try {
      const real = await fs.realpath(path);
      if (real !== path) source.realPath = real;
    } catch {
      // keep the lexical path only
    }
    let bytes: Uint8Array | undefined;
    try {
      bytes = await fs.readFile(path);
    } catch (error) {
      source.status = 'unreadable';
      source.reason = isNotGranted(error) ? refusal(error) : `cannot read it (${fsErrorText(error)})`;
      warn({
        code: isNotGranted(error) ? 'instruction-not-granted' : 'instruction-unreadable',
        severity: 'warning',
        message: `${path} is skipped: ${source.reason}`,
        path,
      });
    }
    if (bytes !== undefined) {
      const classified = classifyBytes(bytes);
      if (classified.kind === 'binary') {
        source.status = 'binary';
        source.reason = `binary: ${classified.reason}`;
        warn({ code: 'instruction-binary', severity: 'warning', message: `${path} is skipped: ${classified.reason}`, path });
      } else if (classified.text === '') {
        source.status = 'empty';
        source.reason = 'the file is empty';
        warn({ code: 'instruction-empty', severity: 'info', message: `${path} is empty and adds nothing`, path });
      } else {
        source.content = classified.text;
        source.block = instructionBlock(path, classified.text, input.block);
        source.reason = 'used';
        if (classified.text.trim() === '') {
          warn({
            code: 'instruction-whitespace-only',
            severity: 'warning',
            message: `${path} holds only whitespace; it is still sent`,
            path,
          });
        }
      }
    }
    const statusOf: Record<InstructionSourceStatus, LookupStatus> = {
      used: 'found',
      empty: 'empty',
      unreadable: 'unreadable',
      binary: 'binary',
      'not-fetched': 'not-fetched',
      'fetch-failed': 'fetch-failed',
    };
    lookup.status = statusOf[source.status];
    lookup.reason = source.status === 'used' ? 'found and used' : source.reason;
    sources.push(source);
  };

  // Project: the first name found anywhere in the walk wins; all its matches are used.
  let winner: string | undefined;
  /** Folders of the walk that could not be looked in (not granted): one warning for all. */
  const walkRefused = new Set<string>();
  for (const file of input.instructionFiles) {
    const candidates = input.localCompanions ? [file.name, companionName(file.name)] : [file.name];
    const lookupsFor = (status: LookupStatus, reason: string): void => {
      for (const directory of walk) {
        candidates.forEach((name, i) => {
          lookups.push({
            layer: 'project',
            target: file.name,
            path: joinPath(directory, name),
            directory,
            companion: i > 0,
            status,
            reason,
          });
        });
      }
    };
    if (flags.disableProjectConfig) {
      lookupsFor('disabled', `project instructions are off (${flagVar('disableProjectConfig')} is set)`);
      continue;
    }
    if (winner !== undefined) {
      lookupsFor('not-looked-for', `${winner} was found first, so later names are not looked for`);
      continue;
    }
    if (flagOn(file.skipWhen)) {
      lookupsFor('disabled', `${file.name} is not looked for while ${flagVar(file.skipWhen as StackFlagName)} is set`);
      continue;
    }
    const matches: { path: string; lookup: InstructionLookup }[] = [];
    for (const directory of walk) {
      for (let i = 0; i < candidates.length; i++) {
        const path = joinPath(directory, candidates[i] as string);
        const lookup: InstructionLookup = {
          layer: 'project',
          target: file.name,
          path,
          directory,
          companion: i > 0,
          status: 'missing',
          reason: 'no such file',
        };
        lookups.push(lookup);
        const p = await probe(path);
        if (p.exists) {
          matches.push({ path, lookup });
        } else {
          lookup.status = p.status;
          lookup.reason = p.reason;
          if (p.status === 'not-granted') walkRefused.add(directory);
          else reportProbe(p, path);
        }
      }
    }
    if (matches.length === 0) continue;
    winner = file.name;
    for (const m of matches) await include('project', file.name, m.path, m.lookup);
    if (file.deprecated && sources.some((s) => s.layer === 'project' && s.status === 'used')) {
      warn({
        code: 'instruction-deprecated-name',
        severity: 'info',
        message: `${file.name} is a deprecated instruction file name; consider renaming it`,
      });
    }
  }

  if (walkRefused.size > 0) {
    const folders = walk.filter((d) => walkRefused.has(d));
    warn({
      code: 'instruction-not-granted',
      severity: 'warning',
      message: `instruction files in ${folders.join(', ')} were not looked for: outside the granted folders (the agent would look there)`,
    });
  }

  // Global: the first existing location is used.
  let globalFound: string | undefined;
  for (const location of input.globalFiles) {
    const lookup: InstructionLookup = { layer: 'global', target: location.path, status: 'missing', reason: 'no such file' };
    lookups.push(lookup);
    if (globalFound !== undefined) {
      lookup.status = 'not-looked-for';
      lookup.reason = `${globalFound} was found first`;
      continue;
    }
    if (flagOn(location.skipWhen)) {
      lookup.status = 'disabled';
      lookup.reason =
        location.skipWhen === 'configDirOverride'
          ? `${flagVar('configDirOverride')} replaces this location`
          : `not looked for while ${flagVar(location.skipWhen as StackFlagName)} is set`;
      continue;
    }
    const expanded = expandGlobalLocation(location.path, { ...input, cwd }, flags);
    if ('unset' in expanded) {
      lookup.status = 'disabled';
      lookup.reason = `${expanded.unset} is not set`;
      continue;
    }
    if ('invalid' in expanded) {
      lookup.status = 'unreadable';
      lookup.reason = expanded.invalid;
      warn({ code: 'instruction-location-invalid', severity: 'warning', message: `global location ${location.path}: ${expanded.invalid}` });
      continue;
    }
    lookup.path = expanded.path;
    const p = await probe(expanded.path);
    if (!p.exists) {
      lookup.status = p.status;
      lookup.reason = p.reason;
      reportProbe(p, expanded.path);
      continue;
    }
    globalFound = expanded.path;
    await include('global', location.path, expanded.path, lookup);
  }

  // Configured entries: files and globs now, URLs after all files.
  const base = isGitRepo ? worktreeRoot : cwd;
  const urls: string[] = [];
  for (const entry of input.instructions) {
    if (/^https?:\/\//i.test(entry)) {
      if (!urls.includes(entry)) urls.push(entry);
      continue;
    }
    const lookup: InstructionLookup = { layer: 'configured', target: entry, status: 'missing', reason: 'no such file' };
    lookups.push(lookup);
    let expanded = entry;
    if (entry === '~' || entry.startsWith('~/')) expanded = joinPath(input.homeDir, entry.slice(2));
    const relative = !isAbsolutePath(expanded);
    const pattern = isWindowsPath(expanded) ? expanded.replace(/\\/g, '/') : expanded;
    const scan = picomatch.scan(pattern);

    if (relative && input.relativeInstructions === 'find-up') {
      // Looked for in every folder from the cwd up to the worktree root, nearest first; with
      // project config off, in the config folder instead.
      const configFolder =
        flags.configDirOverride !== undefined ? joinPath(cwd, flags.configDirOverride) : joinPath(input.configDir, 'opencode');
      const dirs = flags.disableProjectConfig ? [configFolder] : walk;
      const matches: string[] = [];
      for (const dir of dirs) {
        if (!scan.isGlob) {
          const path = joinPath(dir, expanded);
          if ((await probe(path)).exists && !matches.includes(path)) matches.push(path);
          continue;
        }
        const globBase = joinPath(dir, scan.base === '' ? '.' : scan.base);
        for (const path of await expandGlob(
          fs,
          globBase,
          scan.glob,
          options.maxGlobEntries ?? DEFAULT_MAX_GLOB_ENTRIES,
          warn,
          lookups,
          entry,
        ))
          if (!matches.includes(path)) matches.push(path);
      }
      lookup.path = joinPath(dirs[0] ?? cwd, expanded);
      if (matches.length === 0) {
        lookup.status = scan.isGlob ? 'no-match' : 'missing';
        lookup.reason = `not found in ${dirs.join(', ')}`;
        warn(
          scan.isGlob
            ? { code: 'instruction-glob-no-match', severity: 'warning', message: `configured glob ${entry} matched no file` }
            : {
                code: 'instruction-missing',
                severity: 'warning',
                message: `configured instruction file ${entry} was not found from ${cwd} up to ${worktreeRoot}`,
              },
        );
        continue;
      }
      lookup.status = 'found';
      lookup.reason = `matched ${matches.length} file${matches.length === 1 ? '' : 's'}`;
      for (const path of matches) {
        const each: InstructionLookup = { layer: 'configured', target: entry, path, status: 'found', reason: '' };
        lookups.push(each);
        await include('configured', entry, path, each);
      }
      continue;
    }

    if (!scan.isGlob) {
      const path = joinPath(base, expanded);
      lookup.path = path;
      if (relative && !isInsideOrEqual(path, base)) {
        lookup.status = 'outside-worktree';
        lookup.reason = `points above ${base}, where relative entries are resolved`;
        warn({
          code: 'instruction-outside-worktree',
          severity: 'warning',
          message: `configured ${entry} is not read: it ${lookup.reason}`,
          path,
        });
        continue;
      }
      const p = await probe(path);
      if (!p.exists) {
        lookup.status = p.status;
        lookup.reason = p.reason;
        if (p.status === 'missing') {
          warn({ code: 'instruction-missing', severity: 'warning', message: `configured instruction file ${path} does not exist`, path });
        } else {
          reportProbe(p, path);
        }
        continue;
      }
      await include('configured', entry, path, lookup);
      continue;
    }

    const globBase = joinPath(base, scan.base === '' ? '.' : scan.base);
    lookup.path = joinPath(globBase, scan.glob);
    if (relative && !isInsideOrEqual(globBase, base)) {
      lookup.status = 'outside-worktree';
      lookup.reason = `points above ${base}, where relative entries are resolved`;
      warn({ code: 'instruction-outside-worktree', severity: 'warning', message: `configured ${entry} is not read: it ${lookup.reason}` });
      continue;
    }
    const refusedBase = await probeFolder(fs, globBase);
    if (refusedBase !== undefined) {
      lookup.status = 'not-granted';
      lookup.reason = refusedBase;
      warn({
        code: 'instruction-not-granted',
        severity: 'warning',
        message: `configured ${entry} is not read: ${refusedBase}`,
        path: globBase,
      });
      continue;
    }
    const matches = await expandGlob(fs, globBase, scan.glob, options.maxGlobEntries ?? DEFAULT_MAX_GLOB_ENTRIES, warn, lookups, entry);
    if (matches.length === 0) {
      lookup.status = 'no-match';
      lookup.reason = `no file under ${globBase} matches ${scan.glob}`;
      warn({ code: 'instruction-glob-no-match', severity: 'warning', message: `configured glob ${entry} matched no file` });
      continue;
    }
    lookup.status = 'found';
    lookup.reason = `matched ${matches.length} file${matches.length === 1 ? '' : 's'}`;
    for (const path of matches) {
      const each: InstructionLookup = { layer: 'configured', target: entry, path, status: 'found', reason: '' };
      lookups.push(each);
      await include('configured', entry, path, each);
    }
  }

  // URLs: listed always, fetched only when asked.
  const urlSources: InstructionSource[] = urls.map((url) => ({
    layer: 'configured',
    kind: 'url',
    origin: url,
    path: url,
    status: 'not-fetched',
    reason: '',
  }));
  const urlLookups: InstructionLookup[] = urls.map((url) => ({
    layer: 'configured',
    target: url,
    path: url,
    status: 'not-fetched',
    reason: '',
  }));
  lookups.push(...urlLookups);
  if (urls.length > 0 && !options.fetchUrls) {
    for (const [i, s] of urlSources.entries()) {
      s.reason = 'fetching URLs was not asked for';
      (urlLookups[i] as InstructionLookup).reason = s.reason;
    }
    warn({
      code: 'url-not-fetched',
      severity: 'info',
      message: `${urls.length} configured URL${urls.length === 1 ? ' was' : 's were'} not fetched; the agent would fetch ${urls.length === 1 ? 'it' : 'them'} and add the text`,
    });
  } else if (urls.length > 0 && !options.fetchUrl) {
    for (const [i, s] of urlSources.entries()) {
      s.reason = 'no fetch function was given';
      (urlLookups[i] as InstructionLookup).reason = s.reason;
    }
    warn({ code: 'url-fetcher-missing', severity: 'warning', message: 'fetching URLs was asked for, but no fetch function was given' });
  } else if (urls.length > 0 && options.fetchUrl) {
    const fetchUrl = options.fetchUrl;
    const timeoutMs = options.urlTimeoutMs ?? DEFAULT_URL_TIMEOUT_MS;
    const outcomes = await Promise.all(urls.map((url) => fetchWithTimeout(fetchUrl, url, timeoutMs, options.sleep)));
    outcomes.forEach((outcome, i) => {
      const s = urlSources[i] as InstructionSource;
      const l = urlLookups[i] as InstructionLookup;
      if (outcome.kind === 'ok') {
        s.content = outcome.text;
        if (outcome.text === '') {
          s.status = 'empty';
          s.reason = 'the response is empty';
          l.status = 'empty';
        } else {
          s.status = 'used';
          s.reason = 'fetched and used';
          s.block = instructionBlock(s.path, outcome.text, input.block);
          l.status = 'found';
        }
        l.reason = s.reason;
        return;
      }
      s.status = 'fetch-failed';
      s.reason = outcome.reason;
      l.status = 'fetch-failed';
      l.reason = outcome.reason;
      warn({
        code: outcome.kind === 'timeout' ? 'url-timeout' : 'url-fetch-failed',
        severity: 'warning',
        message: `${s.path}: ${outcome.reason}`,
        path: s.path,
      });
    });
  }
  sources.push(...urlSources);
  const order = input.blockOrder ?? DEFAULT_BLOCK_ORDER;
  const rank = (src: InstructionSource): number => order.indexOf(src.kind === 'url' ? 'urls' : src.layer);
  const ordered = sources.map((src, i) => ({ src, i })).sort((a, b) => rank(a.src) - rank(b.src) || a.i - b.i);
  sources.splice(0, sources.length, ...ordered.map((o) => o.src));

  // The same file on disk through two paths is sent twice, as the agent would; say so.
  const byReal = new Map<string, string>();
  for (const s of sources) {
    if (s.kind !== 'file' || s.status !== 'used') continue;
    const real = s.realPath ?? s.path;
    const first = byReal.get(real);
    if (first !== undefined) {
      warn({
        code: 'instruction-duplicate-file',
        severity: 'info',
        message: `${s.path} is the same file as ${first}; its text is sent twice`,
        path: s.path,
      });
    } else {
      byReal.set(real, s.path);
    }
    if (s.layer === 'project' && s.realPath !== undefined && !isInsideOrEqual(s.realPath, worktreeReal)) {
      warn({
        code: 'instruction-symlink-outside-worktree',
        severity: 'info',
        message: `${s.path} is a symlink to ${s.realPath}, outside the worktree; it is used, as the agent follows symlinks`,
        path: s.path,
      });
    }
  }

  return { cwd, worktreeRoot, worktreeFrom, isGitRepo, flags, walk, winner, sources, lookups, warnings };
}

/** The nearest folder at or above `cwd` holding `.git` (a folder, or a file for worktrees and submodules). */
export async function findWorktreeRoot(fs: InstructionFs, cwd: string): Promise<string | undefined> {
  for (const dir of ancestorsUpTo(cwd, undefined)) {
    try {
      if ((await fs.stat(joinPath(dir, '.git'))) !== undefined) return dir;
    } catch {
      // cannot tell: keep walking up
    }
  }
  return undefined;
}

/** Why a glob's base folder may not be walked (not granted), or undefined. */
async function probeFolder(fs: InstructionFs, folder: string): Promise<string | undefined> {
  try {
    await fs.stat(folder);
    return undefined;
  } catch (error) {
    return isNotGranted(error) ? refusal(error) : undefined;
  }
}

type Expanded = { path: string } | { unset: string } | { invalid: string };

function expandGlobalLocation(template: string, input: DiscoveryInput, flags: ResolvedFlags): Expanded {
  let unset: string | undefined;
  let text = template.replace(/\{([A-Za-z]+)\}/g, (whole, name: string) => {
    switch (name) {
      case 'configDirOverride':
        if (flags.configDirOverride === undefined) {
          unset = input.flags.configDirOverride;
          return whole;
        }
        // A relative value is taken from the working directory, as a relative path would be.
        return joinPath(input.cwd, flags.configDirOverride);
      case 'configDir':
        return input.configDir;
      case 'home':
        return input.homeDir;
      default:
        return whole;
    }
  });
  if (unset !== undefined) return { unset };
  if (text === '~' || text.startsWith('~/')) text = joinPath(input.homeDir, text.slice(2));
  if (!isAbsolutePath(text)) return { invalid: `${text} is not an absolute path` };
  return { path: normalizePath(text) };
}

type FetchOutcome = { kind: 'ok'; text: string } | { kind: 'failed'; reason: string } | { kind: 'timeout'; reason: string };

async function fetchWithTimeout(
  fetchUrl: UrlFetcher,
  url: string,
  timeoutMs: number,
  sleep: ((ms: number) => Promise<void>) | undefined,
): Promise<FetchOutcome> {
  const attempt: Promise<FetchOutcome> = (async () => {
    try {
      const res = await fetchUrl(url, { timeoutMs });
      if (res.status < 200 || res.status > 299) return { kind: 'failed', reason: `the server answered ${res.status}` };
      return { kind: 'ok', text: res.text };
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      if (name === 'TimeoutError' || name === 'AbortError') return { kind: 'timeout', reason: `no answer within ${timeoutMs} ms` };
      return { kind: 'failed', reason: `fetch failed (${error instanceof Error ? error.message : String(error)})` };
    }
  })();
  if (!sleep) return attempt;
  const timer: Promise<FetchOutcome> = sleep(timeoutMs).then(() => ({ kind: 'timeout', reason: `no answer within ${timeoutMs} ms` }));
  return Promise.race([attempt, timer]);
}

/**
 * Files under `base` whose path relative to it matches `glob` (picomatch, POSIX, dotfiles
 * not matched by wildcards), sorted by that relative path. Symlinked folders are followed
 * unless they lead back to a folder on the current walk; `.git` and `node_modules` are
 * never entered.
 */
async function expandGlob(
  fs: InstructionFs,
  base: string,
  glob: string,
  maxEntries: number,
  warn: (w: Omit<StackWarning, 'layer'>) => void,
  lookups: InstructionLookup[],
  entry: string,
): Promise<string[]> {
  const isMatch = globMatcher(glob, { dot: false });
  const maxDepth = glob.includes('**') ? Number.POSITIVE_INFINITY : glob.split('/').length;
  const found: { rel: string; path: string }[] = [];
  let visited = 0;
  let limited = false;

  const visit = async (dir: string, rel: string, depth: number, chain: string[]): Promise<void> => {
    if (limited) return;
    let real: string;
    try {
      real = await fs.realpath(dir);
    } catch (error) {
      if (isNotGranted(error)) {
        lookups.push({ layer: 'configured', target: entry, path: dir, status: 'not-granted', reason: refusal(error) });
        warn({ code: 'instruction-not-granted', severity: 'warning', message: `${dir} is skipped: ${refusal(error)}`, path: dir });
      } else {
        warn({ code: 'instruction-directory-unreadable', severity: 'warning', message: `${dir}: ${fsErrorText(error)}`, path: dir });
      }
      return;
    }
    if (chain.includes(real)) {
      warn({
        code: 'instruction-symlink-loop',
        severity: 'info',
        message: `${dir} leads back to ${real}, which is already being walked; not followed`,
        path: dir,
      });
      return;
    }
    let names: string[];
    try {
      names = [...(await fs.readdir(dir))].sort();
    } catch (error) {
      warn({
        code: 'instruction-directory-unreadable',
        severity: 'warning',
        message: `${dir} cannot be listed (${fsErrorText(error)})`,
        path: dir,
      });
      return;
    }
    for (const name of names) {
      if (GLOB_SKIP_DIRS.has(name)) continue;
      visited += 1;
      if (visited > maxEntries) {
        if (!limited) {
          limited = true;
          warn({
            code: 'instruction-walk-limit',
            severity: 'warning',
            message: `the glob ${entry} stopped after ${maxEntries} entries under ${base}`,
          });
        }
        return;
      }
      const childRel = rel === '' ? name : `${rel}/${name}`;
      const child = joinPath(dir, name);
      let kind: string | undefined;
      try {
        kind = (await fs.stat(child))?.kind;
      } catch (error) {
        if (isNotGranted(error)) {
          // A symlink leading out of the granted folders: listed whether or not it would match.
          lookups.push({ layer: 'configured', target: entry, path: child, status: 'not-granted', reason: refusal(error) });
          warn({ code: 'instruction-not-granted', severity: 'warning', message: `${child} is skipped: ${refusal(error)}`, path: child });
        } else if (isMatch(childRel)) {
          lookups.push({
            layer: 'configured',
            target: entry,
            path: child,
            status: 'unreadable',
            reason: `cannot examine it (${fsErrorText(error)})`,
          });
          warn({ code: 'instruction-unreadable', severity: 'warning', message: `${child} is skipped: ${fsErrorText(error)}`, path: child });
        }
        continue;
      }
      if (kind === 'directory') {
        if (depth + 1 < maxDepth) await visit(child, childRel, depth + 1, [...chain, real]);
      } else if (kind === 'file' && isMatch(childRel)) {
        found.push({ rel: childRel, path: child });
      }
    }
  };

  try {
    const st = await fs.stat(base);
    if (st?.kind !== 'directory') return [];
  } catch {
    return [];
  }
  await visit(base, '', 0, []);
  found.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  return found.map((f) => f.path);
}
