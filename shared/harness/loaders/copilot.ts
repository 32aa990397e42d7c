import { ancestorsUpTo, baseName, isInsideOrEqual, joinPath, parentOf, relativePath, samePath } from '../../stack/path.js';
import type { CopilotProfile } from '../profile/copilot.js';
import type { HarnessFileReport } from '../result.js';
import { insideRegion, markdownCodeRegions } from '../text/code-regions.js';
import { fillSlots } from '../text/fill.js';
import { parseFrontmatter, splitFrontmatter } from '../text/frontmatter.js';
import { compareCodeUnits } from '../text/order.js';
import { pathsList } from '../text/path-patterns.js';
import { budgetReport } from '../run/budget.js';
import { expandPathTemplate, slashed } from '../run/paths.js';
import { findGitRoot } from '../run/find-up.js';
import { probe, probeFailure, readText, realPathOf, unreadReport } from '../run/read.js';
import type { RunRecorder } from '../run/recorder.js';
import { listRulesFolder } from '../run/rules-folder.js';
import { envValue, type RunInput } from '../run/run-input.js';

/**
 * GitHub Copilot CLI (docs/harnesses/copilot.md): the wrapped files first (the user's
 * copilot-instructions.md, the repository's and the working folder's, then AGENTS.md /
 * CLAUDE.md / GEMINI.md of the root, the working folder and the folders between, nearest the
 * working folder first; a text equal to an earlier one left out), then inline instruction files
 * (no `applyTo`, or `**`), then the table of path-specific files and the table of custom
 * directories' AGENTS.md, all joined into the system message.
 */

interface Instruction {
  path: string;
  /** The path the table shows: relative to the working folder, or absolute. */
  shown: string;
  group: string;
}

