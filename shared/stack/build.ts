import { encodeUtf8 } from './bytes.js';
import { toDateString, type StackContext } from './context.js';
import { opencodeExtrasInput, opencodeTrailingParts } from '../harness/loaders/opencode.js';
import { discoverInstructions, type DiscoveryOptions, type InstructionDiscovery } from './discovery.js';
import { renderEnvironment, type EnvironmentValues, type RenderedEnvironment } from './environment.js';
import type { InstructionFs } from './instruction-fs.js';
import { joinPath } from './path.js';
import { countLines } from '../engine/text/line-count.js';
import type { StackAgent, StackProfile } from './profile.js';
import { selectProviderPrompt, type ProviderSelection } from './provider.js';
import { virtualInstructionFs } from './virtual-fs.js';
import type { StackLayer, StackWarning } from './warnings.js';

/**
 * The OpenCode-style build: [agent prompt or provider prompt] + environment + instruction
 * blocks (+ MCP instructions and the skills list, when the harness profile gives their text, as
 * 1.18.33 sends them) + the user message's own system text, empty parts dropped, joined with
 * "\n" into one system message, followed by the user message with its reminders.
 */

export interface StackBuildOptions extends DiscoveryOptions {
  /** Filesystem for instruction discovery; default: the context's virtual file tree. */
  fs?: InstructionFs | undefined;
}

/** Where a section's text came from. */
export interface StackSectionSource {
  /** Workspace-relative profile file (prompts, environment template). */
  file?: string | undefined;
  /** Provider prompt key and the rule that chose it. */
  promptId?: string | undefined;
  ruleId?: string | undefined;
  agent?: string | undefined;
  /** Instruction block: the absolute path or URL named in `Instructions from:`. */
  path?: string | undefined;
  /** Instruction block: index into `instructions.sources`. */
  sourceIndex?: number | undefined;
  /** Instruction block: which lookup layer found it. */
  instructionLayer?: 'project' | 'global' | 'configured' | undefined;
}

export interface StackSection {
  layer: StackLayer;
  /** A short name for lists, e.g. `provider prompt 'anthropic'` or the instruction path. */
  label: string;
  source: StackSectionSource;
  /** Offsets in the system text, end exclusive. The "\n" joining two sections belongs to neither. */
  start: number;
  end: number;
}

export interface StackUserPart {
  type: 'text';
  text: string;
  /** True for text the agent adds (reminders), false for what the user typed. */
  synthetic: boolean;
  source: 'user' | 'agent-reminder' | 'switch-reminder';
  /** The profile file the reminder came from. */
  file?: string | undefined;
}

export type StackMessage = { role: 'system'; content: string } | { role: 'user'; content: StackUserPart[] };

export interface StackSizes {
  systemChars: number;
  systemBytes: number;
  systemLines: number;
  userChars: number;
  /** Characters of each layer's sections (joins not counted). */
  layers: Record<StackLayer, number>;
}

export interface StackBuildResult {
  profileId: string;
  agent: string;
  previousAgent?: string | undefined;
  modelId: string;
  providerId: string;
  /** What the agent would send: the system message, then the user message. */
  messages: StackMessage[];
  system: string;
  sections: StackSection[];
  /** The provider prompt choice; `used` is false when the agent's own prompt replaced it. */
  provider: ProviderSelection & { used: boolean };
  environment: { text: string; values: EnvironmentValues; file?: string | undefined; slots?: RenderedEnvironment['slots'] | undefined };
  instructions: InstructionDiscovery;
  warnings: StackWarning[];
  sizes: StackSizes;
}

/** One candidate part of the system text before empty parts are dropped. */
export interface StackPart {
  layer: StackLayer;
  label: string;
  text: string;
  source: StackSectionSource;
}

