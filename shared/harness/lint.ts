import type { InstructionFs } from '../stack/instruction-fs.js';
import { DEFAULT_RUN_LIMITS } from './run/budget.js';
import { baseName, joinPath, parentOf, relativeInside } from '../stack/path.js';
import type { HarnessContext } from './context.js';
import type { HarnessFileReport, HarnessResult } from './result.js';
import { patternMatcher, patternRefusal } from './text/path-patterns.js';

/**
 * Lint for instruction files, over the results of several harnesses on one tree: files over a
 * harness's limit (and where the cut falls), imports that fail or leave the allowed root,
 * `paths:` patterns that match nothing in the tree (or that linear-time matching refuses), files one harness loads and another
 * ignores, and rules that appear twice in one request.
 */

export type InstructionFindingCode =
  | 'over-limit'
  | 'import-failed'
  | 'import-outside'
  | 'paths-match-nothing'
  | 'paths-not-accepted'
  | 'ignored-by'
  | 'loaded-by-none'
  | 'duplicate-rules';

export interface InstructionFinding {
  code: InstructionFindingCode;
  severity: 'warning' | 'info';
  /** The harness profile it concerns (absent for findings across harnesses). */
  harness?: string | undefined;
  /** That harness's observed releases (empty: its profile follows the spec page only). */
  observedWith?: string[] | undefined;
  path: string;
  message: string;
  /** Where in the file (a cut). */
  line?: number | undefined;
  column?: number | undefined;
}

const LOADED = new Set(['loaded', 'truncated']);
const isLoaded = (f: HarnessFileReport): boolean => LOADED.has(f.status);

/** Paragraphs shorter than this are not reported as duplicates (headings, one-word lines). */
const MIN_PARAGRAPH = 30;

/** The files of a context's tree (folders and symlinks to folders aside), for the `paths:` check. */
export function contextTreeFiles(context: Pick<HarnessContext, 'files' | 'symlinks'>): string[] {
  return [
    ...Object.entries(context.files)
      .filter(([p, v]) => !(/[\\/]$/.test(p) && v === ''))
      .map(([p]) => p),
    ...Object.keys(context.symlinks),
  ];
}

/** A harness as lint names it: name, version and the releases it was observed with. */
export function harnessLabel(r: Pick<HarnessResult, 'name' | 'version' | 'observedWith'>): string {
  return `${r.name} ${r.version} (${r.observedWith.length > 0 ? `observed with ${r.observedWith.join(', ')}` : 'not observed'})`;
}

export function lintInstructions(results: readonly HarnessResult[], treeFiles: readonly string[]): InstructionFinding[] {
  const out: InstructionFinding[] = [];
  for (const r of results) {
    const who = harnessLabel(r);
    const push = (f: Omit<InstructionFinding, 'harness' | 'observedWith'>): void => {
      out.push({ ...f, harness: r.harness, observedWith: r.observedWith });
    };
    for (const f of r.files) {
      if (f.limit?.effect === 'cut')
        push({
          code: 'over-limit',
          severity: 'warning',
          path: f.path,
          line: f.truncation?.line,
          column: f.truncation?.column,
          message: `${who} cuts ${f.path} at ${f.truncation ? `line ${f.truncation.line}, column ${f.truncation.column} (${f.truncation.keptBytes} of ${f.bytes ?? '?'} bytes kept)` : 'its limit'}: the limit is ${f.limit.bytes} bytes`,
        });
      else if (f.limit?.effect === 'dropped')
        push({
          code: 'over-limit',
          severity: 'warning',
          path: f.path,
          message: `${who} leaves ${f.path} out: ${f.reason}`,
        });
      if (f.importProblem !== undefined && f.importedBy !== undefined)
        push({
          code: f.importProblem === 'outside' ? 'import-outside' : 'import-failed',
          severity: 'warning',
          path: f.importedBy,
          message: `${who}: the import of ${f.path} in ${f.importedBy} ${f.importProblem === 'outside' ? 'leaves the allowed root' : 'fails'}: ${f.reason}`,
        });
      if (f.paths !== undefined) {
        const { base, flavour } = f.paths;
        const rels = treeFiles.map((p) => relativeInside(base, p)).filter((p): p is string => p !== undefined && p !== '');
        for (const pattern of f.paths.patterns) {
          const refusal = patternRefusal(pattern, flavour);
          if (refusal !== undefined) {
            out.push({
              code: 'paths-not-accepted',
              severity: 'warning',
              harness: r.harness,
              path: f.path,
              message: `${who}: the paths pattern '${pattern}' of ${f.path} is not accepted (${refusal}): the preview treats it as matching nothing`,
            });
            continue;
          }
          const m = patternMatcher(pattern, flavour);
          if (!rels.some((rel) => m(rel)))
            push({
              code: 'paths-match-nothing',
              severity: 'warning',
              path: f.path,
              message: `${who}: the paths pattern '${pattern}' of ${f.path} matches no file below ${base}`,
            });
        }
      }
    }
    out.push(...duplicates(r));
  }
  out.push(...ignored(results));
  out.push(...loadedByNone(results, treeFiles));
  return dedupe(out);
}

