import { ancestorsUpTo, isInsideOrEqual, joinPath, parentOf, samePath, splitPath } from '../../stack/path.js';
import type { GeminiProfile } from '../profile/gemini.js';
import type { HarnessFileReport } from '../result.js';
import { ISO_DATE, longDate } from '../text/dates.js';
import { fillSlots } from '../text/fill.js';
import { compareCodeUnits } from '../text/order.js';
import { findUp } from '../run/find-up.js';
import { identityOf, probe, probeFailure, realPathOf, unreadReport } from '../run/read.js';
import type { RunRecorder } from '../run/recorder.js';
import type { RunInput } from '../run/run-input.js';
import { stringListSetting, stringSetting } from '../run/settings.js';
import { runByName } from './gemini-by-name.js';
import { geminiSetup, memoryBlock, type GeminiSetup } from './gemini-steps.js';

/**
 * Gemini CLI (docs/harnesses/gemini-cli.md): global memory (every listed name in
 * <home>/.gemini) in the system instruction; project memory (every listed name from each
 * workspace root up to its marker ceiling, merged, de-duplicated by identity, sorted) in the
 * first user message; further context files appended to read-tool results.
 */

export async function runGemini(profile: GeminiProfile, input: RunInput, rec: RunRecorder): Promise<void> {
  const setup = await geminiSetup(profile, input, rec);
  if (profile.layout === 'by-name') await runByName(profile, input, rec, setup);
  else await runTiers(profile, input, rec, setup);
}

