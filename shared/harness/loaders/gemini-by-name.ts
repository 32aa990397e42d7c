import { isRootPath, joinPath, parentOf, relativePath, samePath } from '../../stack/path.js';
import type { GeminiProfile } from '../profile/gemini.js';
import type { HarnessFileReport } from '../result.js';
import { fillSlots } from '../text/fill.js';
import { parseFrontmatter, splitFrontmatter } from '../text/frontmatter.js';
import { stripAllHtmlComments } from '../text/html-comments.js';
import { compareCodeUnits } from '../text/order.js';
import { pathsList } from '../text/path-patterns.js';
import { findGitRoot } from '../run/find-up.js';
import { probe, probeFailure, readText, realPathOf, unreadReport } from '../run/read.js';
import type { RunRecorder } from '../run/recorder.js';
import { listRulesFolder } from '../run/rules-folder.js';
import type { RunInput } from '../run/run-input.js';
import { settingAt, stringListSetting, stringSetting } from '../run/settings.js';
import { memoryBlock, type GeminiSetup } from './gemini-steps.js';

/**
 * Qwen Code's layout of the Gemini CLI loader (docs/harnesses/qwen-code.md): for each name in
 * turn, the global file and the walk from above the project root down to the working folder;
 * then the language file the agent writes and always loads; the include directories (when
 * asked); the private local file; then the rules folders. Everything is one section of the
 * system prompt, after a separator.
 */

interface Found {
  path: string;
  group: string;
  reason: string;
}

export async function runByName(profile: GeminiProfile, input: RunInput, rec: RunRecorder, setup: GeminiSetup): Promise<void> {
  const { fs, cwd, home } = input;
  const s = profile.settings;
  const { globalDir, names, trusted } = setup;
  const root = await findGitRoot(fs, cwd, 'entry');
  rec.facts.projectRoot = root ?? '(none: the walk stops above home)';

  /** Folders of the walk from `start`, outermost first (qwen-code.md rule 2). */
  const walkFrom = (start: string, projectRoot: string | undefined): string[] => {
    if (samePath(start, home)) return [home];
    const boundary = parentOf(projectRoot ?? home);
    const dirs: string[] = [];
    for (const dir of input.budget.walkUp(start)) {
      // The filesystem root is never read; the global folders end the walk.
      if (isRootPath(dir) || samePath(dir, globalDir) || samePath(dir, joinPath(home, profile.globalFolder))) break;
      dirs.push(dir);
      if (samePath(dir, boundary)) break;
    }
    return dirs.reverse();
  };

  const listFor = async (start: string, projectRoot: string | undefined, label: string): Promise<Found[]> => {
    const out: Found[] = [];
    for (const name of names) {
      out.push({ path: joinPath(globalDir, name), group: 'global', reason: `global ${name}` });
      const dirs = walkFrom(start, projectRoot);
      for (const dir of dirs) {
        const path = joinPath(dir, name);
        if (!trusted.ok) {
          rec.file({ path, group: 'project', status: 'not-looked-for', reason: `project files are off: ${trusted.reason}` });
          continue;
        }
        out.push({ path, group: 'project', reason: `${name} ${label}` });
      }
    }
    return out;
  };

  const candidates: Found[] = await listFor(cwd, root, 'on the walk to the working folder');
  const language = profile.languageFile === undefined ? undefined : await languageFile(profile, input, rec, globalDir);
  if (language !== undefined) candidates.push(language.found);
  if (settingAt(input.settings, s.loadIncludes) === true)
    for (const dir of stringListSetting(input.settings, s.includeDirectories) ?? []) {
      const start = joinPath(cwd, dir);
      candidates.push(...(await listFor(start, await findGitRoot(fs, start, 'entry'), `on the walk to ${start}`)));
    }
  else if ((stringListSetting(input.settings, s.includeDirectories) ?? []).length > 0)
    rec.facts.includeDirectories = `not read for memory (${s.loadIncludes} is not true)`;
  if (profile.localFile !== undefined) {
    const path = joinPath(root ?? cwd, profile.localFile);
    if (root === undefined || !trusted.ok)
      rec.file({
        path,
        group: 'local',
        status: 'not-looked-for',
        reason: root === undefined ? 'no project root: there is no local file' : `project files are off: ${trusted.reason}`,
      });
    else candidates.push({ path, group: 'local', reason: 'the private local file' });
  }

  // Each file once, by real path, at its first place (qwen-code.md rule 6).
  const blocks: string[] = [];
  const seen = new Map<string, string>();
  for (const c of candidates) {
    const generated = language !== undefined && c === language.found ? language.text : undefined;
    const report = rec.file({ path: c.path, group: c.group, status: 'loaded', reason: c.reason, placement: 'system' });
    if (generated === undefined) {
      const st = await probe(fs, c.path);
      if (st.kind !== 'file') {
        Object.assign(report, unreadReport({ path: c.path, group: c.group }, probeFailure(st)));
        continue;
      }
      report.bytes = st.size;
      const real = (await realPathOf(fs, c.path)) ?? c.path;
      const first = seen.get(real);
      if (first !== undefined) {
        report.status = 'skipped';
        report.reason = `the same file as ${first}`;
        report.placement = undefined;
        continue;
      }
      seen.set(real, c.path);
    } else {
      report.reason = language?.reason ?? c.reason;
      seen.set(c.path, c.path);
    }
    const block = await memoryBlock(profile, input, rec, setup, report, false, generated);
    if (block !== undefined) blocks.push(block);
  }

  // Rules, after the context files (qwen-code.md rule 10).
  if (profile.rules !== undefined) {
    const base = root ?? cwd;
    blocks.push(...(await ruleBlocks(profile, input, rec, joinPath(globalDir, profile.rules.global), base, 'global rules')));
    if (trusted.ok) blocks.push(...(await ruleBlocks(profile, input, rec, joinPath(base, profile.rules.project), base, 'project rules')));
  }

  const memory = blocks.join(profile.blockSeparator).trim();
  if (memory === '') return;
  rec.part({
    placement: 'system',
    label: 'memory (system prompt)',
    text: profile.system.base + profile.system.separator + fillSlots(profile.system.memory, { memory }),
    files: rec.files.filter((f) => f.placement === 'system' && f.text !== undefined).map((f) => f.path),
  });
}