export async function runCopilot(profile: CopilotProfile, input: RunInput, rec: RunRecorder): Promise<void> {
  const { fs, cwd, home } = input;
  const w = profile.wrapper;
  const root = await findGitRoot(fs, cwd, 'git');
  rec.facts.repositoryRoot = root ?? '(none: only the working folder is read)';
  const userVar = envValue(input, profile.userFolderVariable);
  const userDir =
    userVar !== undefined ? joinPath(cwd, userVar) : (expandPathTemplate(profile.userFolderDefault, { home, cwd }, home, cwd) ?? home);
  rec.facts.userFolder = userDir;
  const customDirs = (envValue(input, profile.customDirsVariable) ?? '')
    .split(',')
    .map((d) => d.trim())
    .filter((d) => d !== '')
    .map((d) => joinPath(cwd, d));
  if (customDirs.length > 0) rec.facts.customDirectories = customDirs.join(', ');

  const items: string[] = [];

  // 1. Wrapped files.
  const top = root ?? cwd;
  const between =
    root === undefined ? [] : ancestorsUpTo(parentOf(cwd), root).filter((d) => !samePath(d, root) && isInsideOrEqual(d, root));
  const folders = root === undefined || samePath(root, cwd) ? [cwd] : [root, cwd, ...between];
  const wrapped: { path: string; group: string }[] = [{ path: joinPath(userDir, profile.userFile), group: 'user' }];
  wrapped.push({ path: joinPath(top, profile.repositoryFile), group: 'repository' });
  if (!samePath(top, cwd)) wrapped.push({ path: joinPath(cwd, profile.repositoryFile), group: 'repository' });
  for (const dir of folders) for (const name of profile.agentNames) wrapped.push({ path: joinPath(dir, name), group: 'agents' });
  const texts = new Map<string, string>();
  const imported = new Set<string>();
  for (const f of wrapped) {
    const read = await readText(fs, f.path, { decoding: 'lossy' });
    if (!read.ok) {
      rec.file(unreadReport({ path: f.path, group: f.group }, read));
      continue;
    }
    if (read.text === '') {
      rec.file({ path: f.path, group: f.group, status: 'empty', reason: 'empty: no block', bytes: 0 });
      continue;
    }
    const twin = texts.get(read.text);
    if (twin !== undefined) {
      rec.file({ path: f.path, group: f.group, status: 'skipped', reason: `the same text as ${twin}: left out`, bytes: read.size });
      continue;
    }
    texts.set(read.text, f.path);
    const report = rec.file({
      path: f.path,
      group: f.group,
      status: 'loaded',
      reason: 'wrapped',
      bytes: read.size,
      placement: 'system',
      text: read.text,
    });
    const text = profile.importIn.includes(baseName(f.path))
      ? await expandImports(profile, input, rec, read.text, f.path, root ?? cwd, imported, report)
      : read.text;
    items.push(fillSlots(w.block, { content: text }));
  }

  // 2 and 3. Instruction folders: inline files, and the path-specific table.
  const tableRows: string[] = [];
  const instructionFolders: { folder: string; base: string; group: string; suffix: string; key: 'applyTo' | 'paths'; relative: boolean }[] =
    [
      {
        folder: joinPath(userDir, profile.instructions.user),
        base: userDir,
        group: 'user instructions',
        suffix: profile.instructions.suffix,
        key: 'applyTo',
        relative: false,
      },
      {
        folder: joinPath(top, profile.instructions.repository),
        base: top,
        group: 'repository instructions',
        suffix: profile.instructions.suffix,
        key: 'applyTo',
        relative: true,
      },
      ...customDirs.map((d) => ({
        folder: joinPath(d, profile.instructions.repository),
        base: d,
        group: 'custom instructions',
        suffix: profile.instructions.suffix,
        key: 'applyTo' as const,
        relative: false,
      })),
    ];
  if (profile.claudeRules !== undefined)
    instructionFolders.push({
      folder: joinPath(top, profile.claudeRules.folder),
      base: top,
      group: 'claude rules',
      suffix: profile.claudeRules.extension,
      key: 'paths',
      relative: true,
    });
  for (const src of instructionFolders) {
    for (const file of await instructionFiles(input, rec, src.folder, src.suffix, src.group)) {
      const read = await readText(fs, file.path, { decoding: 'lossy' });
      if (!read.ok) {
        rec.file(unreadReport({ path: file.path, group: src.group }, read));
        continue;
      }
      const fm = splitFrontmatter(read.text);
      const data =
        fm === undefined
          ? {}
          : (() => {
              const parsed = parseFrontmatter(fm.yaml);
              return parsed.ok ? parsed.data : {};
            })();
      const patterns = pathsList(data[src.key], true) ?? [];
      const shown: Instruction = {
        path: file.path,
        shown: src.relative ? relativePath(cwd, file.path) : slashed(file.path),
        group: src.group,
      };
      if (patterns.length === 0 || (patterns.length === 1 && patterns[0] === profile.everywhere)) {
        rec.file({
          path: file.path,
          group: src.group,
          status: 'loaded',
          reason: 'inline, frontmatter and all',
          bytes: read.size,
          placement: 'system',
          text: read.text,
        });
        items.push(read.text);
        continue;
      }
      const description = typeof data.description === 'string' ? data.description : '';
      rec.file({
        path: file.path,
        group: src.group,
        status: 'skipped',
        reason: `path-specific (${src.key}: ${patterns.join(', ')}): listed in the table, read by the agent when it needs it`,
        bytes: read.size,
        paths: { patterns, base: src.base, flavour: 'cline' },
      });
      tableRows.push(fillSlots(w.tableRow, { pattern: patterns.join(','), path: shown.shown, description }));
    }
  }
  if (tableRows.length > 0) items.push(w.tableHeader + tableRows.join(''));

  // 4. Custom directories' AGENTS.md: listed, never inlined.
  const nestedRows: string[] = [];
  for (const dir of customDirs) {
    const path = joinPath(dir, profile.customAgentsName);
    const st = await probe(fs, path);
    if (st.kind !== 'file') {
      rec.file(unreadReport({ path, group: 'custom agents' }, probeFailure(st)));
      continue;
    }
    rec.file({
      path,
      group: 'custom agents',
      status: 'skipped',
      reason: 'listed in the nested AGENTS.md table, read by the agent when it needs it',
      bytes: st.size,
    });
    nestedRows.push(fillSlots(w.nestedRow, { dir: relativePath(cwd, dir) }));
  }
  if (nestedRows.length > 0) items.push(w.nestedHeader + nestedRows.join(''));

  if (items.length === 0) return;
  rec.part({
    placement: 'system',
    label: 'custom instructions',
    text: items.join(w.separator),
    files: rec.files.filter((f) => f.placement === 'system' && f.text !== undefined).map((f) => f.path),
  });
}

