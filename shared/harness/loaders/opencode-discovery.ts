import picomatch from 'picomatch/posix.js';
import { isNotGranted } from '../../stack/confined-fs.js';
import { fsErrorText, type InstructionFs } from '../../stack/instruction-fs.js';
import {
  ancestorsUpTo,
  isAbsolutePath,
  isInsideOrEqual,
  isWindowsPath,
  joinPath,
  normalizePath,
  parentOf,
  rootOf,
} from '../../stack/path.js';
import {
  flagVariables,
  type GlobalFileLocation,
  type InstructionFileName,
  type StackFlagName,
  type StackFlags,
} from '../../stack/profile.js';
import type { StackWarning } from '../../stack/warnings.js';
import type { HarnessReadProblem } from '../result.js';
import { fillSlots } from '../text/fill.js';
import { globMatcher } from '../../safe-regex/linear-glob.js';
import { compareCodePoints } from '../text/order.js';
import { DEFAULT_RUN_LIMITS } from '../run/budget.js';
import { findGitRoot, findUp } from '../run/find-up.js';
import { notAFileReason, probe, readText, realPathOf } from '../run/read.js';

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
  /** Exists, but is over the size cap (the engine's: OpenCode has none); not read. */
  | 'too-large'
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
  /** Read, then dropped whole by the agent (Kilo: a substitution an untrusted file may not make). */
  | 'dropped'
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
  /** When the file was there (or might be) but could not be read: the real reason. */
  readProblem?: HarnessReadProblem | undefined;
}

export type InstructionSourceStatus = 'used' | 'empty' | 'unreadable' | 'too-large' | 'binary' | 'dropped' | 'not-fetched' | 'fetch-failed';

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
  /** What makes a repository: any `.git` entry (OpenCode), or what git accepts (Kilo: an empty `.git/` is not one). */
  gitCheck?: 'entry' | 'git' | undefined;
  /** Outside a repository the walk goes up to the filesystem root (OpenCode), or stays in the cwd (Kilo). */
  outsideRepository?: 'filesystem-root' | 'cwd' | undefined;
  /** Where relative configured entries are looked for with project config off (default `<configDir>/opencode`). */
  configFolder?: string | undefined;
  /** Rules folders and files, after the configured entries (Kilo): absolute paths, in order. */
  rules?: readonly RulesSource[] | undefined;
  /** `{file:…}` and `{env:…}` in instruction files are replaced, with the project files' trust rules (Kilo). */
  substitution?: boolean | undefined;
}