/** Gemini CLI's tiers: global memory in the system instruction, project memory in the first user message, more on reads. */
async function runTiers(profile: GeminiProfile, input: RunInput, rec: RunRecorder, setup: GeminiSetup): Promise<void> {
  const { fs, cwd } = input;
  const s = profile.settings;
  const { globalDir, names, markers, trusted } = setup;
  const { user, jit } = profile;
  if (user === undefined || jit === undefined) throw new Error(`${profile.id}: the tiers layout needs \`user\` and \`jit\``);

  // Workspace roots, by real path.
  const roots: string[] = [];
  const includes = stringListSetting(input.settings, s.includeDirectories) ?? [];
  for (const [i, dir] of [cwd, ...includes].entries()) {
    const abs = joinPath(cwd, dir);
    const st = await probe(fs, abs);
    if (st.kind !== 'directory') {
      if (i === 0) {
        rec.stopped = `the working folder ${abs} does not exist`;
      } else {
        rec.stopped = `the include directory ${abs} does not exist: the agent stops before any request`;
      }
      rec.warn('include-dir-missing', rec.stopped, abs, 'error');
      return;
    }
    const real = (await realPathOf(fs, abs)) ?? abs;
    if (!roots.includes(real)) roots.push(real);
  }
  rec.facts.roots = roots.join(', ');

  const ceilingOf = async (start: string): Promise<string> => (await findUp(fs, start, markers)) ?? start;
  /** Reads, expands imports and trims one top-level file; the block, or undefined when it adds nothing. */
  const processFile = (report: HarnessFileReport, forceTree: boolean): Promise<string | undefined> =>
    memoryBlock(profile, input, rec, setup, report, forceTree);

  const loaded = new Set<string>();
  const loadedPaths = new Set<string>();
  const markLoaded = async (path: string): Promise<void> => {
    loadedPaths.add(path);
    const id = await identityOf(fs, path);
    if (id !== undefined) loaded.add(id);
  };

  // Global tier.
  const globalBlocks: string[] = [];
  for (const name of names) {
    const path = joinPath(globalDir, name);
    const st = await probe(fs, path);
    if (st.kind !== 'file') {
      rec.file(unreadReport({ path, group: 'global' }, probeFailure(st)));
      continue;
    }
    const report = rec.file({ path, group: 'global', status: 'loaded', reason: 'global memory (system instruction)', placement: 'system' });
    const block = await processFile(report, false);
    if (report.status === 'loaded' || report.status === 'empty') await markLoaded(path);
    if (block !== undefined) globalBlocks.push(block);
  }
  const globalTier = globalBlocks.join(profile.blockSeparator);

  // Project tier.
  const projectBlocks: string[] = [];
  const ceilings = new Map<string, string>();
  for (const root of roots) ceilings.set(root, await ceilingOf(root));
  const found: { path: string; id: string | undefined }[] = [];
  for (const root of roots) {
    const ceiling = ceilings.get(root) as string;
    rec.facts[`ceiling ${root}`] = ceiling;
    // Each root's list runs from its ceiling down to the root, so of two paths to one file the
    // outermost is kept (gemini-cli.md rule 4).
    for (const dir of walkUp(root, ceiling, globalDir).reverse()) {
      for (const name of names) {
        const path = joinPath(dir, name);
        const st = await probe(fs, path);
        if (st.kind !== 'file') {
          rec.file(unreadReport({ path, group: 'project' }, probeFailure(st)));
          continue;
        }
        if (!trusted.ok) {
          rec.file({ path, group: 'project', status: 'skipped', reason: `project memory is off: ${trusted.reason}`, bytes: st.size });
          continue;
        }
        const id = await identityOf(fs, path);
        const twin = found.find((f) => f.path === path || (id !== undefined && f.id === id));
        if (twin) {
          rec.file({ path, group: 'project', status: 'skipped', reason: `the same file as ${twin.path}`, bytes: st.size });
          continue;
        }
        found.push({ path, id });
      }
    }
  }
  found.sort((a, b) => compareCodeUnits(a.path, b.path));
  for (const f of found) {
    if (loadedPaths.has(f.path) || (f.id !== undefined && loaded.has(f.id))) {
      rec.file({ path: f.path, group: 'project', status: 'skipped', reason: 'already loaded as global memory' });
      continue;
    }
    const report = rec.file({
      path: f.path,
      group: 'project',
      status: 'loaded',
      reason: 'project memory (first user message)',
      placement: 'user',
    });
    const block = await processFile(report, false);
    if (report.status === 'loaded' || report.status === 'empty') await markLoaded(f.path);
    if (block !== undefined) projectBlocks.push(block);
  }
  const projectTier = trusted.ok ? projectBlocks.join(profile.blockSeparator) : '';

  // System instruction.
  if (globalTier.trim() !== '') {
    const model = stringSetting(input.settings, s.model) ?? profile.defaults.model;
    const bare = model.includes('/') ? model.slice(model.lastIndexOf('/') + 1) : model;
    const legacy = profile.legacyModels.some((p) => bare.startsWith(p));
    const shownNames = legacy ? profile.defaultNames.join(profile.system.namesSeparator) : names.join(profile.system.namesSeparator);
    const memory = fillSlots(profile.system.memory, { names: shownNames, memory: globalTier.trim() });
    const text = (profile.system.base === '' ? memory : profile.system.base + profile.system.separator + memory).replace(/\n{3,}/g, '\n\n');
    rec.part({ placement: 'system', label: 'global memory', text, files: filesOf(rec.files, 'system') });
  }

  // First user message.
  const sections: string[] = [];
  if (projectTier.trim() !== '') sections.push(fillSlots(user.project, { text: projectTier.trim() }));
  const memory = sections.length === 0 ? '' : fillSlots(user.memory, { sections: sections.join(user.sectionSeparator) });
  const dateSetting = stringSetting(input.settings, s.date);
  const date = longDate(dateSetting !== undefined && ISO_DATE.test(dateSetting) ? dateSetting : input.today);
  const tempDir = stringSetting(input.settings, s.tempDir) ?? joinPath(globalDir, 'tmp', splitPath(cwd).segments.at(-1) ?? 'root');
  const session = fillSlots(user.session, { date, platform: input.os, tempDir, tree: '', memory }).trim();
  // The block around the memory is the agent's context (its folder listing is not predicted): only the memory is instruction text.
  rec.part({
    placement: 'user',
    label: 'session context',
    text: session,
    files: sections.length > 0 ? filesOf(rec.files, 'user') : [],
    instruction: memory,
  });

  // Just-in-time context on reads.
  for (const read of input.reads) {
    if (!trusted.ok) continue;
    const owner = [...roots].filter((r) => isInsideOrEqual(read, r)).sort((a, b) => b.length - a.length)[0];
    if (owner === undefined) continue;
    const ceiling = ceilings.get(owner) as string;
    const st = await probe(fs, read);
    const start = st.kind === 'directory' ? read : parentOf(read);
    const blocks: string[] = [];
    const files: string[] = [];
    for (const dir of [...walkUp(start, ceiling, globalDir)].reverse()) {
      for (const name of names) {
        const path = joinPath(dir, name);
        if ((await probe(fs, path)).kind !== 'file') continue;
        const id = await identityOf(fs, path);
        if (loadedPaths.has(path) || (id !== undefined && loaded.has(id))) continue;
        const report = rec.file({
          path,
          group: 'on read',
          status: 'loaded',
          reason: `loaded when ${read} was read`,
          placement: 'read',
          readPath: read,
        });
        const block = await processFile(report, true);
        await markLoaded(path);
        if (block !== undefined) {
          blocks.push(block);
          files.push(path);
        }
      }
    }
    if (blocks.length > 0)
      rec.part({
        placement: 'read',
        readPath: read,
        label: `context for ${read}`,
        text: jit.header + blocks.join(profile.blockSeparator) + jit.footer,
        files,
      });
  }
}

/** Folders from `start` up to `ceiling` (inclusive), nearest first, stopping before `stop`. */
function walkUp(start: string, ceiling: string, stop: string): string[] {
  const out: string[] = [];
  for (const dir of ancestorsUpTo(start, isInsideOrEqual(start, ceiling) ? ceiling : start)) {
    if (samePath(dir, stop)) break;
    out.push(dir);
  }
  return out;
}

function filesOf(files: readonly HarnessFileReport[], placement: 'system' | 'user'): string[] {
  return files.filter((f) => f.placement === placement && f.status === 'loaded' && f.text !== undefined).map((f) => f.path);
}
