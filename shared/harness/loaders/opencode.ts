import { toDateString } from '../../stack/context.js';
import { renderEnvironment } from '../../stack/environment.js';
import { isAbsolutePath, joinPath, normalizePath } from '../../stack/path.js';
import { selectProviderPrompt } from '../../stack/provider.js';
import type { OpencodeProfile, OpencodeRulesLocation } from '../profile/opencode.js';
import type { HarnessFileStatus } from '../result.js';
import { ISO_DATE } from '../text/dates.js';
import { fillSlots } from '../text/fill.js';
import type { RunRecorder } from '../run/recorder.js';
import type { RunInput } from '../run/run-input.js';
import { isStringArray, settingAt, stringSetting } from '../run/settings.js';
import {
  discoverInstructions,
  type DiscoveryInput,
  type DiscoveryOptions,
  type InstructionDiscovery,
  type LookupStatus,
  type RulesSource,
} from './opencode-discovery.js';

/**
 * OpenCode (prompt-semantics.md Part 2): the environment block, the instruction blocks in the
 * version's order, then MCP server instructions and the skills list, joined into the system
 * prompt. The provider prompt's text is not reproduced; the run names which one is chosen.
 */

/** The discovery input a profile and a context give (the stack builds the same from its own context). */
export function opencodeDiscoveryInput(profile: OpencodeProfile, input: RunInput): DiscoveryInput {
  const s = profile.settings;
  const configDir = stringSetting(input.settings, s.configDir);
  const worktreeRoot = stringSetting(input.settings, s.worktreeRoot);
  const extra = settingAt(input.settings, s.instructions);
  const configRoot = configDir !== undefined && isAbsolutePath(configDir) ? normalizePath(configDir) : joinPath(input.home, '.config');
  const place = (template: string, mode?: string): string =>
    expandLocation(template, { cwd: input.cwd, home: input.home, configDir: configRoot, ...(mode === undefined ? {} : { mode }) });
  const rules: RulesSource[] = [];
  const addRules = (l: OpencodeRulesLocation, mode?: string): void => {
    rules.push(
      'file' in l ? { scope: l.scope, file: place(l.file, mode) } : { scope: l.scope, folders: l.folders.map((f) => place(f, mode)) },
    );
  };
  for (const r of profile.rules) {
    if ('modes' in r) for (const mode of r.modes) for (const each of r.each) addRules(each, mode);
    else addRules(r);
  }
  return {
    cwd: input.cwd,
    worktreeRoot: worktreeRoot !== undefined && isAbsolutePath(worktreeRoot) ? normalizePath(worktreeRoot) : undefined,
    homeDir: input.home,
    configDir: configRoot,
    env: input.env,
    instructionFiles: profile.instructionFiles,
    localCompanions: profile.localCompanions,
    globalFiles: profile.globalFiles,
    flags: profile.flags,
    instructions: [...profile.instructions, ...(isStringArray(extra) ? extra : [])],
    blockOrder: profile.blockOrder,
    relativeInstructions: profile.relativeInstructions,
    block: profile.block,
    gitCheck: profile.gitCheck,
    outsideRepository: profile.outsideRepository,
    configFolder: place(profile.configFolder),
    rules,
    substitution: profile.substitution,
  };
}

/** A location template made absolute: `{cwd}`, `{home}`, `{configDir}`, `{mode}`, a leading `~/`. */
function expandLocation(template: string, slots: Readonly<Record<string, string>>): string {
  let text = template.replace(/\{([A-Za-z]+)\}/g, (whole, name: string) => slots[name] ?? whole);
  if (text === '~' || text.startsWith('~/')) text = joinPath(slots.home as string, text.slice(2));
  return joinPath(slots.cwd as string, text);
}

const STATUS: Record<LookupStatus, HarnessFileStatus> = {
  found: 'loaded',
  empty: 'empty',
  missing: 'missing',
  unreadable: 'unreadable',
  'too-large': 'skipped',
  binary: 'skipped',
  'not-a-file': 'missing',
  'not-looked-for': 'not-looked-for',
  disabled: 'not-looked-for',
  duplicate: 'skipped',
  dropped: 'skipped',
  'outside-worktree': 'skipped',
  'no-match': 'missing',
  'not-fetched': 'skipped',
  'fetch-failed': 'unreadable',
  'not-granted': 'not-granted',
};