/** Rules (paragraphs, or whole files) that appear twice in one harness's request. */
function duplicates(r: HarnessResult): InstructionFinding[] {
  const seen = new Map<string, string[]>();
  for (const f of r.files) {
    if (!isLoaded(f) || f.text === undefined) continue;
    const whole = f.text.trim();
    const pieces = new Set<string>(whole === '' ? [] : [whole]);
    for (const para of f.text.split(/\r?\n\s*\r?\n/)) {
      const norm = para.replace(/\s+/g, ' ').trim();
      if (norm.length >= MIN_PARAGRAPH) pieces.add(norm);
    }
    for (const piece of pieces) seen.set(piece, [...(seen.get(piece) ?? []), f.path]);
  }
  const out: InstructionFinding[] = [];
  const reported = new Set<string>();
  for (const [piece, paths] of seen) {
    if (paths.length < 2) continue;
    const key = paths.join('\n');
    if (reported.has(key)) continue;
    reported.add(key);
    const shown = piece.length > 60 ? `${piece.slice(0, 57)}...` : piece;
    out.push({
      code: 'duplicate-rules',
      severity: 'warning',
      harness: r.harness,
      observedWith: r.observedWith,
      path: paths[1] as string,
      message: `${harnessLabel(r)} sends "${shown}" twice: in ${paths.join(' and ')}`,
    });
  }
  return out;
}

/** Files some harnesses load and others ignore: "loaded by … ignored by …", each with its reason. */
function ignored(results: readonly HarnessResult[]): InstructionFinding[] {
  if (results.length < 2) return [];
  const loadedBy = new Map<string, HarnessResult[]>();
  for (const r of results)
    for (const f of r.files)
      if (isLoaded(f) && !(loadedBy.get(f.path) ?? []).includes(r)) loadedBy.set(f.path, [...(loadedBy.get(f.path) ?? []), r]);
  const out: InstructionFinding[] = [];
  for (const [path, by] of loadedBy) {
    const not = results.filter((r) => !by.includes(r));
    if (not.length === 0) continue;
    out.push({
      code: 'ignored-by',
      severity: 'info',
      path,
      message: `${path} is loaded by ${by.map(harnessLabel).join(', ')}; ignored by ${reasonsOf(not, path)}`,
    });
  }
  return out;
}

/** Harnesses grouped by why they do not load a path: `A, B: reason; C: other reason`. */
function reasonsOf(list: readonly HarnessResult[], path: string): string {
  const groups = new Map<string, string[]>();
  for (const r of list) {
    const why = whyNot(r, path);
    groups.set(why, [...(groups.get(why) ?? []), harnessLabel(r)]);
  }
  return [...groups].map(([why, who]) => `${who.join(', ')}: ${why}`).join('; ');
}

