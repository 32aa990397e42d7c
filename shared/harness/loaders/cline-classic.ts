import { INSTRUCTION_FIELDS } from '../../engine/components/builtin/instructions.js';
import { pathsList, patternMatcher } from '../text/path-patterns.js';
import { fsErrorText } from '../../stack/instruction-fs.js';
import { isAbsolutePath, isRootPath, joinPath, samePath, separatorOf } from '../../stack/path.js';
import type { ClineClassicProfile } from '../profile/cline-classic.js';
import { clinePostProcess } from '../text/cline-post-process.js';
import { fillSlots } from '../text/fill.js';
import { parseFrontmatter, splitFrontmatter } from '../text/frontmatter.js';
import { compareCodePoints } from '../text/order.js';
import { gitignoreMatcher, type IgnoreTest } from '../run/gitignore.js';
import { slashed } from '../run/paths.js';
import { probe, probeFailure, readText, unreadReport } from '../run/read.js';
import type { RunRecorder } from '../run/recorder.js';
import { listRulesFolder } from '../run/rules-folder.js';
import type { RunInput } from '../run/run-input.js';
import { isStringArray, settingAt, stringSetting } from '../run/settings.js';

/**
 * Cline's classic rules loader (docs/harnesses/cline-classic.md, v3.89.2): a block per
 * kind of rules file, in a fixed order, each its own wrapper. The blocks are exactly the
 * rule-text fields of a Cline-style context, so the USER_INSTRUCTIONS component can use them.
 */

/** The Cline-style context fields the blocks fill, in section order: those USER_INSTRUCTIONS gathers. */
export const CLINE_RULE_FIELDS = INSTRUCTION_FIELDS;
export type ClineRuleField = (typeof CLINE_RULE_FIELDS)[number];
export type ClineRuleFields = Partial<Record<ClineRuleField, string>>;

type Toggles = Readonly<Record<string, unknown>>;

/** Thrown inside a folder block when one of its reads fails: the whole block is dropped. */
class FolderReadError extends Error {}

