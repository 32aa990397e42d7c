import { realpath } from 'node:fs/promises';
import path from 'node:path';
import type { BuildOutcome, BuildTarget, ContextSpec } from '../../shared/ipc/contract.js';
import {
  buildForContext,
  buildWorkspaceVariant,
  parseContext,
  type BuildOptions,
  type SystemPromptContext,
  type WorkspaceSnapshot,
} from '../../shared/engine/index.js';
import {
  buildStackPrompt,
  isAbsolutePath,
  parseStackContext,
  type StackContext,
  type StackContextInput,
  type StackProfile,
  type StackWarning,
} from '../../shared/stack/index.js';
import { isInside } from './confine.js';
import { createRealStackContext, grantedInstructionFs, realStackBuildOptions } from './stack/index.js';

/**
 * Builds for both assembly models, as the preview and build:run need them: a variant by id,
 * the variant selection picks for the context, or a stack profile. Never throws: every
 * failure is an outcome with `ok: false` and a message the preview can show.
 */

/** A context spec after the dispatcher validated it (inline contexts are parsed, defaults applied). */
export type ParsedContextSpec =
  | { kind: 'preset'; name: string }
  | { kind: 'inline'; context: SystemPromptContext }
  | {
      kind: 'stack';
      context: Record<string, unknown>;
      discovery?: 'virtual' | 'real' | undefined;
      /** Real discovery: standard global locations the user switched off (ids of OPENCODE_STANDARD_GLOBALS). */
      globalsOff?: string[] | undefined;
    };

export interface BuildInputs {
  snapshot: WorkspaceSnapshot;
  /** The profile (as edited, or as saved for the saved baseline), by id. */
  profile: (id: string) => { profile?: StackProfile | undefined; problems: { file: string; message: string }[] };
  options: BuildOptions;
  /**
   * Folders (real paths) the user chose through the host for real instruction-file discovery
   * (stack:grantFolder). A stack context with `discovery: 'real'` builds only with its working
   * folder inside one of them.
   */
  grantedFolders?: ReadonlySet<string> | undefined;
}

/**
 * Context fields that would steer what real discovery reads; on the real disk they come from
 * this machine (whether the folder is a git repository, and where its root is, from the disk).
 */
const MACHINE_FIELDS = ['worktreeRoot', 'isGitRepo', 'homeDir', 'configDir', 'env'] as const;

/**
 * The renderer's part of a context for real discovery: its working folder must be inside a
 * granted folder; machine facts are this machine's; configured instructions may only be
 * relative patterns (looked up from the working folder to the worktree root, as OpenCode
 * does), never absolute, home or parent paths. Returns the input to build with, the
 * warnings for what was dropped, or an error.
 */
async function confineRealInput(
  input: StackContextInput,
  granted: ReadonlySet<string>,
): Promise<{ ok: true; input: StackContextInput; dropped: StackWarning[]; grantedFolder: string } | { ok: false; error: string }> {
  const cwd = typeof input.cwd === 'string' ? input.cwd : '';
  if (!cwd || !path.isAbsolute(cwd)) return { ok: false, error: 'real instruction files need an absolute working folder' };
  let real: string;
  try {
    real = await realpath(cwd);
  } catch {
    return { ok: false, error: `no folder at '${cwd}' on this machine: choose the working folder (stack:grantFolder)` };
  }
  // The innermost granted folder holding the working folder: the walk's ceiling without a .git.
  const grantedFolder = [...granted].filter((folder) => isInside(folder, real)).sort((a, b) => b.length - a.length)[0];
  if (grantedFolder === undefined)
    return {
      ok: false,
      error: `'${cwd}' is not inside a folder chosen for real instruction files: choose the working folder first (stack:grantFolder)`,
    };
  const out: StackContextInput = { ...input, cwd: real };
  for (const field of MACHINE_FIELDS) delete out[field];
  const dropped: StackWarning[] = [];
  out.instructions = (input.instructions ?? []).filter((entry) => {
    const url = /^https?:\/\//.test(entry);
    const outside = path.isAbsolute(entry) || entry.startsWith('~') || entry.split(/[\\/]/).includes('..');
    if (!url && outside)
      dropped.push({
        code: 'instruction-not-granted',
        severity: 'warning',
        layer: 'instructions',
        path: entry,
        message: `configured instruction '${entry}' is not read: on the real disk only patterns inside the working folder are`,
      });
    return url || !outside;
  });
  return { ok: true, input: out, dropped, grantedFolder };
}

/** The machine's environment variables a real build may read: OpenCode's own, whatever a profile's flags name. */
function isOpencodeVariable(name: string): boolean {
  return name.startsWith('OPENCODE_');
}

type Resolved<T> = { ok: true; value: T } | { ok: false; error: string };

/** The Cline-style context a spec names. */
export function resolveVariantContext(snapshot: WorkspaceSnapshot, spec: ParsedContextSpec | ContextSpec): Resolved<SystemPromptContext> {
  switch (spec.kind) {
    case 'preset': {
      const preset = snapshot.presets.find((p) => p.name === spec.name);
      if (!preset) {
        const broken = snapshot.problems.some((p) => p.file === `contexts/${spec.name}.yaml`);
        return {
          ok: false,
          error: broken
            ? `context preset '${spec.name}' has errors (see problems)`
            : `no context preset '${spec.name}' (presets: ${snapshot.presets.map((p) => p.name).join(', ') || 'none'})`,
        };
      }
      return { ok: true, value: preset.context };
    }
    case 'inline':
      try {
        return { ok: true, value: parseContext(spec.context) };
      } catch (error) {
        return { ok: false, error: `invalid context: ${error instanceof Error ? error.message : String(error)}` };
      }
    case 'stack':
      return { ok: false, error: 'a stack context builds stack profiles, not variants; choose a context preset or an inline context' };
  }
}

