import { toDateString } from '../../stack/context.js';
import { renderEnvironment } from '../../stack/environment.js';
import { isAbsolutePath, joinPath, normalizePath } from '../../stack/path.js';
import { selectProviderPrompt } from '../../stack/provider.js';
import type { StackHarnessExtras } from '../../stack/profile.js';
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
 * OpenCode and Kilo (docs/harnesses/opencode.md, opencode-seed.md, kilo.md): the environment block, the instruction blocks in the
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
    ...opencodeExtrasInput(profile, { cwd: input.cwd, home: input.home, configDir: configRoot }),
  };
}

/** The discovery options beyond OpenCode's (Kilo's), with their location templates made absolute. */
export function opencodeExtrasInput(
  extras: Pick<StackHarnessExtras, 'gitCheck' | 'outsideRepository' | 'configFolder' | 'rules' | 'substitution'>,
  at: { cwd: string; home: string; configDir: string },
): Pick<DiscoveryInput, 'gitCheck' | 'outsideRepository' | 'configFolder' | 'rules' | 'substitution'> {
  const place = (template: string, mode?: string): string => expandLocation(template, { ...at, ...(mode === undefined ? {} : { mode }) });
  const rules: RulesSource[] = [];
  const addRules = (l: OpencodeRulesLocation, mode?: string): void => {
    rules.push(
      'file' in l ? { scope: l.scope, file: place(l.file, mode) } : { scope: l.scope, folders: l.folders.map((f) => place(f, mode)) },
    );
  };
  for (const r of extras.rules) {
    if ('modes' in r) for (const mode of r.modes) for (const each of r.each) addRules(each, mode);
    else addRules(r);
  }
  return {
    gitCheck: extras.gitCheck,
    outsideRepository: extras.outsideRepository,
    configFolder: place(extras.configFolder),
    rules,
    substitution: extras.substitution,
  };
}

/** What follows the instruction blocks: each MCP server's instructions, then the skills list (or the heading alone, where the version sends it). */
export function opencodeTrailingParts(
  extras: Pick<StackHarnessExtras, 'mcpBlock' | 'skills'>,
  mcp: readonly { name: string; instructions: string }[],
  skills: readonly { name: string; description: string }[],
): { mcp: string[]; skills: string | undefined } {
  const mcpParts =
    extras.mcpBlock === undefined
      ? []
      : mcp
          .filter((m) => m.instructions !== '')
          .map((m) => fillSlots(extras.mcpBlock as string, { name: m.name, instructions: m.instructions }));
  const sk = extras.skills;
  if (sk === undefined) return { mcp: mcpParts, skills: undefined };
  if (skills.length === 0) return { mcp: mcpParts, skills: sk.whenEmpty };
  const items = skills.map((k) => fillSlots(sk.skill, { name: k.name, description: k.description }));
  return { mcp: mcpParts, skills: fillSlots(sk.list, { skills: items.join(sk.separator) }) };
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
  const blocks: string[] = [];
  for (const source of discovery.sources) {
    if (source.block === undefined) continue;
    parts.push(source.block);
    blocks.push(source.block);
    files.push(source.path);
  }
  const mcpRaw = settingAt(input.settings, s.mcp);
  const skillsRaw = settingAt(input.settings, s.skills);
  const trailing = opencodeTrailingParts(
    profile,
    (Array.isArray(mcpRaw) ? mcpRaw : []).flatMap((m: unknown) => {
      const { name, instructions } = (typeof m === 'object' && m !== null ? m : {}) as { name?: unknown; instructions?: unknown };
      return typeof name === 'string' && typeof instructions === 'string' ? [{ name, instructions }] : [];
    }),
    (Array.isArray(skillsRaw) ? skillsRaw : []).flatMap((k: unknown) => {
      const { name, description } = (typeof k === 'object' && k !== null ? k : {}) as { name?: unknown; description?: unknown };
      return typeof name === 'string' ? [{ name, description: typeof description === 'string' ? description : '' }] : [];
    }),
  );
  parts.push(...trailing.mcp);
  if (trailing.skills !== undefined) parts.push(trailing.skills);
  const userSystem = stringSetting(input.settings, s.userSystem);
  if (userSystem !== undefined) parts.push(userSystem);
  const text = parts.filter((p) => p !== '').join(profile.partSeparator);
  // With an environment block of the profile's own wording, only the instruction blocks are the agent's text to compare.
  const instruction = profile.environmentSpecified ? {} : { instruction: blocks.filter((b) => b !== '').join(profile.partSeparator) };
  if (text !== '') rec.part({ placement: 'system', label: 'system prompt (after the provider prompt)', text, files, ...instruction });
}