/** Drops empty parts (exactly empty: whitespace counts as text) and joins with "\n". */
export function joinStackParts(parts: readonly StackPart[]): { system: string; sections: StackSection[] } {
  const sections: StackSection[] = [];
  const kept = parts.filter((p) => p.text !== '');
  let offset = 0;
  const texts: string[] = [];
  kept.forEach((p, i) => {
    if (i > 0) offset += 1;
    sections.push({ layer: p.layer, label: p.label, source: p.source, start: offset, end: offset + p.text.length });
    offset += p.text.length;
    texts.push(p.text);
  });
  return { system: texts.join('\n'), sections };
}

/** Lines of a part of the stack; an empty one has none. */
function linesOf(text: string): number {
  return text === '' ? 0 : countLines(text);
}

export async function buildStackPrompt(
  profile: StackProfile,
  context: StackContext,
  options: StackBuildOptions = {},
): Promise<StackBuildResult> {
  const warnings: StackWarning[] = [];
  const agentName = context.agent ?? profile.defaultAgent;
  const agent: StackAgent | undefined = profile.agents[agentName];
  if (!agent) {
    warnings.push({
      code: 'unknown-agent',
      severity: 'error',
      message: `the profile has no agent '${agentName}' (known: ${Object.keys(profile.agents).join(', ')}); the provider prompt is used and no reminder is added`,
    });
  }

  // 1. Agent prompt, else provider prompt.
  const selection = selectProviderPrompt(profile, context.modelId, context.providerId);
  const agentPrompt = agent?.prompt;
  if (agentPrompt !== undefined && agentPrompt.text === '') {
    warnings.push({
      code: 'empty-agent-prompt',
      severity: 'warning',
      message: `agent '${agentName}' has an empty prompt, so the provider prompt is used`,
      layer: 'agent-prompt',
      path: agentPrompt.file,
    });
  }
  const useAgentPrompt = agentPrompt !== undefined && agentPrompt.text !== '';
  if (!useAgentPrompt && selection.ruleId === undefined) {
    warnings.push({
      code: 'no-provider-rule',
      severity: 'warning',
      message: `no provider rule matches model '${context.modelId}' (provider '${context.providerId}'); the stack has no provider prompt`,
      layer: 'provider-prompt',
    });
  }
  const head: StackPart = useAgentPrompt
    ? {
        layer: 'agent-prompt',
        label: `agent prompt '${agentName}'`,
        text: agentPrompt.text,
        source: { agent: agentName, file: agentPrompt.file },
      }
    : {
        layer: 'provider-prompt',
        label: `provider prompt '${selection.promptId ?? 'none'}'`,
        text: selection.prompt?.text ?? '',
        source: { promptId: selection.promptId, ruleId: selection.ruleId, file: selection.prompt?.file },
      };

  // 2. Instructions (first: the environment needs the git answer).
  let fs = options.fs;
  if (fs === undefined) {
    const virtual = virtualInstructionFs(context.files);
    for (const problem of virtual.problems) {
      warnings.push({ code: 'virtual-tree-problem', severity: 'warning', message: `virtual file tree: ${problem}`, layer: 'instructions' });
    }
    fs = virtual;
  }
  const instructions = await discoverInstructions(
    fs,
    {
      cwd: context.cwd,
      worktreeRoot: context.worktreeRoot,
      isGitRepo: context.isGitRepo,
      homeDir: context.homeDir,
      configDir: context.configDir ?? joinPath(context.homeDir, '.config'),
      env: context.env,
      instructionFiles: profile.instructionFiles,
      localCompanions: profile.localCompanions,
      globalFiles: profile.globalFiles,
      flags: profile.flags,
      instructions: [...profile.instructions, ...context.instructions],
      blockOrder: profile.blockOrder,
      relativeInstructions: profile.relativeInstructions,
      block: profile.instructionBlock,
      ...(profile.harnessExtras === undefined
        ? {}
        : opencodeExtrasInput(profile.harnessExtras, {
            cwd: context.cwd,
            home: context.homeDir,
            configDir: context.configDir ?? joinPath(context.homeDir, '.config'),
          })),
    },
    options,
  );

  // 3. Environment.
  const values: EnvironmentValues = {
    modelId: context.modelId,
    providerId: context.providerId,
    agent: agentName,
    cwd: instructions.cwd,
    worktreeRoot: instructions.worktreeRoot,
    isGitRepo: instructions.isGitRepo ? 'yes' : 'no',
    platform: context.platform,
    date: toDateString(context.date),
    isoDate: context.date,
    homeDir: context.homeDir,
    configDir: context.configDir ?? joinPath(context.homeDir, '.config'),
  };
  const env = renderEnvironment(profile.environment.text, values);
  for (const slot of env.unknown) {
    warnings.push({
      code: 'environment-unknown-placeholder',
      severity: 'warning',
      message: `the environment template uses {{${slot}}}, which is not a known placeholder; it stays as written`,
      layer: 'environment',
      path: profile.environment.file,
    });
  }
  warnings.push(...instructions.warnings);

  const parts: StackPart[] = [
    head,
    { layer: 'environment', label: 'environment', text: env.text, source: { file: profile.environment.file } },
  ];
  instructions.sources.forEach((s, sourceIndex) => {
    if (s.block === undefined) return;
    parts.push({
      layer: 'instructions',
      label: s.path,
      text: s.block,
      source: { path: s.path, sourceIndex, instructionLayer: s.layer },
    });
  });
  // 1.18.33 sends the MCP servers' instructions and the skills list after the instruction blocks.
  if (profile.harnessExtras !== undefined) {
    const trailing = opencodeTrailingParts(profile.harnessExtras, context.mcpServers, context.skills);
    trailing.mcp.forEach((text, i) =>
      parts.push({
        layer: 'mcp',
        label: `MCP instructions '${context.mcpServers.filter((m) => m.instructions !== '')[i]?.name ?? ''}'`,
        text,
        source: {},
      }),
    );
    if (trailing.skills !== undefined) parts.push({ layer: 'skills', label: 'skills', text: trailing.skills, source: {} });
  }
  parts.push({ layer: 'user-system', label: 'user system text', text: context.userSystem, source: {} });
  const { system, sections } = joinStackParts(parts);
  if (system === '') {
    warnings.push({ code: 'empty-system-prompt', severity: 'warning', message: 'every part of the system prompt is empty' });
  }

  // 4. The user message and its reminders.
  const userParts: StackUserPart[] = [{ type: 'text', text: context.userMessage, synthetic: false, source: 'user' }];
  if (agent?.reminder !== undefined && agent.reminder.text !== '') {
    userParts.push({ type: 'text', text: agent.reminder.text, synthetic: true, source: 'agent-reminder', file: agent.reminder.file });
  }
  if (agent && context.previousAgent !== undefined && context.previousAgent !== agentName) {
    for (const s of profile.switchReminders) {
      if (s.from === context.previousAgent && s.to === agentName && s.text.text !== '') {
        userParts.push({ type: 'text', text: s.text.text, synthetic: true, source: 'switch-reminder', file: s.text.file });
      }
    }
  }

  const layers: Record<StackLayer, number> = {
    'agent-prompt': 0,
    'provider-prompt': 0,
    environment: 0,
    instructions: 0,
    mcp: 0,
    skills: 0,
    'user-system': 0,
  };
  for (const s of sections) layers[s.layer] += s.end - s.start;

  return {
    profileId: profile.id,
    agent: agentName,
    previousAgent: context.previousAgent,
    modelId: context.modelId,
    providerId: context.providerId,
    messages: [
      { role: 'system', content: system },
      { role: 'user', content: userParts },
    ],
    system,
    sections,
    provider: { ...selection, used: !useAgentPrompt },
    environment: { text: env.text, values, file: profile.environment.file, slots: env.slots },
    instructions,
    warnings,
    sizes: {
      systemChars: system.length,
      systemBytes: encodeUtf8(system).length,
      systemLines: linesOf(system),
      userChars: userParts.reduce((n, p) => n + p.text.length, 0),
      layers,
    },
  };
}