/** A stack context from a Cline-style context: model, provider, working directory, machine facts, date, mode. */
export function stackContextFromVariantContext(context: SystemPromptContext): StackContextInput {
  const out: StackContextInput = {};
  if (context.providerInfo) {
    out.providerId = context.providerInfo.providerId;
    if (context.providerInfo.model.id) out.modelId = context.providerInfo.model.id;
    if (context.providerInfo.mode === 'plan') out.agent = 'plan';
  }
  if (context.cwd && isAbsolutePath(context.cwd)) out.cwd = context.cwd;
  if (context.machine?.platform) out.platform = context.machine.platform;
  if (context.machine?.homeDir && isAbsolutePath(context.machine.homeDir)) out.homeDir = context.machine.homeDir;
  if (context.date) out.date = context.date;
  return out;
}

function message(error: unknown): string {
  if (error && typeof error === 'object' && 'issues' in error && Array.isArray((error as { issues: unknown[] }).issues)) {
    return (error as { issues: { path: PropertyKey[]; message: string }[] }).issues
      .slice(0, 5)
      .map((i) => `${i.path.map(String).join('.') || '(context)'}: ${i.message}`)
      .join('; ');
  }
  return error instanceof Error ? error.message : String(error);
}

async function stackOutcome(
  inputs: BuildInputs,
  target: Extract<BuildTarget, { kind: 'profile' }>,
  spec: ParsedContextSpec,
): Promise<BuildOutcome> {
  const started = performance.now();
  const loaded = inputs.profile(target.profileId);
  if (!loaded.profile) {
    const first = loaded.problems[0];
    return {
      ok: false,
      error: first ? `profile '${target.profileId}' does not load: ${first.file}: ${first.message}` : `no profile '${target.profileId}'`,
    };
  }
  const profile = loaded.profile;
  let input: StackContextInput;
  let real = false;
  if (spec.kind === 'stack') {
    input = { ...(spec.context as StackContextInput) };
    real = spec.discovery === 'real';
  } else {
    const resolved = resolveVariantContext(inputs.snapshot, spec);
    if (!resolved.ok) return { ok: false, error: resolved.error };
    input = stackContextFromVariantContext(resolved.value);
  }
  if (target.agent !== undefined) input.agent = target.agent;
  let dropped: StackWarning[] = [];
  let walkCeiling: string | undefined;
  if (real) {
    const confined = await confineRealInput(input, inputs.grantedFolders ?? new Set());
    if (!confined.ok) return { ok: false, error: confined.error };
    input = confined.input;
    dropped = confined.dropped;
    walkCeiling = confined.grantedFolder;
  }
  let context: StackContext;
  try {
    context = real
      ? await createRealStackContext({ cwd: String(input.cwd ?? ''), base: input, profile, envAllowed: isOpencodeVariable })
      : parseStackContext(input);
  } catch (error) {
    return { ok: false, error: `invalid stack context: ${message(error)}` };
  }
  // On the real disk, reads are confined to what the user granted: whatever the profile or the
  // context name, nothing else is read (each refusal is a `not-granted` lookup).
  const options = real
    ? realStackBuildOptions({
        fs: grantedInstructionFs(context, {
          folders: inputs.grantedFolders ?? [],
          globalsOff: spec.kind === 'stack' ? spec.globalsOff : undefined,
        }),
        walkCeiling,
      })
    : {};
  const result = await buildStackPrompt(profile, context, options);
  const warnings = [...dropped, ...result.warnings];
  return {
    ok: true,
    kind: 'stack',
    result: { ...result, warnings, kind: 'stack', text: result.system },
    durationMs: performance.now() - started,
  };
}

export async function runBuild(inputs: BuildInputs, target: BuildTarget, spec: ParsedContextSpec): Promise<BuildOutcome> {
  try {
    if (target.kind === 'profile') return await stackOutcome(inputs, target, spec);
    const started = performance.now();
    const resolved = resolveVariantContext(inputs.snapshot, spec);
    if (!resolved.ok) return { ok: false, error: resolved.error };
    // A repository's rules files fill the rule texts (the harness engine loads on first use).
    const withRules =
      resolved.value.repository === undefined
        ? { ok: true as const, context: resolved.value }
        : await (await import('./harness/repository-rules.js')).repositoryRules(resolved.value, inputs);
    if (!withRules.ok) return { ok: false, error: withRules.error };
    const out =
      target.kind === 'variant'
        ? buildWorkspaceVariant(inputs.snapshot, target.variantId, withRules.context, inputs.options)
        : buildForContext(inputs.snapshot, withRules.context, inputs.options);
    const selection = out.selection?.steps;
    if (!out.ok) return selection ? { ok: false, error: out.error, selection } : { ok: false, error: out.error };
    const durationMs = performance.now() - started;
    return selection
      ? { ok: true, kind: 'variant', result: out.result, selection, durationMs }
      : { ok: true, kind: 'variant', result: out.result, durationMs };
  } catch (error) {
    return { ok: false, error: `build failed: ${message(error)}` };
  }
}

/** The text of an outcome (for baselines and token counts). */
export function outcomeText(outcome: BuildOutcome): string | null {
  return outcome.ok ? outcome.result.text : null;
}
