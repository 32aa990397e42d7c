import { pathsList, patternMatcher } from '../text/path-patterns.js';
import { fsErrorText } from '../../stack/instruction-fs.js';
import { isInsideOrEqual, isRootPath, joinPath, parentOf, relativeInside } from '../../stack/path.js';
import type { ClaudeCodeProfile, ClaudeFolderEntry, ClaudeLabel } from '../profile/claude-code.js';
import type { HarnessFileReport, HarnessPlacement } from '../result.js';
import { ISO_DATE } from '../text/dates.js';
import { fillSlots } from '../text/fill.js';
import { parseFrontmatter, splitFrontmatter } from '../text/frontmatter.js';
import { stripBlockHtmlComments } from '../text/html-comments.js';
import { claudeImportTokens } from '../text/import-tokens.js';
import { identityOf, markUnread, probe, readText, realPathOf } from '../run/read.js';
import { budgetReport } from '../run/budget.js';
import type { RunRecorder } from '../run/recorder.js';
import { listRulesFolder } from '../run/rules-folder.js';
import { envValue, type RunInput } from '../run/run-input.js';
import { settingAt, stringListSetting, stringSetting } from '../run/settings.js';
import { globMatcher } from '../../safe-regex/linear-glob.js';

/**
 * Claude Code (docs/harnesses/claude-code.md; contract shared/docs/harnesses/claude-code.md): managed, user, walk (filesystem root
 * excluded, outermost first: CLAUDE.md, .claude/CLAUDE.md, rules, CLAUDE.local.md),
 * add-dirs, auto memory; each file once; imports as blocks right after their importer; one
 * payload in the first user message; nested files and path-scoped rules on reads.
 */

type Scope = 'managed' | 'user' | 'project';

interface Rule {
  path: string;
  /** Patterns as written, relative to `base`. */
  patterns: string[];
  matches: (rel: string) => boolean;
  base: string;
  label: ClaudeLabel;
  scope: Scope;
}

const flagOn = (v: string | undefined): boolean => v !== undefined && ['1', 'true', 'yes'].includes(v.trim().toLowerCase());

