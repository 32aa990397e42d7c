import { isAbsolutePath, isInsideOrEqual, joinPath, normalizePath, parentOf, relativePath, splitPath } from '../../stack/path.js';
import type { GeminiProfile } from '../profile/gemini.js';
import type { HarnessFileReport } from '../result.js';
import { fillSlots } from '../text/fill.js';
import { slashed } from '../run/paths.js';
import { findUp } from '../run/find-up.js';
import { markUnread, readText, realPathOf } from '../run/read.js';
import type { RunRecorder } from '../run/recorder.js';
import { envValue, type RunInput } from '../run/run-input.js';
import { isStringArray, settingAt, stringListSetting, stringSetting } from '../run/settings.js';
import { expandFlat, expandTree, type ImportContext } from './gemini-imports.js';

/**
 * The steps Gemini CLI and Qwen Code share (docs/harnesses/gemini-cli.md, qwen-code.md): where
 * the global folder is, which names are looked for, whether the folder is trusted, and how one
 * memory file becomes a block (read, `@` imports, trim, the `Context from:` wrapper).
 */

export interface GeminiSetup {
  globalDir: string;
  /** The names looked for, in order. */
  names: string[];
  /** Markers bounding the upward walk and the import area. */
  markers: string[];
  format: 'tree' | 'flat';
  trusted: { ok: boolean; reason: string };
}

export async function geminiSetup(profile: GeminiProfile, input: RunInput, rec: RunRecorder): Promise<GeminiSetup> {
  const { cwd } = input;
  const s = profile.settings;
  const homeVar = profile.homeVariable === undefined ? undefined : envValue(input, profile.homeVariable);
  const home = homeVar === undefined ? input.home : joinPath(cwd, homeVar);
  const globalVar = profile.globalFolderVariable === undefined ? undefined : envValue(input, profile.globalFolderVariable);
  const globalDir = globalVar !== undefined ? joinPath(cwd, globalVar) : joinPath(home, profile.globalFolder);

  // Names: configured ones in front of the defaults (Gemini CLI) or instead of them (Qwen Code).
  const configured: string[] = [];
  for (const raw of stringListSetting(input.settings, s.fileName) ?? []) {
    let n = raw.trim();
    if (profile.fileNames === 'prepend') while (n.startsWith('./')) n = n.slice(2);
    if (n !== '' && !configured.includes(n)) configured.push(n);
  }
  const names = profile.fileNames === 'replace' && configured.length > 0 ? configured : [...configured];
  if (profile.fileNames === 'prepend' || configured.length === 0)
    for (const n of profile.defaultNames) if (!names.includes(n)) names.push(n);

  const markersRaw = settingAt(input.settings, s.markers);
  const markers = (isStringArray(markersRaw) ? markersRaw : profile.defaults.markers).filter(
    (m) => m !== '' && !isAbsolutePath(m) && !m.split(/[\\/]/).includes('..'),
  );
  const formatRaw = stringSetting(input.settings, s.importFormat);
  const format = formatRaw === 'flat' || formatRaw === 'tree' ? formatRaw : profile.defaults.importFormat;
  rec.facts.globalFolder = globalDir;
  rec.facts.names = names.join(', ');
  rec.facts.markers = markers.length > 0 ? markers.join(', ') : '(none: no upward walk)';
  const trusted = await trustOf(profile, input, globalDir);
  rec.facts.trust = trusted.reason;
  return { globalDir, names, markers, format, trusted };
}

/** How a block names a file: absolute, or relative to the working folder; always with `/`. */
export function displayPath(profile: GeminiProfile, input: RunInput, path: string): string {
  return slashed(profile.display === 'cwd-relative' ? relativePath(input.cwd, path) : path);
}

/**
 * Reads, expands imports and trims one top-level memory file; the block, or undefined when it
 * adds nothing (the report says why). Imported files are reported after it.
 */