export async function clineClassicFields(profile: ClineClassicProfile, input: RunInput, rec: RunRecorder): Promise<ClineRuleFields> {
  const { fs, cwd, home } = input;
  const s = profile.settings;
  const fields: ClineRuleFields = {};
  const windows = separatorOf(cwd) === '\\';
  const label = (rel: string): string => (windows ? rel.replace(/\//g, '\\') : rel);
  const cwdShown = slashed(cwd);
  const toggles = (key: string): Toggles => {
    const v = settingAt(input.settings, key);
    return typeof v === 'object' && v !== null ? (v as Toggles) : {};
  };
  const off = (map: Toggles, path: string): boolean =>
    Object.entries(map).some(([k, v]) => v === false && isAbsolutePath(k) && samePath(k, path));
  const evalPaths = (() => {
    const v = settingAt(input.settings, s.evaluationPaths);
    return isStringArray(v) ? v.slice(0, 100) : [];
  })();

  /** Rule 10: one entry, or undefined when it is skipped. */
  const entry = async (
    path: string,
    shownLabel: string | undefined,
    map: Toggles,
    group: string,
    candidates: readonly string[],
  ): Promise<string | undefined> => {
    if (off(map, path)) {
      rec.file({ path, group, status: 'skipped', reason: 'toggled off' });
      return undefined;
    }
    const read = await readText(fs, path, { decoding: 'lossy' });
    if (!read.ok) {
      rec.file(unreadReport({ path, group }, read));
      // Over the engine's cap the file alone is left out; any read Cline would fail drops the block.
      if (read.problem === 'too-large') return undefined;
      throw new FolderReadError(`${path}: ${read.reason}`);
    }
    const text = read.text.trim();
    const report = rec.file({ path, group, status: 'loaded', reason: '', bytes: read.size, placement: 'system' });
    if (text === '') {
      report.status = 'empty';
      report.reason = 'empty after trimming';
      report.placement = undefined;
      return undefined;
    }
    let body = text;
    const fm = splitFrontmatter(text);
    if (fm) {
      const parsed = parseFrontmatter(fm.yaml);
      if (!parsed.ok) {
        report.reason = `frontmatter is not valid YAML (${parsed.error}): the raw text is used`;
      } else {
        const verdict = conditionVerdict(parsed.data.paths, candidates);
        const globs = pathsList(parsed.data.paths, false);
        if (globs !== undefined && globs.length > 0 && Array.isArray(parsed.data.paths))
          report.paths = { patterns: globs, base: cwd, flavour: 'cline' };
        if (verdict !== undefined) {
          report.status = 'skipped';
          report.reason = verdict;
          report.placement = undefined;
          return undefined;
        }
        body = fm.body.trim();
      }
    }
    report.reason ||= 'used';
    report.text = body;
    return shownLabel === undefined ? body : fillSlots(profile.entry, { label: shownLabel, content: body });
  };

  /** A folder block: every accepted file, or nothing when any read fails. */
  const folderEntries = async (
    folder: string,
    relBase: (rel: string) => string,
    map: Toggles,
    group: string,
    opts: { exclude?: readonly string[]; accept?: (name: string) => boolean; candidates: readonly string[] },
  ): Promise<string | undefined> => {
    const before = rec.files.length;
    try {
      const listed = await listRulesFolder(fs, folder, {
        recursive: true,
        order: 'files-then-folders-reversed',
        skipSymlinks: true,
        ignoredNames: profile.ignoredNames,
        excludeFolders: opts.exclude,
        accept: opts.accept ?? (() => true),
      });
      if (listed.cut !== undefined) rec.warn('rules-listing-cut', listed.cut, folder);
      const parts: string[] = [];
      for (const f of listed.files) {
        const e = await entry(f.path, label(relBase(f.rel)), map, group, opts.candidates);
        if (e !== undefined) parts.push(e);
      }
      return parts.length > 0 ? parts.join(profile.entrySeparator) : undefined;
    } catch (error) {
      for (const r of rec.files.slice(before))
        if (r.status === 'loaded') {
          r.status = 'skipped';
          r.reason = 'the whole folder is dropped: another file in it could not be read';
          r.placement = undefined;
        }
      rec.warn(
        'rules-folder-dropped',
        `${folder}: ${error instanceof Error ? error.message : String(error)}; the whole block is left out`,
        folder,
      );
      return undefined;
    }
  };

  // Preferred language.
  const language = stringSetting(input.settings, s.preferredLanguage);
  const key = language === undefined ? undefined : profile.languages[language];
  if (key !== undefined && key !== profile.defaultLanguage)
    fields.preferredLanguageInstructions = fillSlots(profile.blocks.preferredLanguage, { language: key });
  rec.facts.preferredLanguage = language === undefined ? '(none)' : key === undefined ? `${language}: not a known language, no block` : key;

  // Global rules folder.
  const documents = stringSetting(input.settings, s.documentsDir) ?? fillSlots(profile.documentsDefault, { home });
  const globalDir = joinPath(cwd, documents, profile.globalRules);
  rec.facts.globalRules = globalDir;
  const globalKind = (await probe(fs, globalDir)).kind;
  if (globalKind === 'directory') {
    const entries = await folderEntries(globalDir, (rel) => rel, toggles(s.globalToggles), 'global rules', { candidates: evalPaths });
    if (entries !== undefined)
      fields.globalClineRulesFileInstructions = fillSlots(profile.blocks.globalRules, { folder: slashed(globalDir), entries });
  } else {
    rec.file({
      path: globalDir,
      group: 'global rules',
      status: globalKind === 'file' ? 'skipped' : 'missing',
      reason: globalKind === 'file' ? 'a file, not a folder: no global rules' : 'no such folder (Cline creates it)',
    });
  }

  // Workspace .clinerules, folder or file.
  const local = joinPath(cwd, profile.workspaceRules);
  const localKind = (await probe(fs, local)).kind;
  if (localKind === 'directory') {
    const base = profile.workspaceRules;
    const entries = await folderEntries(local, (rel) => `${base}/${rel}`, toggles(s.localToggles), 'workspace rules', {
      exclude: profile.workspaceRulesExclude,
      candidates: evalPaths,
    });
    if (entries !== undefined)
      fields.localClineRulesFileInstructions = fillSlots(profile.blocks.workspaceRulesFolder, { cwd: cwdShown, entries });
  } else if (localKind === 'file') {
    try {
      const body = await entry(local, undefined, toggles(s.localToggles), 'workspace rules', evalPaths);
      if (body !== undefined)
        fields.localClineRulesFileInstructions = fillSlots(profile.blocks.workspaceRulesFile, { cwd: cwdShown, content: body });
    } catch (error) {
      rec.warn('rules-file-unreadable', `${local} is left out: ${error instanceof Error ? error.message : String(error)}`, local);
    }
  } else {
    rec.file({ path: local, group: 'workspace rules', status: 'missing', reason: 'no such file or folder' });
  }

  // .cursorrules and .windsurfrules: plain files, trimmed.
  const plainFile = async (rel: string, map: Toggles, template: string, group: string): Promise<string | undefined> => {
    const path = joinPath(cwd, rel);
    const st = await probe(fs, path);
    if (st.kind !== 'file') {
      rec.file(unreadReport({ path, group }, probeFailure(st)));
      return undefined;
    }
    if (off(map, path)) {
      rec.file({ path, group, status: 'skipped', reason: 'toggled off' });
      return undefined;
    }
    const read = await readText(fs, path, { decoding: 'lossy' }, st);
    if (!read.ok) {
      rec.file(unreadReport({ path, group }, read));
      return undefined;
    }
    const content = read.text.trim();
    if (content === '') {
      rec.file({ path, group, status: 'empty', reason: 'empty after trimming', bytes: read.size });
      return undefined;
    }
    rec.file({
      path,
      group,
      status: 'loaded',
      reason: 'used as is (no frontmatter handling)',
      bytes: read.size,
      placement: 'system',
      text: content,
    });
    return fillSlots(template, { cwd: cwdShown, content });
  };
  fields.localCursorRulesFileInstructions = await plainFile(
    profile.cursorRulesFile,
    toggles(s.cursorToggles),
    profile.blocks.cursorRulesFile,
    'cursor rules',
  );

  const cursorDir = joinPath(cwd, profile.cursorRulesFolder);
  if ((await probe(fs, cursorDir)).kind === 'directory') {
    const base = profile.cursorRulesFolder;
    const ext = profile.cursorRulesExtension;
    const entries = await folderEntries(cursorDir, (rel) => `${base}/${rel}`, toggles(s.cursorToggles), 'cursor rules', {
      accept: (n) => n.endsWith(ext),
      candidates: [],
    });
    if (entries !== undefined)
      fields.localCursorRulesDirInstructions = fillSlots(profile.blocks.cursorRulesFolder, { cwd: cwdShown, entries });
  }
  fields.localWindsurfRulesFileInstructions = await plainFile(
    profile.windsurfRulesFile,
    toggles(s.windsurfToggles),
    profile.blocks.windsurfRulesFile,
    'windsurf rules',
  );

  // AGENTS.md, found recursively, only if the cwd has one under the exact name.
  const agents = await agentsBlock(profile, input, rec, toggles(s.agentsToggles), off, label);
  if (agents !== undefined) fields.localAgentsRulesFileInstructions = fillSlots(profile.blocks.agents, { cwd: cwdShown, entries: agents });

  // .clineignore: raw.
  const ignore = joinPath(cwd, profile.ignoreFile);
  const ignoreSt = await probe(fs, ignore);
  if (ignoreSt.kind === 'file') {
    const read = await readText(fs, ignore, { decoding: 'lossy' }, ignoreSt);
    if (!read.ok) rec.file(unreadReport({ path: ignore, group: 'ignore' }, read));
    else if (read.text === '') rec.file({ path: ignore, group: 'ignore', status: 'empty', reason: 'empty', bytes: 0 });
    else {
      rec.file({
        path: ignore,
        group: 'ignore',
        status: 'loaded',
        reason: 'raw, untrimmed',
        bytes: read.size,
        placement: 'system',
        text: read.text,
      });
      fields.clineIgnoreInstructions = fillSlots(profile.blocks.ignore, { content: read.text });
    }
  } else if (ignoreSt.kind === 'error') {
    rec.file(unreadReport({ path: ignore, group: 'ignore' }, probeFailure(ignoreSt)));
  }
  for (const k of CLINE_RULE_FIELDS) if (fields[k] === undefined) delete fields[k];
  return fields;
}

/** Rule 9: why a rule with `paths` does not load, or undefined when it does. */
function conditionVerdict(paths: unknown, candidates: readonly string[]): string | undefined {
  if (paths === undefined) return undefined;
  if (!Array.isArray(paths) || !paths.every((p) => typeof p === 'string' && p !== '')) return undefined;
  const globs = (paths as string[]).map((p) => p.trim()).filter((p) => p !== '');
  if (globs.length === 0) return 'paths: [] (or only blanks): never loads';
  if (candidates.length === 0) return `paths: ${globs.join(', ')}: no candidate paths to match`;
  const matchers = globs.map((g) => patternMatcher(g, 'cline'));
  if (candidates.some((c) => matchers.some((m) => m(c)))) return undefined;
  return `paths: ${globs.join(', ')}: matches none of ${candidates.join(', ')}`;
}

async function agentsBlock(
  profile: ClineClassicProfile,
  input: RunInput,
  rec: RunRecorder,
  map: Toggles,
  off: (map: Toggles, path: string) => boolean,
  label: (rel: string) => string,
): Promise<string | undefined> {
  const { fs, cwd } = input;
  const a = profile.agents;
  const top = joinPath(cwd, a.name);
  let names: string[];
  try {
    names = await fs.readdir(cwd);
  } catch (error) {
    rec.warn('agents-listing-failed', `${cwd} cannot be listed (${fsErrorText(error)}): no ${a.name} is looked for`, cwd);
    names = [];
  }
  if (!names.includes(a.name) || (await probe(fs, top)).kind !== 'file') {
    rec.file({
      path: top,
      group: 'agents',
      status: 'missing',
      reason: `no ${a.name} in the working folder (nested ones are then ignored)`,
    });
    return undefined;
  }
  if (off(map, top)) {
    rec.file({ path: top, group: 'agents', status: 'skipped', reason: 'toggled off (for every AGENTS.md)' });
    return undefined;
  }
  if (samePath(cwd, input.home) || isRootPath(cwd)) {
    rec.file({
      path: top,
      group: 'agents',
      status: 'skipped',
      reason: 'the working folder is home or the filesystem root: Cline lists nothing there',
    });
    return undefined;
  }
  let ignored: IgnoreTest = () => false;
  if (a.gitignore) {
    const gitignore = joinPath(cwd, '.gitignore');
    const read = await readText(fs, gitignore, { decoding: 'lossy' });
    if (read.ok) ignored = gitignoreMatcher(read.text);
    else if (read.problem !== 'missing')
      rec.warn('gitignore-unreadable', `${gitignore} is not used to skip folders: ${read.reason}`, gitignore);
  }
  const found: string[] = [];
  let count = 0;
  let queue: string[] = [''];
  let cut = false;
  while (queue.length > 0 && count < a.scanLimit) {
    const next: string[] = [];
    for (const rel of queue) {
      const dir = rel === '' ? cwd : joinPath(cwd, rel);
      let entries: string[];
      try {
        entries = [...(await fs.readdir(dir))].sort(compareCodePoints);
      } catch (error) {
        rec.warn('agents-listing-failed', `${dir} cannot be listed (${fsErrorText(error)}): ${a.name} files below it are not found`, dir);
        continue;
      }
      for (const name of entries) {
        if (count >= a.scanLimit) {
          cut = true;
          break;
        }
        count++;
        const childRel = rel === '' ? name : `${rel}/${name}`;
        const st = await probe(fs, joinPath(cwd, childRel));
        if (st.kind === 'directory') {
          if (name.startsWith('.') || a.skipFolders.includes(name) || a.skipPaths.includes(childRel) || ignored(childRel, true)) continue;
          next.push(childRel);
        } else if (st.kind === 'file' && name.toLowerCase() === a.name.toLowerCase() && !ignored(childRel, false)) {
          found.push(childRel);
        }
      }
    }
    queue = next;
  }
  if (cut || queue.length > 0)
    rec.warn(
      'agents-listing-cut',
      `the listing for ${a.name} files stopped after ${a.scanLimit} entries, as Cline's does: files further down are not found`,
      cwd,
      'info',
    );
  const parts: string[] = [];
  for (const rel of found) {
    const path = joinPath(cwd, rel);
    const read = await readText(fs, path, { decoding: 'lossy' });
    if (!read.ok) {
      rec.file(unreadReport({ path, group: 'agents' }, read));
      continue;
    }
    const content = read.text.trim();
    const bytes = read.size;
    if (content === '') {
      rec.file({ path, group: 'agents', status: 'empty', reason: 'empty after trimming', bytes });
      continue;
    }
    rec.file({
      path,
      group: 'agents',
      bytes,
      status: 'loaded',
      reason: rel === a.name ? 'the working folder’s file' : 'found by the recursive listing',
      placement: 'system',
      text: content,
    });
    parts.push(fillSlots(profile.blocks.agentsEntry, { path: label(rel), content }));
  }
  return parts.length > 0 ? parts.join(profile.entrySeparator) : undefined;
}

/** The classic section: heading and blocks, post-processed as Cline does with the whole prompt. */
export async function runClineClassic(profile: ClineClassicProfile, input: RunInput, rec: RunRecorder): Promise<ClineRuleFields> {
  const fields = await clineClassicFields(profile, input, rec);
  const blocks = [] as string[];
  for (const k of CLINE_RULE_FIELDS) {
    const v = fields[k];
    if (v !== undefined) blocks.push(v);
  }
  if (blocks.length === 0) return fields;
  const variant = stringSetting(input.settings, profile.settings.promptVariant) ?? 'generic';
  const heading = profile.variantSections[variant] ?? profile.section;
  const text = heading + blocks.join(profile.blockSeparator);
  rec.part({
    placement: 'system',
    label: 'user instructions',
    text: profile.postProcess ? clinePostProcess(text) : text,
    files: rec.files.filter((f) => f.placement === 'system' && f.text !== undefined).map((f) => f.path),
  });
  return fields;
}