export async function runClaudeCode(profile: ClaudeCodeProfile, input: RunInput, rec: RunRecorder): Promise<void> {
  const { fs, cwd, home } = input;
  const s = profile.settings;
  const dateSetting = stringSetting(input.settings, s.date);
  const date = dateSetting !== undefined && ISO_DATE.test(dateSetting) ? dateSetting : input.today;
  const wrapper = profile.wrappers[profile.wrapper];
  if (!wrapper) throw new Error(`unknown wrapper ${profile.wrapper}`);

  const blocks: string[] = [];
  const onRead = new Map<string, { texts: string[]; files: string[] }>();
  const seen = new Map<string, string>();
  const conditional: Rule[] = [];
  const approved = settingAt(input.settings, s.externalApproved) === true;
  const excludes = (stringListSetting(input.settings, s.excludes) ?? []).map((g) => globMatcher(g, { dot: true }));
  const sources = stringListSetting(input.settings, s.settingSources);
  const projectOn = sources === undefined || sources.includes('project');
  const localOn = sources === undefined || sources.includes('local');
  const configVar = envValue(input, profile.configDirVariable);
  const configDir = configVar !== undefined ? joinPath(cwd, configVar) : fillSlots(profile.configDirDefault, { home });
  rec.facts.configDir = configDir;

  const off = flagOn(envValue(input, profile.env.disableAll))
    ? `${profile.env.disableAll} is set`
    : settingAt(input.settings, s.bare) === true
      ? '--bare / --safe-mode loads no CLAUDE.md'
      : undefined;

  const labelText = (label: ClaudeLabel): string => profile.labels[label];

  /**
   * Loads one memory file (and, depth-first, what it imports). `to` says where its text goes:
   * the startup payload, or the result of a read.
   */
  const load = async (
    path: string,
    label: ClaudeLabel,
    scope: Scope,
    group: string,
    depth: number,
    to: { placement: HarnessPlacement; readPath?: string | undefined },
    importer?: string,
  ): Promise<void> => {
    const report = rec.file({
      path,
      group,
      status: 'loaded',
      reason: '',
      placement: to.placement,
      readPath: to.readPath,
      importedBy: importer,
    });
    const id = (await identityOf(fs, path)) ?? path;
    const first = seen.get(id);
    if (first !== undefined) {
      report.status = 'skipped';
      report.reason = `already loaded as ${first}`;
      report.placement = undefined;
      return;
    }
    if (scope !== 'managed' && excludes.some((m) => m(path))) {
      report.status = 'skipped';
      report.reason = `excluded by ${s.excludes}`;
      report.placement = undefined;
      return;
    }
    const st = await probe(fs, path);
    if (st.kind === 'file' && importer !== undefined && !input.budget.takeImport(st.size)) {
      Object.assign(report, budgetReport({ budget: input.budget, group }, path, importer), { placement: undefined });
      return;
    }
    const read = await readText(fs, path, { decoding: 'lossy-no-nul', maxBytes: profile.maxFileBytes }, st);
    if (!read.ok) {
      const reason =
        read.problem === 'missing' && importer
          ? 'no such file (the import is ignored)'
          : read.problem === 'too-large'
            ? `over ${profile.maxFileBytes} bytes: skipped, not truncated`
            : read.problem === 'not-utf8'
              ? 'binary: not included'
              : read.reason;
      markUnread(report, read, reason);
      if (importer) report.importProblem = read.problem === 'missing' || read.problem === 'not-a-file' ? 'missing' : 'unreadable';
      return;
    }
    report.bytes = read.size;
    seen.set(id, path);
    let text = read.text;
    const fm = splitFrontmatter(text);
    if (fm) text = fm.body;
    text = stripBlockHtmlComments(text);
    const content = text.trim();
    if (content === '') {
      report.status = 'empty';
      report.reason = 'empty after trimming: no block';
    } else {
      report.text = content;
      report.reason = importer ? `imported by ${importer}` : `${group} memory`;
      if (to.placement === 'read') {
        const slot = onRead.get(to.readPath as string) ?? { texts: [], files: [] };
        slot.texts.push(fillSlots(profile.onRead, { path, content }));
        slot.files.push(path);
        onRead.set(to.readPath as string, slot);
      } else {
        blocks.push(fillSlots(profile.block, { path, label: labelText(label), content }));
      }
    }
    if (depth >= profile.importMaxDepth) {
      for (const tok of claudeImportTokens(text))
        rec.file({
          path: tok.path,
          group: 'import',
          status: 'skipped',
          reason: `more than ${profile.importMaxDepth} hops deep: not followed`,
          importedBy: path,
          importProblem: 'depth',
        });
      return;
    }
    for (const tok of claudeImportTokens(text)) {
      if (!input.budget.inBudget()) {
        rec.file(budgetReport({ budget: input.budget, group: 'import' }, tok.path, path));
        break;
      }
      const target = tok.path.startsWith('~/') ? joinPath(home, tok.path.slice(2)) : joinPath(parentOf(path), tok.path);
      if (scope === 'project' && !approved) {
        const real = (await realPathOf(fs, target)) ?? target;
        if (!isInsideOrEqual(real, cwd)) {
          rec.file({
            path: target,
            group: 'import',
            importProblem: 'outside',
            status: 'skipped',
            reason: `outside the working folder: an external import needs the project's approval (${s.externalApproved})`,
            importedBy: path,
          });
          continue;
        }
      }
      await load(target, label, scope, 'import', depth + 1, to, path);
    }
  };

  /** The files of one folder of the walk (or an add-dir, or a nested folder on a read). */
  const loadFolder = async (
    dir: string,
    scopeLabel: (e: ClaudeFolderEntry) => ClaudeLabel,
    to: { placement: HarnessPlacement; readPath?: string | undefined },
    withAgents: boolean,
  ): Promise<void> => {
    for (const entry of profile.perFolder) {
      const label = scopeLabel(entry);
      const wanted = label === 'local' ? localOn : projectOn;
      if ('file' in entry) {
        const path = joinPath(dir, entry.file);
        if (!wanted) {
          rec.file({ path, group: label, status: 'not-looked-for', reason: `${s.settingSources} leaves ${label} files out` });
          continue;
        }
        await load(path, label, 'project', label, 0, to);
      } else {
        if (!wanted) continue;
        await loadRules(joinPath(dir, entry.rules), dir, label, 'project', to);
      }
    }
    if (withAgents) for (const name of profile.agentsFiles) await load(joinPath(dir, name), 'project', 'project', 'project', 0, to);
  };

  /** Rules without `paths` load now; the others wait for a read that matches. */
  const loadRules = async (
    folder: string,
    base: string,
    label: ClaudeLabel,
    scope: Scope,
    to: { placement: HarnessPlacement; readPath?: string | undefined },
  ): Promise<void> => {
    if ((await probe(fs, folder)).kind !== 'directory') return;
    let listed;
    try {
      listed = await listRulesFolder(fs, folder, {
        recursive: true,
        order: 'in-place',
        skipSymlinks: false,
        accept: (n) => n.endsWith(profile.ruleExtension),
      });
    } catch (error) {
      rec.warn('rules-unreadable', `${folder} cannot be listed (${fsErrorText(error)})`, folder);
      return;
    }
    if (listed.cut !== undefined) rec.warn('rules-listing-cut', listed.cut, folder);
    for (const file of listed.files) {
      const path = file.throughLink ? ((await realPathOf(fs, file.path)) ?? file.path) : file.path;
      if (file.throughLink && scope === 'project' && !approved && !isInsideOrEqual(path, cwd)) {
        rec.file({
          path,
          group: 'rules',
          status: 'skipped',
          reason: `a linked rule outside the working folder needs the project's approval (${s.externalApproved})`,
        });
        continue;
      }
      const patterns = await rulePatterns(path);
      if (patterns !== undefined) {
        const matchers = patterns.map((p) => patternMatcher(p, 'claude', profile.braceBudget));
        const rule: Rule = { path, patterns, matches: (rel) => matchers.some((m) => m(rel)), base, label, scope };
        conditional.push(rule);
        if (to.placement !== 'read')
          rec.file({
            path,
            group: 'rules',
            status: 'skipped',
            reason: `path-scoped (paths: ${patterns.join(', ')}): loads when a matching file is read`,
            paths: { patterns, base, flavour: 'claude' },
          });
        else await loadIfMatching(rule, to.readPath as string);
        continue;
      }
      await load(path, label, scope, 'rules', 0, to);
    }
  };

  /** A rule's `paths`; a rule that cannot be read has none (loading it then reports why). */
  const rulePatterns = async (path: string): Promise<string[] | undefined> => {
    const read = await readText(fs, path, { decoding: 'lossy', maxBytes: profile.maxFileBytes });
    if (!read.ok) return undefined;
    const fm = splitFrontmatter(read.text);
    if (!fm) return undefined;
    const parsed = parseFrontmatter(fm.yaml);
    if (!parsed.ok) return undefined;
    return pathsList(parsed.data.paths, true);
  };

  const matchedRules = new Set<string>();
  const loadIfMatching = async (rule: Rule, readPath: string): Promise<void> => {
    if (matchedRules.has(rule.path)) return;
    const rel = relativeInside(rule.base, readPath);
    if (rel === undefined || rel === '') return;
    if (!rule.matches(rel)) return;
    matchedRules.add(rule.path);
    await load(rule.path, rule.label, rule.scope, 'rules', 0, { placement: 'read', readPath });
  };

  // The walk: filesystem root excluded, outermost first.
  const walk = input.budget
    .walkUp(cwd)
    .reverse()
    .filter((d) => !isRootPath(d));

  if (off !== undefined) {
    rec.facts.memory = `off: ${off}`;
  } else {
    const startup = { placement: 'user' as const };
    // 1. Managed.
    const managed = profile.managedFile[input.os];
    await load(managed, 'managed', 'managed', 'managed', 0, startup);
    const settingsFile = profile.managedSettingsFile[input.os];
    const managedText = await readManagedText(input, settingsFile, profile.managedTextKey, rec);
    if (managedText !== undefined && managedText.trim() !== '') {
      blocks.push(fillSlots(profile.block, { path: profile.managedTextPath, label: labelText('managed'), content: managedText.trim() }));
      rec.file({
        path: profile.managedTextPath,
        group: 'managed',
        status: 'loaded',
        reason: `${profile.managedTextKey} in ${settingsFile}`,
        placement: 'user',
        text: managedText.trim(),
      });
    }
    // 2. User.
    await load(joinPath(configDir, profile.userFile), 'user', 'user', 'user', 0, startup);
    await loadRules(joinPath(configDir, profile.userRules), cwd, 'user', 'user', startup);
    // 3. Walk, with AGENTS.md depending on the mode.
    const mode = stringSetting(input.settings, s.agentsMode) ?? profile.agentsDefault;
    let agents = mode === profile.agentsModes.both;
    if (mode === profile.agentsModes.either) {
      agents = true;
      for (const dir of walk)
        for (const e of profile.perFolder) if ('file' in e && (await probe(fs, joinPath(dir, e.file))).kind === 'file') agents = false;
    }
    rec.facts.agentsMd = agents ? `AGENTS.md loads (${mode})` : `AGENTS.md does not load (${mode})`;
    for (const dir of walk) await loadFolder(dir, (e) => e.label, startup, agents);
    // 4. Add-dirs.
    const addDirs = stringListSetting(input.settings, s.addDirs) ?? [];
    if (addDirs.length > 0 && !flagOn(envValue(input, profile.env.addDirMemory))) {
      rec.facts.addDirs = `not read for memory (${profile.env.addDirMemory} is not set)`;
    } else {
      // The same four kinds of file as a walk folder (AGENTS.md belongs to the walk only).
      for (const d of addDirs) await loadFolder(joinPath(cwd, d), (e) => e.label, startup, false);
    }
    // 5. Auto memory.
    if (!flagOn(envValue(input, profile.env.disableAutoMemory))) await loadAutoMemory(profile, input, configDir, blocks, rec);
    else rec.facts.autoMemory = `off (${profile.env.disableAutoMemory})`;

    // On reads: nested folders below the cwd, then path-scoped rules.
    const visitedNested = new Set<string>();
    for (const read of input.reads) {
      const to = { placement: 'read' as const, readPath: read };
      if (isInsideOrEqual(read, cwd) && read !== cwd) {
        const nested = input.budget.walkUp(parentOf(read), cwd).reverse().slice(1);
        for (const dir of nested) {
          if (visitedNested.has(dir)) continue;
          visitedNested.add(dir);
          await loadFolder(dir, (e) => e.label, to, agents);
        }
      }
      for (const rule of [...conditional]) await loadIfMatching(rule, read);
    }
  }

  // Startup payload.
  const payload =
    blocks.length > 0 ? fillSlots(profile.payload, { preamble: profile.preamble, blocks: blocks.join(profile.blockSeparator) }) : undefined;
  const startupFiles = rec.files.filter((f) => f.placement === 'user' && f.text !== undefined).map((f) => f.path);
  if (payload !== undefined)
    rec.part({ placement: 'user', label: 'memory', text: fillSlots(wrapper.memory, { payload, date }), files: startupFiles });
  else if (wrapper.empty !== undefined)
    rec.part({ placement: 'user', label: 'context', text: fillSlots(wrapper.empty, { date }), files: [] });
  if (wrapper.date !== undefined) rec.part({ placement: 'user', label: 'date', text: fillSlots(wrapper.date, { date }), files: [] });
  if (wrapper.laterSystem !== undefined) rec.facts.laterSystemMessageEnd = fillSlots(wrapper.laterSystem, { date });
  for (const [readPath, slot] of onRead)
    rec.part({
      placement: 'read',
      readPath,
      label: `memory for ${readPath}`,
      text: slot.texts.join(profile.onReadSeparator),
      files: slot.files,
    });
}