/**
 * The language file: the working folder's own if there is one, else the global one — which the
 * agent writes at startup, for `general.outputLanguage`, unless it already has the marker.
 */
async function languageFile(
  profile: GeminiProfile,
  input: RunInput,
  rec: RunRecorder,
  globalDir: string,
): Promise<{ found: Found; text?: string | undefined; reason: string } | undefined> {
  const lf = profile.languageFile;
  if (lf === undefined) return undefined;
  const local = joinPath(input.cwd, lf.project, lf.name);
  if ((await probe(input.fs, local)).kind === 'file')
    return {
      found: { path: local, group: 'language', reason: 'the working folder’s language file' },
      reason: 'the working folder’s language file, as it is',
    };
  const global = joinPath(globalDir, lf.name);
  rec.file({ path: local, group: 'language', status: 'missing', reason: 'no such file: the global language file is used' });
  const read = await readText(input.fs, global, { decoding: 'lossy' });
  if (read.ok && markedLanguage(lf, read.text) !== undefined)
    return {
      found: { path: global, group: 'language', reason: 'the global language file' },
      reason: 'the global language file (it has the marker, so the agent keeps it)',
    };
  const asked = stringSetting(input.settings, profile.settings.outputLanguage)?.trim() || 'auto';
  const text = asked === 'auto' ? lf.auto : fillSlots(lf.named, { language: asked });
  const why = read.ok ? 'has no language marker' : read.problem === 'missing' ? 'is not there' : `cannot be read (${read.reason})`;
  return {
    found: { path: global, group: 'language', reason: '' },
    text: `${text}\n`,
    reason: `written by the agent at startup for ${profile.settings.outputLanguage} = ${asked}, as the file ${why} (not in the tree: the text is the profile's)`,
  };
}

function markedLanguage(lf: NonNullable<GeminiProfile['languageFile']>, text: string): string | undefined {
  const at = text.indexOf(lf.markerPrefix);
  if (at < 0) return undefined;
  const end = text.indexOf(lf.markerSuffix, at + lf.markerPrefix.length);
  return end < 0 ? undefined : text.slice(at + lf.markerPrefix.length, end);
}

/** One rules folder: `.md` files below it, sorted by path; conditional ones (`paths`) wait, the others are blocks. */
async function ruleBlocks(
  profile: GeminiProfile,
  input: RunInput,
  rec: RunRecorder,
  folder: string,
  base: string,
  group: string,
): Promise<string[]> {
  const rules = profile.rules;
  if (rules === undefined) return [];
  const st = await probe(input.fs, folder);
  if (st.kind !== 'directory') {
    rec.file({ ...unreadReport({ path: folder, group }, probeFailure(st.kind === 'file' ? { kind: 'other', size: 0 } : st)) });
    return [];
  }
  let listed;
  try {
    listed = await listRulesFolder(input.fs, folder, {
      recursive: true,
      order: 'in-place',
      skipSymlinks: false,
      accept: (n) => n.endsWith(rules.extension),
    });
  } catch (error) {
    rec.warn('rules-unreadable', `${folder} cannot be listed (${error instanceof Error ? error.message : String(error)})`, folder);
    return [];
  }
  if (listed.cut !== undefined) rec.warn('rules-listing-cut', listed.cut, folder);
  const out: string[] = [];
  for (const file of [...listed.files].sort((a, b) => compareCodeUnits(a.rel, b.rel))) {
    const read = await readText(input.fs, file.path, { decoding: 'lossy' });
    if (!read.ok) {
      rec.file(unreadReport({ path: file.path, group }, read));
      continue;
    }
    const report: HarnessFileReport = rec.file({
      path: file.path,
      group,
      status: 'loaded',
      reason: 'a rule',
      bytes: read.size,
      placement: 'system',
    });
    let body = read.text;
    const fm = splitFrontmatter(body);
    if (fm !== undefined) {
      body = fm.body;
      const parsed = parseFrontmatter(fm.yaml);
      const paths = parsed.ok ? pathsList(parsed.data.paths, true) : undefined;
      if (paths !== undefined && paths.length > 0) {
        report.status = 'skipped';
        report.reason = `conditional (paths: ${paths.join(', ')}): never loads at startup`;
        report.placement = undefined;
        report.paths = { patterns: paths, base, flavour: 'cline' };
        continue;
      }
    }
    const content = stripAllHtmlComments(body).trim();
    if (content === '') {
      report.status = 'empty';
      report.reason = 'empty once frontmatter and comments are gone: no block';
      report.placement = undefined;
      continue;
    }
    report.text = content;
    out.push(fillSlots(rules.block, { path: relativePath(base, file.path), content }));
  }
  return out;
}