/** File reports from a discovery: every lookup, with the text of the sources that gave a block. */
export function reportDiscovery(discovery: InstructionDiscovery, rec: RunRecorder): void {
  for (const l of discovery.lookups) {
    if (l.path === undefined) continue;
    const source = discovery.sources.find((s) => s.path === l.path && s.layer === l.layer);
    rec.file({
      path: l.path,
      realPath: source?.realPath,
      group: l.companion ? 'companion' : l.layer,
      status: STATUS[l.status],
      reason: l.reason,
      placement: source?.block !== undefined && l.status === 'found' ? 'system' : undefined,
      readProblem: l.readProblem,
      text: l.status === 'found' ? source?.content : undefined,
    });
  }
  for (const w of discovery.warnings) rec.warn(w.code, w.message, w.path, w.severity);
}

export async function runOpencode(
  profile: OpencodeProfile,
  input: RunInput,
  rec: RunRecorder,
  options: DiscoveryOptions = {},
): Promise<void> {
  const s = profile.settings;
  const discovery = await discoverInstructions(input.fs, opencodeDiscoveryInput(profile, input), options);
  reportDiscovery(discovery, rec);
  rec.facts.worktreeRoot = discovery.worktreeRoot;
  rec.facts.isGitRepo = discovery.isGitRepo ? 'yes' : 'no';
  if (discovery.winner) rec.facts.projectName = discovery.winner;

  const modelId = stringSetting(input.settings, s.modelId) ?? 'claude-sonnet-4-5';
  const providerId = stringSetting(input.settings, s.providerId) ?? 'anthropic';
  if (profile.providerRules.length > 0) {
    const chosen = selectProviderPrompt({ providerRules: profile.providerRules, providerPrompts: {} }, modelId, providerId);
    rec.facts.providerPrompt = chosen.promptId ?? '(none)';
  }
  const parts: string[] = [];
  if (profile.environment !== undefined) {
    const dateSetting = stringSetting(input.settings, s.date);
    const iso = dateSetting !== undefined && ISO_DATE.test(dateSetting) ? dateSetting : input.today;
    parts.push(
      renderEnvironment(profile.environment, {
        modelId,
        providerId,
        agent: 'build',
        cwd: discovery.cwd,
        worktreeRoot: discovery.worktreeRoot,
        isGitRepo: discovery.isGitRepo ? 'yes' : 'no',
        platform: input.os,
        date: toDateString(iso),
        isoDate: iso,
        homeDir: input.home,
        configDir: opencodeDiscoveryInput(profile, input).configDir,
      }).text,
    );
  }
  const files: string[] = [];
  for (const source of discovery.sources) {
    if (source.block === undefined) continue;
    parts.push(source.block);
    files.push(source.path);
  }
  const mcp = settingAt(input.settings, s.mcp);
  if (profile.mcpBlock !== undefined && Array.isArray(mcp)) {
    for (const server of mcp) {
      if (typeof server !== 'object' || server === null) continue;
      const { name, instructions } = server as { name?: unknown; instructions?: unknown };
      if (typeof name === 'string' && typeof instructions === 'string' && instructions !== '')
        parts.push(fillSlots(profile.mcpBlock, { name, instructions }));
    }
  }
  const skills = settingAt(input.settings, s.skills);
  if (profile.skills !== undefined && Array.isArray(skills) && skills.length > 0) {
    const sk = profile.skills;
    const items = skills
      .filter(
        (k): k is { name: string; description?: string } =>
          typeof k === 'object' && k !== null && typeof (k as { name?: unknown }).name === 'string',
      )
      .map((k) => fillSlots(sk.skill, { name: k.name, description: typeof k.description === 'string' ? k.description : '' }));
    if (items.length > 0) parts.push(fillSlots(sk.list, { skills: items.join(sk.separator) }));
    else if (sk.whenEmpty !== undefined) parts.push(sk.whenEmpty);
  } else if (profile.skills?.whenEmpty !== undefined) {
    parts.push(profile.skills.whenEmpty);
  }
  const userSystem = stringSetting(input.settings, s.userSystem);
  if (userSystem !== undefined) parts.push(userSystem);
  const text = parts.filter((p) => p !== '').join(profile.partSeparator);
  if (text !== '') rec.part({ placement: 'system', label: 'system prompt (after the provider prompt)', text, files });
}