export async function memoryBlock(
  profile: GeminiProfile,
  input: RunInput,
  rec: RunRecorder,
  setup: GeminiSetup,
  report: HarnessFileReport,
  forceTree: boolean,
  content?: string,
): Promise<string | undefined> {
  const { fs } = input;
  let text = content;
  if (text === undefined) {
    const read = await readText(fs, report.path, { decoding: 'lossy' });
    if (!read.ok) {
      markUnread(report, read);
      return undefined;
    }
    report.bytes = read.bytes.length;
    text = read.text;
  }
  const real = profile.imports.realPaths ? ((await realPathOf(fs, report.path)) ?? report.path) : report.path;
  const ctx: ImportContext = {
    fs,
    profile,
    root: await importRoot(profile, input, setup.markers, report.path),
    reports: [],
    group: 'import',
    budget: input.budget,
  };
  const expanded =
    setup.format === 'flat' && !forceTree
      ? await expandFlat(ctx, text, report.path, real)
      : await expandTree(ctx, text, parentOf(report.path), report.path, 0, new Set(profile.imports.chainHasTopLevel ? [real] : []));
  for (const r of ctx.reports) rec.file({ ...r, placement: report.placement, readPath: report.readPath });
  const trimmed = expanded.trim();
  if (trimmed === '') {
    report.status = 'empty';
    report.reason = 'empty after trimming: no block (it still counts as loaded)';
    return undefined;
  }
  report.text = trimmed;
  return fillSlots(profile.block, { path: displayPath(profile, input, report.path), content: trimmed });
}

/** The allowed area of a top-level file's imports: its folder's marker root, else the folder. */
async function importRoot(profile: GeminiProfile, input: RunInput, markers: readonly string[], file: string): Promise<string> {
  const dir = parentOf(file);
  const root = (await findUp(input.fs, dir, markers)) ?? dir;
  return profile.imports.realPaths ? ((await realPathOf(input.fs, root)) ?? root) : root;
}

async function trustOf(profile: GeminiProfile, input: RunInput, globalDir: string): Promise<{ ok: boolean; reason: string }> {
  const variable = profile.trust.variable;
  const forced = variable === undefined ? undefined : input.env[variable]?.trim().toLowerCase();
  if (forced === 'true') return { ok: true, reason: `${variable}=true` };
  if (forced === 'false') return { ok: false, reason: `${variable}=false` };
  const setting = settingAt(input.settings, profile.settings.folderTrust);
  const enabled = typeof setting === 'boolean' ? setting : profile.trust.enabledByDefault;
  if (!enabled)
    return {
      ok: true,
      reason: `folder trust is off${typeof setting === 'boolean' ? '' : ' (the default)'}: every folder is trusted`,
    };
  const file = joinPath(globalDir, profile.trust.file);
  const read = await readText(input.fs, file, { decoding: 'lossy-strip-bom' });
  if (!read.ok) return { ok: false, reason: `the folder is not trusted (no ${file})` };
  let rules: unknown;
  try {
    rules = JSON.parse(read.text);
  } catch {
    return { ok: false, reason: `the folder is not trusted (${file} is not valid JSON)` };
  }
  if (typeof rules !== 'object' || rules === null) return { ok: false, reason: `the folder is not trusted (${file} holds no rules)` };
  let best: { depth: number; trusted: boolean; path: string } | undefined;
  for (const [path, level] of Object.entries(rules as Record<string, unknown>)) {
    if (!isAbsolutePath(path)) continue;
    const folder = level === 'TRUST_PARENT' ? parentOf(path) : normalizePath(path);
    if (!isInsideOrEqual(input.cwd, folder)) continue;
    const depth = splitPath(folder).segments.length;
    if (best === undefined || depth > best.depth) best = { depth, trusted: level === 'TRUST_FOLDER' || level === 'TRUST_PARENT', path };
  }
  if (best === undefined) return { ok: false, reason: `the folder is not trusted (no entry in ${file})` };
  return { ok: best.trusted, reason: `${best.trusted ? 'trusted' : 'not trusted'} by the entry for ${best.path} in ${file}` };
}