/** One rules location: folders whose top-level `.md` files load (a name taken by an earlier folder of the group is skipped), or one file. */
export interface RulesSource {
  scope: 'global' | 'project';
  folders?: readonly string[] | undefined;
  file?: string | undefined;
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

/** A probe in discovery's words: a file, or the lookup status and reason of what is there instead. */
type Found =
  | { exists: true }
  | { exists: false; status: 'missing' | 'not-a-file' | 'unreadable' | 'not-granted'; reason: string; problem: HarnessReadProblem };

async function findFile(fs: InstructionFs, path: string): Promise<Found> {
  const p = await probe(fs, path);
  if (p.kind === 'file') return { exists: true };
  const reason = notAFileReason(p);
  if (p.kind === 'missing') return { exists: false, status: 'missing', reason, problem: 'missing' };
  if (p.kind === 'error')
    return { exists: false, status: p.problem === 'not-granted' ? 'not-granted' : 'unreadable', reason, problem: p.problem };
  return { exists: false, status: 'not-a-file', reason, problem: 'not-a-file' };
}

/** Why a path was refused (the confined filesystem's message). */
function refusal(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'not read: outside the granted folders';
}

/** What the phases of one discovery share: the filesystem, the input and what they record. */
interface Discovery {
  fs: InstructionFs;
  input: DiscoveryInput;
  options: DiscoveryOptions;
  cwd: string;
  flags: ResolvedFlags;
  warnings: StackWarning[];
  lookups: InstructionLookup[];
  sources: InstructionSource[];
  included: Set<string>;
  /** The worktree root's real path (Kilo's trust rules compare against it). */
  worktreeReal: string;
}

type SkipWhen = StackFlagName | 'configDirOverride';

function warn(d: Discovery, w: Omit<StackWarning, 'layer'>): void {
  d.warnings.push({ ...w, layer: 'instructions' });
}

function flagOn(d: Discovery, name: SkipWhen | undefined): boolean {
  return name === undefined ? false : name === 'configDirOverride' ? d.flags.configDirOverride !== undefined : d.flags[name];
}

export async function discoverInstructions(
  fs: InstructionFs,
  input: DiscoveryInput,
  options: DiscoveryOptions = {},
): Promise<InstructionDiscovery> {
  const cwd = normalizePath(input.cwd);
  const d: Discovery = {
    fs,
    input,
    options,
    cwd,
    flags: resolveFlags(input),
    warnings: [],
    lookups: [],
    sources: [],
    included: new Set(),
    worktreeReal: '/',
  };
  const root = await resolveWorktree(d);
  const walk =
    !root.isGitRepo && input.outsideRepository === 'cwd' ? [cwd] : ancestorsUpTo(cwd, root.worktreeRoot, DEFAULT_RUN_LIMITS.walkFolders);
  d.worktreeReal = (await realPathOf(fs, root.worktreeRoot)) ?? root.worktreeRoot;

  const winner = await discoverProject(d, walk);
  await discoverGlobal(d);
  const urls = await discoverConfigured(d, walk, root);
  for (const rules of input.rules ?? []) await discoverRules(d, rules);
  d.sources.push(...(await discoverUrls(d, urls)));
  orderSources(d.sources, input.blockOrder ?? DEFAULT_BLOCK_ORDER);
  warnSameFiles(d, d.worktreeReal);
  return { cwd, ...root, flags: d.flags, walk, winner, sources: d.sources, lookups: d.lookups, warnings: d.warnings };
}

/** The variable that switched a flag on (the first set one of its list). */
function flagSet(input: DiscoveryInput, name: StackFlagName): string {
  const names = flagVariables(input.flags[name]);
  return names.find((n) => envFlagOn(input.env[n])) ?? names.join(' or ');
}

function resolveFlags(input: DiscoveryInput): ResolvedFlags {
  return {
    disableClaudePrompts: flagVariables(input.flags.disableClaudePrompts).some((name) => envFlagOn(input.env[name])),
    disableProjectConfig: flagVariables(input.flags.disableProjectConfig).some((name) => envFlagOn(input.env[name])),
    configDirOverride: input.env[input.flags.configDirOverride] || undefined,
  };
}

type Worktree = Pick<InstructionDiscovery, 'worktreeRoot' | 'worktreeFrom' | 'isGitRepo'>;

/** The worktree root: the context's, else the nearest `.git` above the cwd, else the filesystem root (or the granted folder). */
async function resolveWorktree(d: Discovery): Promise<Worktree> {
  const { input, cwd, options } = d;
  let root: Worktree;
  if (input.worktreeRoot !== undefined) {
    root = { worktreeRoot: normalizePath(input.worktreeRoot), worktreeFrom: 'context', isGitRepo: input.isGitRepo ?? true };
  } else if (input.isGitRepo === false) {
    root = { worktreeRoot: rootOf(cwd), worktreeFrom: 'filesystem-root', isGitRepo: false };
  } else {
    const found = await findWorktreeRoot(d.fs, cwd, input.gitCheck);
    root = {
      worktreeRoot: found ?? rootOf(cwd),
      worktreeFrom: found ? 'found' : 'filesystem-root',
      isGitRepo: input.isGitRepo ?? found !== undefined,
    };
    if (input.isGitRepo === true && found === undefined) {
      warn(d, {
        code: 'worktree-not-found',
        severity: 'warning',
        message: `the context says git, but no .git was found above ${cwd}; the walk goes up to ${root.worktreeRoot}`,
      });
    }
  }
  // On the real disk without a .git, the walk stops at the granted folder (docs/stack.md).
  const ceiling = options.walkCeiling === undefined ? undefined : normalizePath(options.walkCeiling);
  if (root.worktreeFrom === 'filesystem-root' && ceiling !== undefined && isInsideOrEqual(cwd, ceiling) && ceiling !== root.worktreeRoot) {
    root = { ...root, worktreeRoot: ceiling, worktreeFrom: 'granted-folder' };
    warn(d, {
      code: 'walk-stops-at-granted-folder',
      severity: 'info',
      message: `no .git above ${cwd}: the walk up stops at the granted folder ${ceiling}; folders above it are not looked in`,
    });
  }
  if (!isInsideOrEqual(cwd, root.worktreeRoot)) {
    warn(d, {
      code: 'cwd-outside-worktree',
      severity: 'warning',
      message: `the working directory ${cwd} is not inside the worktree root ${root.worktreeRoot}; the walk goes up to the filesystem root`,
    });
  }
  return root;
}

/** A probe that found no file, as the warning it gives (missing files give none). */
function reportProbe(d: Discovery, p: Exclude<Found, { exists: true }>, path: string): void {
  const code = {
    'not-a-file': 'instruction-not-a-file',
    unreadable: 'instruction-unreadable',
    'not-granted': 'instruction-not-granted',
  } as const;
  if (p.status !== 'missing') warn(d, { code: code[p.status], severity: 'warning', message: `${path} is skipped: ${p.reason}`, path });
}

/** A lookup whose file is not there to read: its status and reason, and a warning unless it is simply missing. */
function probeFailed(d: Discovery, lookup: InstructionLookup, p: Exclude<Found, { exists: true }>, path: string): void {
  lookup.status = p.status;
  lookup.reason = p.reason;
  lookup.readProblem = p.problem;
  reportProbe(d, p, path);
}

const SOURCE_TO_LOOKUP: Record<InstructionSourceStatus, LookupStatus> = {
  used: 'found',
  empty: 'empty',
  unreadable: 'unreadable',
  'too-large': 'too-large',
  binary: 'binary',
  dropped: 'dropped',
  'not-fetched': 'not-fetched',
  'fetch-failed': 'fetch-failed',
};

/** Reads an existing file into a source; the lookup gets the matching status. */
/**
 * Who wrote a file, for Kilo's substitution: the user (the global file, `~/` and absolute
 * entries), the user's global rules (no `{env:}`, no `{file:}` out of the worktree), or the
 * project (neither, and the file itself may not lead out of the worktree).
 */
type Trust = 'user' | 'user-rules' | 'project';

async function include(
  d: Discovery,
  layer: InstructionLayer,
  origin: string,
  path: string,
  lookup: InstructionLookup,
  trust: Trust = layer === 'global' ? 'user' : 'project',
): Promise<void> {
  if (d.included.has(path)) {
    lookup.status = 'duplicate';
    lookup.reason = 'already included through an earlier source';
    return;
  }
  d.included.add(path);
  const source: InstructionSource = { layer, kind: 'file', origin, path, status: 'used', reason: '' };
  const real = await realPathOf(d.fs, path);
  if (real !== undefined && real !== path) source.realPath = real;
  const read = await readText(d.fs, path, { decoding: 'strict' });
  if (!read.ok) {
    source.reason = read.reason;
    lookup.readProblem = read.problem;
    if (read.problem === 'not-utf8') {
      source.status = 'binary';
      warn(d, {
        code: 'instruction-binary',
        severity: 'warning',
        message: `${path} is skipped: ${read.reason.replace(/^binary: /, '')}`,
        path,
      });
    } else {
      source.status = read.problem === 'too-large' ? 'too-large' : 'unreadable';
      warn(d, {
        code: read.problem === 'not-granted' ? 'instruction-not-granted' : 'instruction-unreadable',
        severity: 'warning',
        message: `${path} is skipped: ${source.reason}`,
        path,
      });
    }
  } else if (read.text === '') {
    source.status = 'empty';
    source.reason = 'the file is empty';
    warn(d, { code: 'instruction-empty', severity: 'info', message: `${path} is empty and adds nothing`, path });
  } else {
    const text = d.input.substitution ? await substitute(d, read.text, path, real ?? path, trust) : { text: read.text };
    if ('dropped' in text) {
      source.status = 'dropped';
      source.reason = text.dropped;
      lookup.status = 'dropped';
      lookup.reason = text.dropped;
      warn(d, { code: 'instruction-dropped', severity: 'warning', message: `${path} is dropped: ${text.dropped}`, path });
      d.sources.push(source);
      return;
    }
    source.content = text.text;
    source.block = instructionBlock(path, text.text, d.input.block);
    source.reason = 'used';
    if (text.text.trim() === '')
      warn(d, {
        code: 'instruction-whitespace-only',
        severity: 'warning',
        message: `${path} holds only whitespace; it is still sent`,
        path,
      });
  }
  lookup.status = SOURCE_TO_LOOKUP[source.status];
  lookup.reason = source.status === 'used' ? 'found and used' : source.reason;
  d.sources.push(source);
}

/** Project files: the first name found anywhere in the walk wins; all its matches are used, nearest first. */
async function discoverProject(d: Discovery, walk: readonly string[]): Promise<string | undefined> {
  const { input, flags } = d;
  let winner: string | undefined;
  /** Folders of the walk that could not be looked in (not granted): one warning for all. */
  const walkRefused = new Set<string>();
  for (const file of input.instructionFiles) {
    const candidates = input.localCompanions ? [file.name, companionName(file.name)] : [file.name];
    const lookupFor = (directory: string, i: number, status: LookupStatus, reason: string): InstructionLookup => ({
      layer: 'project',
      target: file.name,
      path: joinPath(directory, candidates[i] as string),
      directory,
      companion: i > 0,
      status,
      reason,
    });
    const notLooked = flags.disableProjectConfig
      ? { status: 'disabled' as const, reason: `project instructions are off (${flagSet(input, 'disableProjectConfig')} is set)` }
      : winner !== undefined
        ? { status: 'not-looked-for' as const, reason: `${winner} was found first, so later names are not looked for` }
        : flagOn(d, file.skipWhen)
          ? {
              status: 'disabled' as const,
              reason: `${file.name} is not looked for while ${flagSet(input, file.skipWhen as StackFlagName)} is set`,
            }
          : undefined;
    if (notLooked !== undefined) {
      for (const directory of walk)
        candidates.forEach((_, i) => d.lookups.push(lookupFor(directory, i, notLooked.status, notLooked.reason)));
      continue;
    }
    const matches: InstructionLookup[] = [];
    for (const directory of walk) {
      for (let i = 0; i < candidates.length; i++) {
        const lookup = lookupFor(directory, i, 'missing', 'no such file');
        d.lookups.push(lookup);
        const p = await findFile(d.fs, lookup.path as string);
        if (p.exists) {
          matches.push(lookup);
          continue;
        }
        lookup.status = p.status;
        lookup.reason = p.reason;
        lookup.readProblem = p.problem;
        if (p.status === 'not-granted') walkRefused.add(directory);
        else reportProbe(d, p, lookup.path as string);
      }
    }
    if (matches.length === 0) continue;
    winner = file.name;
    for (const m of matches) await include(d, 'project', file.name, m.path as string, m);
    if (file.deprecated && d.sources.some((s) => s.layer === 'project' && s.status === 'used'))
      warn(d, {
        code: 'instruction-deprecated-name',
        severity: 'info',
        message: `${file.name} is a deprecated instruction file name; consider renaming it`,
      });
  }
  if (walkRefused.size > 0) {
    const folders = walk.filter((dir) => walkRefused.has(dir));
    warn(d, {
      code: 'instruction-not-granted',
      severity: 'warning',
      message: `instruction files in ${folders.join(', ')} were not looked for: outside the granted folders (the agent would look there)`,
    });
  }
  return winner;
}

/** Global file: the first existing location is used (an empty one still ends the search). */
async function discoverGlobal(d: Discovery): Promise<void> {
  const { input } = d;
  let globalFound: string | undefined;
  for (const location of input.globalFiles) {
    const lookup: InstructionLookup = { layer: 'global', target: location.path, status: 'missing', reason: 'no such file' };
    d.lookups.push(lookup);
    if (globalFound !== undefined) {
      lookup.status = 'not-looked-for';
      lookup.reason = `${globalFound} was found first`;
      continue;
    }
    if (flagOn(d, location.skipWhen)) {
      lookup.status = 'disabled';
      lookup.reason =
        location.skipWhen === 'configDirOverride'
          ? `${input.flags.configDirOverride} replaces this location`
          : `not looked for while ${flagSet(input, location.skipWhen as StackFlagName)} is set`;
      continue;
    }
    const expanded = expandGlobalLocation(location.path, { ...input, cwd: d.cwd }, d.flags);
    if ('unset' in expanded) {
      lookup.status = 'disabled';
      lookup.reason = `${expanded.unset} is not set`;
      continue;
    }
    if ('invalid' in expanded) {
      lookup.status = 'unreadable';
      lookup.reason = expanded.invalid;
      warn(d, {
        code: 'instruction-location-invalid',
        severity: 'warning',
        message: `global location ${location.path}: ${expanded.invalid}`,
      });
      continue;
    }
    lookup.path = expanded.path;
    const p = await findFile(d.fs, expanded.path);
    if (!p.exists) {
      probeFailed(d, lookup, p, expanded.path);
      continue;
    }
    globalFound = expanded.path;
    await include(d, 'global', location.path, expanded.path, lookup);
  }
}

/** Configured entries: files and globs now (in the order given), URLs returned for later. */
async function discoverConfigured(d: Discovery, walk: readonly string[], root: Worktree): Promise<string[]> {
  const { input, cwd, flags } = d;
  const base = root.isGitRepo ? root.worktreeRoot : cwd;
  const urls: string[] = [];
  for (const entry of input.instructions) {
    if (/^https?:\/\//i.test(entry)) {
      if (!urls.includes(entry)) urls.push(entry);
      continue;
    }
    const lookup: InstructionLookup = { layer: 'configured', target: entry, status: 'missing', reason: 'no such file' };
    d.lookups.push(lookup);
    const expanded = entry === '~' || entry.startsWith('~/') ? joinPath(input.homeDir, entry.slice(2)) : entry;
    const relative = !isAbsolutePath(expanded);
    const scan = picomatch.scan(isWindowsPath(expanded) ? expanded.replace(/\\/g, '/') : expanded);
    // Where the entry is looked for: every folder from the cwd up to the worktree root, nearest
    // first (find-up; with project config off, the config folder); else one folder (the base;
    // an absolute entry is its own), which a relative entry may not leave.
    const findUp = relative && input.relativeInstructions === 'find-up';
    const configFolder =
      flags.configDirOverride !== undefined
        ? joinPath(cwd, flags.configDirOverride)
        : (input.configFolder ?? joinPath(input.configDir, 'opencode'));
    const dirs = findUp ? (flags.disableProjectConfig ? [configFolder] : [...walk]) : [base];
    lookup.path = joinPath(dirs[0] ?? cwd, expanded);
    const found = await matchEntry(d, { entry, expanded, scan, dirs, confined: relative && !findUp, lookup });
    if (found === undefined) continue;
    const where = findUp ? `not found in ${dirs.join(', ')}` : undefined;
    if (found.matches.length === 0 && scan.isGlob) {
      lookup.status = 'no-match';
      lookup.reason = where ?? `no file under ${joinPath(base, scan.base === '' ? '.' : scan.base)} matches ${scan.glob}`;
      warn(d, { code: 'instruction-glob-no-match', severity: 'warning', message: `configured glob ${entry} matched no file` });
      continue;
    }
    if (found.matches.length === 0) {
      const failure = found.failure;
      lookup.status = failure?.status ?? 'missing';
      lookup.readProblem = failure?.problem ?? 'missing';
      lookup.reason = failure?.reason ?? where ?? 'no such file';
      if (failure !== undefined) reportProbe(d, failure, lookup.path);
      else
        warn(
          d,
          findUp
            ? {
                code: 'instruction-missing',
                severity: 'warning',
                message: `configured instruction file ${entry} was not found from ${cwd} up to ${root.worktreeRoot}`,
              }
            : {
                code: 'instruction-missing',
                severity: 'warning',
                message: `configured instruction file ${lookup.path} does not exist`,
                path: lookup.path,
              },
        );
      continue;
    }
    // One file in one folder: the entry's lookup is that file's; otherwise each match gets its own.
    const trust: Trust = relative ? 'project' : 'user';
    if (!findUp && !scan.isGlob) {
      await include(d, 'configured', entry, found.matches[0] as string, lookup, trust);
      continue;
    }
    lookup.status = 'found';
    lookup.reason = `matched ${found.matches.length} file${found.matches.length === 1 ? '' : 's'}`;
    for (const path of found.matches) {
      const each: InstructionLookup = { layer: 'configured', target: entry, path, status: 'found', reason: '' };
      d.lookups.push(each);
      await include(d, 'configured', entry, path, each, trust);
    }
  }
  return urls;
}

/**
 * Kilo's rules folders (kilo.md rule 3): each folder's top-level `.md` files in byte order, a
 * name already taken by an earlier folder of the same group skipped; or one legacy file.
 */
async function discoverRules(d: Discovery, rules: RulesSource): Promise<void> {
  const trust: Trust = rules.scope === 'global' ? 'user-rules' : 'project';
  if (rules.file !== undefined) {
    const lookup: InstructionLookup = {
      layer: 'configured',
      target: rules.file,
      path: rules.file,
      status: 'missing',
      reason: 'no such file',
    };
    d.lookups.push(lookup);
    const p = await findFile(d.fs, rules.file);
    if (!p.exists) {
      probeFailed(d, lookup, p, rules.file);
      return;
    }
    await include(d, 'configured', rules.file, rules.file, lookup, trust);
    return;
  }
  const taken = new Set<string>();
  for (const folder of rules.folders ?? []) {
    const st = await probe(d.fs, folder);
    if (st.kind !== 'directory') {
      const lookup: InstructionLookup = { layer: 'configured', target: folder, path: folder, status: 'missing', reason: 'no such folder' };
      if (st.kind === 'error') {
        lookup.status = st.problem === 'not-granted' ? 'not-granted' : 'unreadable';
        lookup.reason = st.reason;
        lookup.readProblem = st.problem;
      }
      d.lookups.push(lookup);
      continue;
    }
    let names: string[];
    try {
      names = [...(await d.fs.readdir(folder))].sort(compareCodePoints);
    } catch (error) {
      d.lookups.push({
        layer: 'configured',
        target: folder,
        path: folder,
        status: 'unreadable',
        reason: `cannot list it (${fsErrorText(error)})`,
      });
      continue;
    }
    for (const name of names) {
      if (!name.endsWith('.md')) continue;
      const path = joinPath(folder, name);
      if ((await probe(d.fs, path)).kind !== 'file') continue;
      const lookup: InstructionLookup = { layer: 'configured', target: folder, path, status: 'found', reason: '' };
      d.lookups.push(lookup);
      if (taken.has(name)) {
        lookup.status = 'not-looked-for';
        lookup.reason = `${name} is taken by an earlier rules folder`;
        continue;
      }
      taken.add(name);
      await include(d, 'configured', folder, path, lookup, trust);
    }
  }
}

/** `{file:…}` and `{env:…}` (kilo.md rule 7): a token, on a line that is not a `//` comment, not right after `$`. */
const SUBSTITUTION = /\{(file|env):([^{}\n]*)\}/g;

/**
 * The text with Kilo's substitutions made; or why the agent drops the whole file: a project
 * file may use no `{env:…}`, no `{file:…}` out of the worktree, and may not itself lead out of
 * it (a user's global rules may not use the first two).
 */
async function substitute(
  d: Discovery,
  text: string,
  path: string,
  real: string,
  trust: Trust,
): Promise<{ text: string } | { dropped: string }> {
  if (trust === 'project' && !isInsideOrEqual(real, d.worktreeReal))
    return { dropped: `it leads to ${real}, outside the worktree ${d.worktreeReal}: a project file there is not read` };
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (!line.includes('{') || /^\s*\/\//.test(line)) continue;
    let out = '';
    let last = 0;
    for (const m of line.matchAll(SUBSTITUTION)) {
      const at = m.index;
      if (at > 0 && line[at - 1] === '$') continue;
      const [whole, kind, ref] = m as unknown as [string, 'file' | 'env', string];
      let value: string;
      if (kind === 'env') {
        if (trust !== 'user')
          return { dropped: `it uses ${whole}, which ${trust === 'project' ? 'a project file' : 'a global rule'} may not` };
        value = d.input.env[ref] ?? '';
      } else {
        const target = ref.startsWith('~/') ? joinPath(d.input.homeDir, ref.slice(2)) : joinPath(parentOf(path), ref);
        const targetReal = (await realPathOf(d.fs, target)) ?? target;
        if (trust !== 'user' && !isInsideOrEqual(targetReal, d.worktreeReal))
          return { dropped: `its ${whole} leads to ${targetReal}, outside the worktree ${d.worktreeReal}` };
        const read = await readText(d.fs, target, { decoding: 'lossy' });
        value = read.ok ? read.text.trim() : '';
        if (!read.ok && read.problem !== 'missing')
          warn(d, {
            code: 'instruction-unreadable',
            severity: 'warning',
            message: `${path}: ${whole} gives "": ${read.reason}`,
            path: target,
          });
      }
      out += line.slice(last, at) + value;
      last = at + whole.length;
    }
    lines[i] = out + line.slice(last);
  }
  return { text: lines.join('\n') };
}

interface EntrySearch {
  entry: string;
  expanded: string;
  scan: ReturnType<typeof picomatch.scan>;
  /** Folders to look in, in order. */
  dirs: readonly string[];
  /** A relative entry looked for in one folder may not leave it. */
  confined: boolean;
  lookup: InstructionLookup;
}

/**
 * The files a configured entry names, looked for in each folder in order (each file once), and,
 * when it names one file that is not found, the first thing found in its place. Undefined when
 * the entry is refused outright: it leaves its folder, or the folder is not granted (the lookup
 * then says why).
 */
async function matchEntry(
  d: Discovery,
  s: EntrySearch,
): Promise<{ matches: string[]; failure?: Exclude<Found, { exists: true }> | undefined } | undefined> {
  const { entry, expanded, scan, lookup } = s;
  const refuse = (status: LookupStatus, reason: string, warning: Omit<StackWarning, 'layer'>): undefined => {
    lookup.status = status;
    lookup.reason = reason;
    warn(d, warning);
    return undefined;
  };
  const matches: string[] = [];
  let failure: Exclude<Found, { exists: true }> | undefined;
  for (const dir of s.dirs) {
    const target = scan.isGlob ? joinPath(dir, scan.base === '' ? '.' : scan.base) : joinPath(dir, expanded);
    if (s.confined && !isInsideOrEqual(target, dir)) {
      const why = `points above ${dir}, where relative entries are resolved`;
      return refuse('outside-worktree', why, {
        code: 'instruction-outside-worktree',
        severity: 'warning',
        message: `configured ${entry} is not read: it ${why}`,
        ...(scan.isGlob ? {} : { path: target }),
      });
    }
    if (!scan.isGlob) {
      const p = await findFile(d.fs, target);
      if (p.exists) {
        if (!matches.includes(target)) matches.push(target);
      } else if (p.status !== 'missing') failure ??= p;
      continue;
    }
    if (s.dirs.length === 1) {
      const refused = await refusedFolder(d.fs, target);
      if (refused !== undefined)
        return refuse('not-granted', refused, {
          code: 'instruction-not-granted',
          severity: 'warning',
          message: `configured ${entry} is not read: ${refused}`,
          path: target,
        });
    }
    for (const path of await expandGlob(d, target, scan.glob, entry)) if (!matches.includes(path)) matches.push(path);
  }
  return { matches, failure };
}

/** URLs: listed always, fetched only when asked. */
async function discoverUrls(d: Discovery, urls: readonly string[]): Promise<InstructionSource[]> {
  const { options } = d;
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
  d.lookups.push(...urlLookups);
  if (urls.length === 0) return urlSources;
  const notFetched = (reason: string): void => {
    for (const [i, s] of urlSources.entries()) {
      s.reason = reason;
      (urlLookups[i] as InstructionLookup).reason = reason;
    }
  };
  if (!options.fetchUrls) {
    notFetched('fetching URLs was not asked for');
    warn(d, {
      code: 'url-not-fetched',
      severity: 'info',
      message: `${urls.length} configured URL${urls.length === 1 ? ' was' : 's were'} not fetched; the agent would fetch ${urls.length === 1 ? 'it' : 'them'} and add the text`,
    });
    return urlSources;
  }
  const fetchUrl = options.fetchUrl;
  if (!fetchUrl) {
    notFetched('no fetch function was given');
    warn(d, { code: 'url-fetcher-missing', severity: 'warning', message: 'fetching URLs was asked for, but no fetch function was given' });
    return urlSources;
  }
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
        s.block = instructionBlock(s.path, outcome.text, d.input.block);
        l.status = 'found';
      }
      l.reason = s.reason;
      return;
    }
    s.status = 'fetch-failed';
    s.reason = outcome.reason;
    l.status = 'fetch-failed';
    l.reason = outcome.reason;
    warn(d, {
      code: outcome.kind === 'timeout' ? 'url-timeout' : 'url-fetch-failed',
      severity: 'warning',
      message: `${s.path}: ${outcome.reason}`,
      path: s.path,
    });
  });
  return urlSources;
}