/** Why a harness does not load a path: its own report's reason, or that it never looks there (and where it looks for that name). */
function whyNot(r: HarnessResult, path: string): string {
  const report = r.files.find((f) => f.path === path && !isLoaded(f));
  if (report !== undefined) return `${report.status}, ${report.reason}`;
  const name = baseName(path);
  const folders = [...new Set(r.files.filter((f) => f.importedBy === undefined && baseName(f.path) === name).map((f) => parentOf(f.path)))];
  if (folders.length === 0) return 'not one of the files it looks for';
  const shown = folders.length > MAX_FOLDERS ? [...folders.slice(0, MAX_FOLDERS), `${folders.length - MAX_FOLDERS} more`] : folders;
  return `not looked for there: it looks for ${name} in ${shown.join(', ')}`;
}

/** Folders named in a reason before the rest is counted. */
const MAX_FOLDERS = 4;

/**
 * Instruction files in the tree that no harness loads, with each harness's reason: those some
 * harness looked at and left out, and those none looked at whose name is one a harness looks
 * for (`AGENTS.md` in a folder no walk reaches, say).
 */
function loadedByNone(results: readonly HarnessResult[], treeFiles: readonly string[]): InstructionFinding[] {
  if (results.length === 0) return [];
  const inTree = new Set(treeFiles);
  const looked = new Map<string, true>();
  const loaded = new Set<string>();
  const names = new Set<string>();
  for (const r of results)
    for (const f of r.files) {
      if (isLoaded(f)) loaded.add(f.path);
      else if (inTree.has(f.path)) looked.set(f.path, true);
      if (f.importedBy === undefined) names.add(baseName(f.path));
    }
  const unseen = treeFiles.filter((p) => !looked.has(p) && names.has(baseName(p)));
  const out: InstructionFinding[] = [];
  for (const path of [...looked.keys(), ...unseen]) {
    if (loaded.has(path)) continue;
    out.push({
      code: 'loaded-by-none',
      severity: 'warning',
      path,
      message: `${path} is loaded by no harness: ${reasonsOf(results, path)}`,
    });
  }
  return out;
}

function dedupe(list: InstructionFinding[]): InstructionFinding[] {
  const keys = new Set<string>();
  return list.filter((f) => {
    const key = `${f.code}\n${f.harness ?? ''}\n${f.message}`;
    if (keys.has(key)) return false;
    keys.add(key);
    return true;
  });
}

/**
 * Files below a folder on a filesystem, breadth-first, for the `paths:` check on the real disk
 * (`.git` and `node_modules` skipped, at most `max` entries and `maxDepth` levels). Linear in
 * the entries: only a symlinked folder is resolved (to stop loops), since asking a deep
 * folder's real path costs a lookup per level.
 */
export async function treeFilesOf(
  fs: InstructionFs,
  root: string,
  max = 5000,
  maxDepth = DEFAULT_RUN_LIMITS.walkFolders,
): Promise<string[]> {
  const out: string[] = [];
  const linked = new Set<string>();
  let queue = [root];
  let visited = 0;
  for (let depth = 0; queue.length > 0 && visited < max && depth < maxDepth; depth++) {
    const next: string[] = [];
    for (const dir of queue) {
      let names: string[];
      try {
        names = [...(await fs.readdir(dir))].sort();
      } catch {
        continue;
      }
      for (const name of names) {
        if (++visited > max) break;
        if (name === '.git' || name === 'node_modules') continue;
        const p = joinPath(dir, name);
        let kind: string | undefined;
        let link: boolean;
        try {
          kind = (await fs.stat(p))?.kind;
          link = fs.lstat === undefined || (await fs.lstat(p))?.kind === 'symlink';
        } catch {
          continue;
        }
        if (kind === 'file') out.push(p);
        if (kind !== 'directory') continue;
        if (link) {
          // A linked folder is entered once (a link back up the tree would loop).
          const real = await fs.realpath(p).catch(() => undefined);
          if (real === undefined || linked.has(real)) continue;
          linked.add(real);
        }
        next.push(p);
      }
    }
    queue = next;
  }
  return out;
}