/** The instruction files of a folder, recursively, sorted by path; a folder that is not there gives none. */
async function instructionFiles(
  input: RunInput,
  rec: RunRecorder,
  folder: string,
  suffix: string,
  group: string,
): Promise<{ path: string; rel: string }[]> {
  const st = await probe(input.fs, folder);
  if (st.kind !== 'directory') {
    if (st.kind === 'error') rec.file(unreadReport({ path: folder, group }, probeFailure(st)));
    return [];
  }
  try {
    const listed = await listRulesFolder(input.fs, folder, {
      recursive: true,
      order: 'in-place',
      skipSymlinks: false,
      accept: (n) => n.endsWith(suffix),
    });
    if (listed.cut !== undefined) rec.warn('rules-listing-cut', listed.cut, folder);
    return [...listed.files].sort((a, b) => compareCodeUnits(a.rel, b.rel));
  } catch (error) {
    rec.warn('rules-unreadable', `${folder} cannot be listed (${error instanceof Error ? error.message : String(error)})`, folder);
    return [];
  }
}

/**
 * `@path` imports (copilot.md rule 6): a token at the start of a line or after a space, outside
 * code, naming a file inside the repository, stays as written and is followed by the file's
 * text (its own imports expanded). Anything else stays literal; a file imported before is marked.
 */
async function expandImports(
  profile: CopilotProfile,
  input: RunInput,
  rec: RunRecorder,
  text: string,
  file: string,
  area: string,
  imported: Set<string>,
  importer: HarnessFileReport,
): Promise<string> {
  const w = profile.wrapper;
  const regions = markdownCodeRegions(text, { comments: false });
  let out = '';
  let last = 0;
  for (let i = text.indexOf('@'); i >= 0; i = text.indexOf('@', i + 1)) {
    const before = i === 0 ? '\n' : text[i - 1];
    if (before !== ' ' && before !== '\n') continue;
    if (insideRegion(regions, i)) continue;
    let end = i + 1;
    while (end < text.length && !/\s/.test(text[end] as string)) end++;
    const written = text.slice(i + 1, end);
    if (written === '') continue;
    if (!input.budget.inBudget()) {
      rec.file(budgetReport({ budget: input.budget, group: 'import' }, written, file));
      break;
    }
    const path = joinPath(parentOf(file), written);
    const real = (await realPathOf(input.fs, path)) ?? path;
    if (!isInsideOrEqual(real, area)) {
      rec.file({
        path,
        group: 'import',
        status: 'skipped',
        reason: `outside the repository ${area}: stays as written`,
        importedBy: file,
        importProblem: 'outside',
      });
      continue;
    }
    if (imported.has(real)) {
      out += text.slice(last, end) + fillSlots(w.alreadyLoaded, { path });
      last = end;
      rec.file({ path, group: 'import', status: 'skipped', reason: 'already imported', importedBy: file, importProblem: 'cycle' });
      continue;
    }
    const read = await readText(input.fs, path, { decoding: 'lossy' });
    if (!read.ok) {
      rec.file({
        ...unreadReport({ path, group: 'import', importedBy: file }, read),
        importProblem: read.problem === 'missing' ? 'missing' : 'unreadable',
      });
      continue;
    }
    if (!input.budget.takeImport(read.size)) {
      rec.file(budgetReport({ budget: input.budget, group: 'import' }, path, file));
      break;
    }
    imported.add(real);
    rec.file({
      path,
      group: 'import',
      status: 'loaded',
      reason: `imported by ${file}`,
      bytes: read.size,
      placement: importer.placement,
      text: read.text,
      importedBy: file,
    });
    // Imported files are processed the same way, whatever their name.
    const inner = await expandImports(profile, input, rec, read.text, path, area, imported, importer);
    out +=
      text.slice(last, end) +
      fillSlots(w.importOpen, { path: slashed(path), content: inner }) +
      (inner.endsWith('\n') ? '' : '\n') +
      w.importClose;
    last = end;
  }
  return out + text.slice(last);
}