/** Sources in the version's block order (stable within a group). */
function orderSources(sources: InstructionSource[], order: readonly InstructionGroup[]): void {
  const rank = (src: InstructionSource): number => order.indexOf(src.kind === 'url' ? 'urls' : src.layer);
  const ordered = sources.map((src, i) => ({ src, i })).sort((a, b) => rank(a.src) - rank(b.src) || a.i - b.i);
  sources.splice(0, sources.length, ...ordered.map((o) => o.src));
}

/** The same file on disk through two paths is sent twice, as the agent would; say so. */
function warnSameFiles(d: Discovery, worktreeReal: string): void {
  const byReal = new Map<string, string>();
  for (const s of d.sources) {
    if (s.kind !== 'file' || s.status !== 'used') continue;
    const real = s.realPath ?? s.path;
    const first = byReal.get(real);
    if (first !== undefined)
      warn(d, {
        code: 'instruction-duplicate-file',
        severity: 'info',
        message: `${s.path} is the same file as ${first}; its text is sent twice`,
        path: s.path,
      });
    else byReal.set(real, s.path);
    if (s.layer === 'project' && s.realPath !== undefined && !isInsideOrEqual(s.realPath, worktreeReal))
      warn(d, {
        code: 'instruction-symlink-outside-worktree',
        severity: 'info',
        message: `${s.path} is a symlink to ${s.realPath}, outside the worktree; it is used, as the agent follows symlinks`,
        path: s.path,
      });
  }
}

/**
 * The nearest folder at or above `cwd` holding `.git` (a folder, or a file for worktrees and
 * submodules); with `git`, only a repository git itself accepts.
 */
export function findWorktreeRoot(fs: InstructionFs, cwd: string, check: 'entry' | 'git' = 'entry'): Promise<string | undefined> {
  return check === 'git' ? findGitRoot(fs, cwd, 'git') : findUp(fs, cwd, ['.git']);
}

/** Why a glob's base folder may not be walked (not granted), or undefined. */
async function refusedFolder(fs: InstructionFs, folder: string): Promise<string | undefined> {
  const p = await probe(fs, folder);
  return p.kind === 'error' && p.problem === 'not-granted' ? p.reason : undefined;
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
async function expandGlob(d: Discovery, base: string, glob: string, entry: string): Promise<string[]> {
  const { fs, lookups } = d;
  const maxEntries = d.options.maxGlobEntries ?? DEFAULT_MAX_GLOB_ENTRIES;
  const warn = (w: Omit<StackWarning, 'layer'>): void => {
    d.warnings.push({ ...w, layer: 'instructions' });
  };
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
