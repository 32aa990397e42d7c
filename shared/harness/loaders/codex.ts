import { encodeUtf8 } from '../../stack/bytes.js';
import { isAbsolutePath, joinPath, samePath } from '../../stack/path.js';
import type { CodexProfile } from '../profile/codex.js';
import type { HarnessFileReport } from '../result.js';
import { fillSlots } from '../text/fill.js';
import { trimUnicode } from '../text/trim.js';
import { decodeUtf8Lossy } from '../text/utf8-lossy.js';
import { expandPathTemplate } from '../run/paths.js';
import { findGitRoot, findUp } from '../run/find-up.js';
import { lineColumn, markUnread, probe, probeFailure, readBytes, readText, realPathOf, unreadReport } from '../run/read.js';
import type { RunRecorder } from '../run/recorder.js';
import { envValue, type RunInput } from '../run/run-input.js';
import { isStringArray, settingAt } from '../run/settings.js';

/**
 * Codex CLI (docs/harnesses/codex.md): the global text (first non-blank of the global
 * names, trimmed), then one file per folder from the root marker down to the cwd, kept
 * verbatim under one byte budget, in one `# AGENTS.md instructions` fragment.
 */
export async function runCodex(profile: CodexProfile, input: RunInput, rec: RunRecorder): Promise<void> {
  const { fs, cwd } = input;
  const s = profile.settings;

  // Global folder.
  let globalDir: string | undefined;
  const homeVar = envValue(input, profile.homeVariable);
  if (homeVar !== undefined) {
    const asked = joinPath(cwd, homeVar);
    const st = await probe(fs, asked);
    if (st.kind !== 'directory') {
      rec.stopped = `${profile.homeVariable} points to ${asked}, which is not an existing folder: the agent does not start`;
      rec.warn('home-invalid', rec.stopped, asked, 'error');
      return;
    }
    globalDir = (await realPathOf(fs, asked)) ?? asked;
  } else {
    globalDir = expandPathTemplate(profile.homeDefault, { home: input.home, cwd }, input.home, cwd);
  }
  rec.facts.globalFolder = globalDir ?? '';

  // Global text: the first non-blank name (no size cap of its own: the engine's applies).
  let globalText: string | undefined;
  let globalPath: string | undefined;
  for (const name of profile.globalNames) {
    const path = joinPath(globalDir ?? '/', name);
    if (globalText !== undefined) {
      rec.file({ path, group: 'global', status: 'not-looked-for', reason: `${globalPath} is used` });
      continue;
    }
    const read = await readText(fs, path, { decoding: 'lossy' });
    if (!read.ok) {
      // Not there or not a regular file: the next name, silently; any other error: a startup warning.
      if (read.problem !== 'missing' && read.problem !== 'not-a-file')
        rec.warn('global-read-failed', `Failed to read global AGENTS.md instructions from \`${path}\`: ${read.reason}`, path);
      rec.file(unreadReport({ path, group: 'global' }, read));
      continue;
    }
    const text = trimUnicode(read.text);
    if (text === '') {
      rec.file({ path, group: 'global', status: 'empty', reason: 'blank: the next name is tried', bytes: read.bytes.length });
      continue;
    }
    globalText = text;
    globalPath = path;
    rec.file({
      path,
      group: 'global',
      status: 'loaded',
      reason: 'the global text (trimmed; no size limit)',
      bytes: read.bytes.length,
      text,
      placement: profile.placement,
    });
  }

  // Settings.
  const maxRaw = settingAt(input.settings, s.maxBytes);
  const maxBytes = typeof maxRaw === 'number' && Number.isInteger(maxRaw) && maxRaw >= 0 ? maxRaw : profile.defaults.maxBytes;
  const markersRaw = settingAt(input.settings, s.rootMarkers);
  let markers = profile.defaults.rootMarkers;
  if (markersRaw !== undefined) {
    if (isStringArray(markersRaw)) markers = markersRaw;
    else rec.warn('setting-invalid', `${s.rootMarkers} is not an array of strings; the default ${JSON.stringify(markers)} is used`);
  }
  const fallbackRaw = settingAt(input.settings, s.fallbackNames);
  const fallback = isStringArray(fallbackRaw) ? fallbackRaw.map((n) => n.trim()).filter((n) => n !== '') : [];
  const names: string[] = [];
  for (const n of [...profile.projectNames, ...fallback]) if (!names.includes(n)) names.push(n);

  // Root and search folders.
  const root = await findUp(fs, cwd, markers);
  rec.facts.projectRoot = root ?? '(none: only the working folder is searched)';
  const upward = root !== undefined ? input.budget.walkUp(cwd, root) : profile.noRoot === 'cwd-only' ? [cwd] : input.budget.walkUp(cwd);
  const dirs = profile.order === 'root-first' ? [...upward].reverse() : upward;

  // Trust.
  const untrusted = await isUntrusted(profile, input);
  const projectOff = untrusted
    ? `the project is untrusted (trust_level "${profile.untrustedLevel}")`
    : maxBytes === 0
      ? `${s.maxBytes} is 0`
      : undefined;

  // One file per folder.
  const chosen: HarnessFileReport[] = [];
  for (const dir of dirs) {
    let taken: string | undefined;
    for (const name of names) {
      const path = joinPath(dir, name);
      if (projectOff !== undefined) {
        rec.file({ path, group: 'project', status: 'not-looked-for', reason: `project docs are off: ${projectOff}` });
        continue;
      }
      if (taken !== undefined) {
        rec.file({ path, group: 'project', status: 'not-looked-for', reason: `${taken} is the file of this folder` });
        continue;
      }
      const st = await probe(fs, path);
      if (st.kind === 'file') {
        taken = name;
        chosen.push(rec.file({ path, group: 'project', status: 'loaded', reason: '', bytes: st.size }));
      } else {
        // Passed over for the next name (a probe error too, as the agent treats it).
        rec.file(unreadReport({ path, group: 'project' }, probeFailure(st)));
      }
    }
  }

  // Budget, in search order.
  let remaining = maxBytes;
  const entries: string[] = [];
  let failed: string | undefined;
  for (const report of chosen) {
    if (failed !== undefined) {
      report.status = 'skipped';
      report.reason = `every project doc is dropped: ${failed}`;
      continue;
    }
    if (remaining === 0) {
      report.status = 'skipped';
      report.reason = `the ${maxBytes}-byte budget is used up`;
      report.limit = { bytes: maxBytes, effect: 'dropped' };
      continue;
    }
    // Only the bytes the budget can still take are read; a file over the agent's own limit is a read error.
    const st = await probe(fs, report.path);
    const read = await readBytes(fs, report.path, { maxBytes: profile.maxFileBytes, prefixBytes: remaining, known: st });
    if (!read.ok) {
      if (read.problem === 'missing') {
        markUnread(report, read, 'gone before it was read');
        continue;
      }
      failed = `reading ${report.path} failed (${read.reason})`;
      rec.warn('project-read-failed', `${failed}; no project doc is sent, the global text stays`, report.path);
      markUnread(report, read);
      report.status = 'unreadable';
      for (const r of chosen)
        if (r !== report && (r.status === 'loaded' || r.status === 'truncated')) {
          r.status = 'skipped';
          r.reason = `every project doc is dropped: ${failed}`;
          r.text = undefined;
        }
      entries.length = 0;
      continue;
    }
    const bytes = read.bytes;
    report.bytes = read.size;
    const cut = read.size > remaining;
    const text = decodeUtf8Lossy(bytes);
    if (trimUnicode(text) === '') {
      report.status = 'empty';
      report.reason = cut ? `blank once cut to ${remaining} bytes` : 'blank: dropped, charges nothing';
      continue;
    }
    if (cut) {
      // The cut's line and column lie in the kept prefix, so the rest is not needed.
      const keptChars = text.replace(/\ufffd$/, '').length;
      report.status = 'truncated';
      report.reason = `cut to the ${remaining} bytes left of the ${maxBytes}-byte budget; later files are not read`;
      report.truncation = { keptBytes: remaining, ...lineColumn(text, keptChars) };
      report.limit = { bytes: maxBytes, effect: 'cut' };
    } else {
      report.reason = `${bytes.length} of ${remaining} budget bytes`;
    }
    report.text = text;
    report.placement = profile.placement;
    entries.push(text);
    remaining = Math.max(0, remaining - encodeUtf8(text).length);
  }
  rec.facts.budget = `${maxBytes - remaining} of ${maxBytes} bytes used`;

  if (globalText === undefined && entries.length === 0) return;
  const w = profile.wrapper;
  const body =
    (globalText ?? '') + (globalText !== undefined && entries.length > 0 ? w.projectSeparator : '') + entries.join(w.entrySeparator);
  const header = entries.length > 0 ? fillSlots(w.headerForCwd, { cwd }) : w.header;
  rec.part({
    placement: profile.placement,
    label: 'AGENTS.md fragment',
    text: header + w.open + body + w.close,
    files: rec.files.filter((f) => f.status === 'loaded' || f.status === 'truncated').map((f) => f.path),
  });
}

/** trust_level of the cwd, else of the git repository root (a folder whose .git is a file or holds HEAD). */
async function isUntrusted(profile: CodexProfile, input: RunInput): Promise<boolean> {
  const projects = settingAt(input.settings, profile.settings.projects);
  if (typeof projects !== 'object' || projects === null) return false;
  const levelFor = (dir: string): string | undefined => {
    for (const [key, value] of Object.entries(projects as Record<string, unknown>)) {
      if (!isAbsolutePath(key) || !samePath(key, dir)) continue;
      const level = typeof value === 'object' && value !== null ? (value as Record<string, unknown>).trust_level : undefined;
      if (typeof level === 'string') return level;
    }
    return undefined;
  };
  const own = levelFor(input.cwd);
  if (own !== undefined) return own === profile.untrustedLevel;
  const repo = await findGitRoot(input.fs, input.cwd, 'head');
  if (repo === undefined) return false;
  return levelFor(repo) === profile.untrustedLevel;
}