/** The `claudeMd` text of the managed settings; a file that is there but cannot be used is reported. */
async function readManagedText(input: RunInput, file: string, key: string, rec: RunRecorder): Promise<string | undefined> {
  const read = await readText(input.fs, file, { decoding: 'lossy-strip-bom' });
  if (!read.ok) {
    if (read.problem !== 'missing') rec.warn('managed-settings-unreadable', `${file} is not used: ${read.reason}`, file);
    return undefined;
  }
  let data: unknown;
  try {
    data = JSON.parse(read.text);
  } catch {
    rec.warn('managed-settings-invalid', `${file} is not used: it is not valid JSON`, file);
    return undefined;
  }
  const v = typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[key] : undefined;
  return typeof v === 'string' ? v : undefined;
}

async function loadAutoMemory(
  profile: ClaudeCodeProfile,
  input: RunInput,
  configDir: string,
  blocks: string[],
  rec: RunRecorder,
): Promise<void> {
  const slug = input.cwd.replace(/[\\/:]/g, '-');
  const path = joinPath(configDir, fillSlots(profile.autoMemory.path, { cwdSlug: slug }));
  const report: HarnessFileReport = rec.file({ path, group: 'auto memory', status: 'missing', reason: 'no such file' });
  const read = await readText(input.fs, path, { decoding: 'lossy' });
  if (!read.ok) {
    markUnread(report, read);
    return;
  }
  report.bytes = read.size;
  const full = read.text;
  const lines = full.split('\n');
  let text = lines.slice(0, profile.autoMemory.maxLines).join('\n');
  let cut = lines.length > profile.autoMemory.maxLines;
  if (text.length > profile.autoMemory.maxBytes) {
    text = text.slice(0, profile.autoMemory.maxBytes);
    cut = true;
  }
  const content = text.trim();
  if (content === '') {
    report.status = 'empty';
    report.reason = 'empty: no block';
    return;
  }
  blocks.push(fillSlots(profile.block, { path, label: profile.labels.autoMemory, content }));
  report.status = cut ? 'truncated' : 'loaded';
  if (cut) report.limit = { bytes: profile.autoMemory.maxBytes, effect: 'cut' };
  report.reason = cut ? `only the first ${profile.autoMemory.maxLines} lines or ${profile.autoMemory.maxBytes} bytes` : 'auto memory';
  report.placement = 'user';
  report.text = content;
  if (cut) {
    const before = full.slice(0, text.length);
    report.truncation = { keptBytes: text.length, line: before.split('\n').length, column: text.length - before.lastIndexOf('\n') };
  }
}
