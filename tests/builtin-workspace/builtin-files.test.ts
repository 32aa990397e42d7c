import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { ModelLimitsFileSchema } from '../../shared/engine/models/model-limits.js';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SystemPromptContextSchema, type SystemPromptContext } from '../../shared/domain/context.js';
import { memoryFileSource } from '../../shared/domain/file-source.js';
import { ContextPresetFileSchema, type ContextPresetFile } from '../../shared/domain/preset.js';
import { ToolFileSchema, type ToolFile } from '../../shared/domain/tool.js';
import { VariantFileSchema, type Variant, type VariantFile } from '../../shared/domain/variant.js';
import { buildWorkspaceVariant } from '../../shared/engine/build/build-from-workspace.js';
import { buildVariantPrompt } from '../../shared/engine/build/build-variant-prompt.js';
import { ComponentRegistry } from '../../shared/engine/components/component-registry.js';
import { STANDARD_PLACEHOLDER_KEYS } from '../../shared/engine/sections.js';
import { selectVariant } from '../../shared/engine/selection/select-variant.js';
import { selectTools } from '../../shared/engine/tools/tool-catalog.js';
import { renderToolText } from '../../shared/engine/tools/tool-text.js';
import { loadWorkspace } from '../../shared/engine/workspace/load-workspace.js';
import { WorkspaceConfigSchema } from '../../shared/engine/workspace/workspace-config.js';

/**
 * The built-in workspace (variants/) read file by file with the zod schemas, plus the
 * structural rules Cline's validator enforces and the ones the built-ins promise on top:
 * every template has AGENT_ROLE and SYSTEM_INFO, every listed component is used by its
 * template, every tool a variant names has a spec, no duplicates, presets extend presets
 * that exist. variants/profiles/ (OpenCode stack profiles) and variants/harnesses/ (harness
 * profiles) are other formats and not read here.
 */

const ROOT = fileURLToPath(new URL('../../variants/', import.meta.url));

const VARIANT_IDS = ['devstral', 'gemini-3', 'generic', 'glm', 'gpt-5', 'hermes', 'next-gen', 'xs'];
const PRESET_NAMES = ['basic', 'multi-root', 'no-browser', 'no-focus-chain', 'no-mcp', 'plan-mode', 'yolo'];
const TOOL_IDS = [
  'access_mcp_resource',
  'act_mode_respond',
  'apply_patch',
  'ask_followup_question',
  'attempt_completion',
  'browser_action',
  'execute_command',
  'focus_chain',
  'generate_explanation',
  'list_code_definition_names',
  'list_files',
  'load_mcp_documentation',
  'new_task',
  'plan_mode_respond',
  'read_file',
  'replace_in_file',
  'search_files',
  'use_mcp_tool',
  'use_skill',
  'web_fetch',
  'web_search',
  'write_to_file',
];

/** Every file under variants/ except profiles/ and harnesses/ (formats of their own, tested with their engines), workspace-relative. */
function workspaceFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      const rel = relative(ROOT, path).split('\\').join('/');
      if (rel === 'profiles' || rel === 'harnesses') continue;
      if (statSync(path).isDirectory()) walk(path);
      else out.push(rel);
    }
  };
  walk(ROOT);
  return out;
}

const read = (rel: string): string => readFileSync(join(ROOT, rel), 'utf8');
const yamlOf = (rel: string): unknown => parse(read(rel));

function dupes(list: readonly string[]): string[] {
  return list.filter((id, i) => list.indexOf(id) !== i);
}

function deepMerge(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const prev = out[key];
    const bothObjects =
      value && typeof value === 'object' && !Array.isArray(value) && prev && typeof prev === 'object' && !Array.isArray(prev);
    out[key] = bothObjects ? deepMerge(prev as Record<string, unknown>, value as Record<string, unknown>) : value;
  }
  return out;
}

const files = workspaceFiles();
const yamlFiles = files.filter((f) => f.endsWith('.yaml') || f.endsWith('.yml'));

const tools = new Map<string, ToolFile>();
for (const f of files.filter((p) => /^tools\/[^/]+\.yaml$/.test(p))) {
  const parsed = ToolFileSchema.safeParse(yamlOf(f));
  if (parsed.success) tools.set(f.slice('tools/'.length, -'.yaml'.length), parsed.data);
}
const variants = new Map<string, VariantFile>();
for (const f of files.filter((p) => /^variants\/[^/]+\/variant\.yaml$/.test(p))) {
  const parsed = VariantFileSchema.safeParse(yamlOf(f));
  if (parsed.success) variants.set(f.split('/')[1]!, parsed.data);
}
/** Cline-style presets (kind: variant); the stack presets (kind: stack) are checked by the stack tests and the loader. */
const presets = new Map<string, ContextPresetFile>();
const stackPresets: string[] = [];
for (const f of files.filter((p) => /^contexts\/[^/]+\.yaml$/.test(p))) {
  const parsed = ContextPresetFileSchema.safeParse(yamlOf(f));
  const name = f.slice('contexts/'.length, -'.yaml'.length);
  if (parsed.success && parsed.data.kind === 'stack') stackPresets.push(name);
  else if (parsed.success) presets.set(name, parsed.data);
}

function resolvedPreset(name: string, seen: string[] = []): Record<string, unknown> {
  const preset = presets.get(name);
  if (!preset) throw new Error(`no preset '${name}'`);
  if (seen.includes(name)) throw new Error(`extends cycle: ${[...seen, name].join(' -> ')}`);
  return preset.extends ? deepMerge(resolvedPreset(preset.extends, [...seen, name]), preset.context) : preset.context;
}

function templateKeys(template: string): string[] {
  return [...template.matchAll(/\{\{([^}]*)\}\}/g)].map((m) => m[1]!.trim());
}

describe('built-in workspace: the files', () => {
  it('holds exactly the expected variants, tools and presets, and no stray YAML', () => {
    expect([...variants.keys()].sort()).toEqual(VARIANT_IDS);
    expect([...tools.keys()].sort()).toEqual(TOOL_IDS);
    expect([...presets.keys()].sort()).toEqual(PRESET_NAMES);
    expect(stackPresets.sort()).toEqual(['stack-basic', 'stack-gpt', 'stack-plan']);
    const known = (f: string): boolean =>
      f === 'workspace.yaml' ||
      f === 'models.yaml' ||
      /^tools\/[^/]+\.yaml$/.test(f) ||
      /^contexts\/[^/]+\.yaml$/.test(f) ||
      /^variants\/[^/]+\/variant\.yaml$/.test(f) ||
      f === 'profiles/opencode/profile.yaml' ||
      f === 'profiles/opencode-seed/profile.yaml';
    expect(yamlFiles.filter((f) => !known(f))).toEqual([]);
  });

  it.each(yamlFiles)('%s parses with its schema', (file) => {
    const value = yamlOf(file);
    const schema =
      file === 'workspace.yaml'
        ? WorkspaceConfigSchema
        : file === 'models.yaml'
          ? ModelLimitsFileSchema
          : file.startsWith('tools/')
            ? ToolFileSchema
            : file.startsWith('contexts/')
              ? ContextPresetFileSchema
              : VariantFileSchema;
    const result = schema.safeParse(value);
    expect(result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([]);
  });

  it('loads through the workspace loader without a single problem', () => {
    const source: Record<string, string> = {};
    for (const f of files) source[f] = read(f);
    const ws = loadWorkspace(memoryFileSource(source));
    expect(ws.problems).toEqual([]);
    expect(ws.variants.map((v) => v.id)).toEqual(['xs', 'devstral', 'hermes', 'glm', 'gemini-3', 'gpt-5', 'next-gen', 'generic']);
    expect(ws.presets.map((p) => p.name)).toEqual(PRESET_NAMES);
    expect([...ws.tools.keys()].sort()).toEqual(TOOL_IDS);
  });
});

describe('built-in workspace: workspace.yaml', () => {
  const config = WorkspaceConfigSchema.parse(yamlOf('workspace.yaml'));

  it('falls back to generic and orders every other variant exactly once', () => {
    expect(config.fallback).toBe('generic');
    expect(dupes(config.selectionOrder)).toEqual([]);
    expect([...config.selectionOrder].sort()).toEqual(VARIANT_IDS.filter((id) => id !== 'generic'));
  });
});

describe.each(VARIANT_IDS)('built-in variant %s', (id) => {
  const variant = variants.get(id)!;
  const folder = `variants/${id}`;

  it('is named after its folder and passes the validator errors', () => {
    expect(variant.id).toBe(id);
    expect(variant.version).toBeGreaterThanOrEqual(1);
    expect(variant.description.length).toBeGreaterThanOrEqual(20);
    expect(variant.componentOrder.length).toBeGreaterThan(0);
    expect(Object.keys(variant.labels).length).toBeGreaterThan(0);
    expect(dupes(variant.componentOrder)).toEqual([]);
    expect(dupes(variant.tools)).toEqual([]);
  });

  it('has a template with AGENT_ROLE and SYSTEM_INFO that uses every listed component and only known keys', () => {
    const templateFile = `${folder}/${variant.template}`;
    expect(existsSync(join(ROOT, templateFile))).toBe(true);
    const keys = templateKeys(read(templateFile));
    expect(keys).toContain('AGENT_ROLE_SECTION');
    expect(keys).toContain('SYSTEM_INFO_SECTION');
    expect(keys[0]).toBe('AGENT_ROLE_SECTION');
    expect(variant.componentOrder.filter((c) => !keys.includes(c))).toEqual([]);
    const known = new Set([...STANDARD_PLACEHOLDER_KEYS, ...variant.componentOrder, ...Object.keys(variant.placeholders)]);
    expect(keys.filter((k) => !known.has(k))).toEqual([]);
    // Section slots of the template that no component fills would always resolve to "".
    expect(keys.filter((k) => k.endsWith('_SECTION') && !variant.componentOrder.includes(k))).toEqual([]);
  });

  it('names only tools that have a spec file, and keeps task_progress behind focus_chain', () => {
    expect(variant.tools.filter((t) => !tools.has(t))).toEqual([]);
    const hasTaskProgress = variant.tools.some((t) =>
      tools.get(t)!.specs.some((s) => (s.parameters ?? []).some((p) => p.name === 'task_progress')),
    );
    if (hasTaskProgress && variant.componentOrder.includes('TASK_PROGRESS_SECTION')) expect(variant.tools).toContain('focus_chain');
  });

  it('overrides only components and tools it uses', () => {
    const overrideDir = (kind: string): string[] => {
      const dir = join(ROOT, folder, 'overrides', kind);
      return existsSync(dir) ? readdirSync(dir).map((n) => n.replace(/\.md$/, '')) : [];
    };
    const componentOverrides = [...Object.keys(variant.componentOverrides), ...overrideDir('components')];
    expect(componentOverrides.filter((c) => !variant.componentOrder.includes(c))).toEqual([]);
    const toolOverrides = [...Object.keys(variant.toolOverrides), ...overrideDir('tools')];
    expect(toolOverrides.filter((t) => !variant.tools.includes(t))).toEqual([]);
  });

  it(id === 'generic' ? 'has no matcher (it is the fallback)' : 'has a matcher', () => {
    expect(variant.matcher === undefined).toBe(id === 'generic');
  });
});

describe('built-in tools', () => {
  it.each(TOOL_IDS)('%s: id matches the file, one spec per family, a generic-or-only spec, no duplicate parameters', (id) => {
    const file = tools.get(id)!;
    expect(file.id).toBe(id);
    const families = file.specs.map((s) => s.family);
    expect(dupes(families)).toEqual([]);
    expect(families.includes('generic') || families.length === 1).toBe(true);
    for (const spec of file.specs) expect(dupes((spec.parameters ?? []).map((p) => p.name))).toEqual([]);
  });

  it('every task_progress parameter depends on focus_chain, and focus_chain is an empty marker that needs the focus chain', () => {
    for (const file of tools.values()) {
      for (const spec of file.specs) {
        for (const p of spec.parameters ?? []) {
          if (p.name === 'task_progress')
            expect({ tool: file.id, family: spec.family, deps: p.dependencies }).toEqual({
              tool: file.id,
              family: spec.family,
              deps: ['focus_chain'],
            });
        }
      }
    }
    expect(tools.get('focus_chain')!.specs).toEqual([{ family: 'generic', contextRequirement: 'focusChain' }]);
  });

  it('gates the context-bound tools on their context', () => {
    const requirement = (id: string): string | undefined => tools.get(id)!.specs[0]!.contextRequirement;
    expect(requirement('browser_action')).toBe('browser');
    expect(requirement('use_mcp_tool')).toBe('mcp');
    expect(requirement('access_mcp_resource')).toBe('mcp');
    expect(requirement('web_fetch')).toBe('webTools');
    expect(requirement('web_search')).toBe('webTools');
    expect(requirement('plan_mode_respond')).toBe('planMode');
    expect(requirement('act_mode_respond')).toBe('actMode');
    for (const spec of tools.get('ask_followup_question')!.specs) expect(spec.contextRequirement).toBe('notYolo');
  });

  it('writes replace_in_file examples with the exact marker layout, and keeps it through the cleanup', () => {
    const file = tools.get('replace_in_file')!;
    for (const spec of file.specs) {
      expect(spec.description).toMatch(/\n------- SEARCH\n[^\n]+\n=======\n[^\n]+\n\+\+\+\+\+\+\+ REPLACE/);
    }
    // Render the generic spec through a full build: the cleanup must not pull the blocks apart.
    const variant: Variant = {
      id: 'probe',
      family: 'generic',
      version: 1,
      description: 'renders one tool through the builder',
      tags: [],
      labels: {},
      baseTemplate: '{{AGENT_ROLE_SECTION}}\n\n====\n\n{{TOOL_USE_SECTION}}\n\n====\n\n{{SYSTEM_INFO_SECTION}}',
      componentOrder: ['TOOL_USE_SECTION'],
      componentOverrides: {},
      placeholders: {},
      tools: ['replace_in_file'],
      toolOverrides: {},
      config: {},
    };
    const registry = new ComponentRegistry().register('TOOL_USE_SECTION', (_v, _c, input) =>
      input.tools.texts.map((t) => t.text).join('\n\n'),
    );
    const context = SystemPromptContextSchema.parse({ cwd: '/home/user/project' });
    const text = buildVariantPrompt({
      variant,
      context,
      components: registry,
      tools,
      options: { now: '2026-01-15', processCwd: '/' },
    }).text;
    const description = file.specs.find((s) => s.family === 'generic')!.description!;
    const example = description.slice(
      description.indexOf('------- SEARCH'),
      description.lastIndexOf('+++++++ REPLACE') + '+++++++ REPLACE'.length,
    );
    expect(example.split('\n')).toHaveLength(10);
    expect(text).toContain(example);
    expect(text).toContain(
      '- diff: (required) One or more SEARCH/REPLACE blocks, each laid out exactly like this:\n------- SEARCH\n[exact text to find]\n=======\n[text to put in its place]\n+++++++ REPLACE\nRules:',
    );
  });
});

describe('built-in context presets', () => {
  // A preset that cannot be resolved is left out here; the tests below then name it.
  const contexts = new Map<string, SystemPromptContext>();
  const unresolved: string[] = [];
  for (const name of presets.keys()) {
    try {
      contexts.set(name, SystemPromptContextSchema.parse(resolvedPreset(name)));
    } catch (error) {
      unresolved.push(`${name}: ${error instanceof Error ? error.message.slice(0, 200) : String(error)}`);
    }
  }

  it('every preset resolves (extends applied) to a valid context', () => {
    expect(unresolved).toEqual([]);
  });

  it('every extends names an existing preset', () => {
    for (const [name, preset] of presets)
      if (preset.extends) expect({ name, base: presets.has(preset.extends) }).toEqual({ name, base: true });
  });

  it('basic sets the reference context of the snapshot tests', () => {
    const basic = contexts.get('basic')!;
    expect(presets.get('basic')!.extends).toBeUndefined();
    expect(basic.providerInfo?.providerId).toBe('anthropic');
    expect(basic.providerInfo?.model.id).toMatch(/^claude-/);
    expect(basic.providerInfo?.mode).toBe('act');
    expect(basic.cwd).toBe('/home/user/project');
    expect(basic.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(basic.machine).toEqual({ os: 'Linux 6.8', shell: '/bin/bash', homeDir: '/home/user', platform: 'linux' });
    expect(basic.supportsBrowserUse).toBe(true);
    expect(basic.focusChainSettings?.enabled).toBe(true);
    expect(basic.mcpServers).toHaveLength(1);
    expect(basic.mcpServers![0]!.status).toBe('connected');
    expect(basic.mcpServers![0]!.tools).toHaveLength(1);
    expect(basic.mcpServers![0]!.resources).toHaveLength(1);
    expect(basic.globalClineRulesFileInstructions?.trim()).toBeTruthy();
    expect(basic.localClineRulesFileInstructions?.trim()).toBeTruthy();
    expect(basic.preferredLanguageInstructions?.trim()).toBeTruthy();
  });

  // Each derived preset differs from basic in exactly the fields listed here.
  const changes: Record<string, Partial<SystemPromptContext>> = {
    'no-browser': { supportsBrowserUse: false },
    'no-mcp': { mcpServers: [] },
    'no-focus-chain': { focusChainSettings: { enabled: false, remindClineInterval: 6 } },
    'plan-mode': { providerInfo: { ...contexts.get('basic')?.providerInfo, mode: 'plan' } as SystemPromptContext['providerInfo'] },
    yolo: { yoloModeToggled: true },
  };
  it.each(Object.keys(changes))('%s extends basic and changes one thing', (name) => {
    expect(presets.get(name)!.extends).toBe('basic');
    expect(contexts.get(name)).toEqual({ ...contexts.get('basic'), ...changes[name] });
  });

  it('multi-root extends basic with three named roots, the first of them the cwd', () => {
    const mr = contexts.get('multi-root')!;
    expect(presets.get('multi-root')!.extends).toBe('basic');
    expect(mr.isMultiRootEnabled).toBe(true);
    expect(mr.workspaceRoots?.map((r) => r.name)).toEqual(['web', 'api', 'shared']);
    expect(mr.workspaceRoots?.[0]?.path).toBe(mr.cwd);
  });

  it('gates the tools as the presets intend (generic variant)', () => {
    const generic = variants.get('generic')!;
    const variant: Variant = { ...generic, baseTemplate: '', componentOverrides: {}, toolOverrides: {} };
    const enabled = (name: string): string[] => selectTools(variant, contexts.get(name)!, tools).enabled.map((s) => s.id);
    const all = generic.tools;
    const without = (...ids: string[]): string[] => all.filter((t) => !ids.includes(t));
    // basic: act mode, web tools off.
    expect(enabled('basic')).toEqual(without('plan_mode_respond', 'web_fetch', 'web_search'));
    expect(enabled('no-browser')).toEqual(without('plan_mode_respond', 'web_fetch', 'web_search', 'browser_action'));
    expect(enabled('no-mcp')).toEqual(without('plan_mode_respond', 'web_fetch', 'web_search', 'use_mcp_tool', 'access_mcp_resource'));
    expect(enabled('no-focus-chain')).toEqual(without('plan_mode_respond', 'web_fetch', 'web_search', 'focus_chain'));
    expect(enabled('plan-mode')).toEqual(without('web_fetch', 'web_search'));
    // yolo: nobody answers questions, so ask_followup_question goes too.
    expect(enabled('yolo')).toEqual(without('plan_mode_respond', 'web_fetch', 'web_search', 'ask_followup_question'));
    // task_progress follows the focus chain; requires_approval disappears in yolo mode.
    const text = (name: string, id: string): string => {
      const ctx = contexts.get(name)!;
      const selected = selectTools(variant, ctx, tools).enabled;
      return renderToolText(
        selected.find((s) => s.id === id)!,
        selected.map((s) => s.id),
        ctx,
      );
    };
    expect(text('basic', 'read_file')).toContain('<task_progress>');
    expect(text('no-focus-chain', 'read_file')).not.toContain('task_progress');
    expect(text('basic', 'execute_command')).toContain('<requires_approval>');
    expect(text('yolo', 'execute_command')).not.toContain('requires_approval');
  });
});

describe('built-in selection', () => {
  const source: Record<string, string> = {};
  for (const f of files) source[f] = read(f);
  const ws = loadWorkspace(memoryFileSource(source));
  const pick = (providerId: string, id: string, customPrompt?: string): string => {
    const context = SystemPromptContextSchema.parse({
      providerInfo: { providerId, model: { id }, ...(customPrompt ? { customPrompt } : {}) },
    });
    const result = selectVariant(ws.variants, context, ws.config.fallback);
    return result.ok ? result.variant.id : `error: ${result.error}`;
  };

  it.each([
    ['anthropic', 'claude-sonnet-4-5-20250929', 'next-gen'],
    ['anthropic', 'claude-opus-4-1-20250805', 'next-gen'],
    ['anthropic', 'claude-haiku-4-5', 'next-gen'],
    ['openrouter', 'anthropic/claude-sonnet-4', 'next-gen'],
    ['bedrock', 'anthropic.claude-opus-4-20250514-v1:0', 'next-gen'],
    ['xai', 'grok-4-0709', 'next-gen'],
    ['openrouter', 'moonshotai/kimi-k2-0905', 'next-gen'],
    ['anthropic', 'claude-3-7-sonnet-20250219', 'generic'],
    ['openai', 'gpt-5', 'gpt-5'],
    ['openai', 'gpt-5-codex', 'gpt-5'],
    ['openrouter', 'openai/gpt-5-mini', 'gpt-5'],
    ['openai', 'gpt-4.1', 'generic'],
    ['gemini', 'gemini-3-pro-preview', 'gemini-3'],
    ['openrouter', 'google/gemini-3-pro-preview', 'gemini-3'],
    ['gemini', 'gemini-2.5-pro', 'generic'],
    ['zai', 'glm-4.6', 'glm'],
    ['openrouter', 'z-ai/glm-4.5-air', 'glm'],
    ['openrouter', 'nousresearch/hermes-4-405b', 'hermes'],
    ['ollama', 'hermes3:8b', 'xs'],
    ['mistral', 'devstral-medium-2507', 'devstral'],
    ['ollama', 'qwen2.5-coder:7b', 'xs'],
    ['lmstudio', 'llama-3.2-3b-instruct', 'xs'],
    ['ollama', 'qwen2.5-coder:32b', 'generic'],
    ['ollama', 'llama3.3:70b', 'generic'],
    ['openai', 'gpt-4o-mini', 'generic'],
  ])('%s %s -> %s', (providerId, modelId, expected) => {
    expect(pick(providerId, modelId)).toBe(expected);
  });

  it('the compact custom prompt wins over every family', () => {
    expect(pick('anthropic', 'claude-sonnet-4-5', 'compact')).toBe('xs');
    expect(pick('openai', 'gpt-5', 'compact')).toBe('xs');
  });
});

describe('built-in workspace: every variant under every preset', () => {
  const source: Record<string, string> = {};
  for (const f of files) source[f] = read(f);
  const ws = loadWorkspace(memoryFileSource(source));
  const build = (variantId: string, presetName: string): string => {
    const preset = ws.presets.find((p) => p.name === presetName)!;
    const out = buildWorkspaceVariant(ws, variantId, preset.context, { now: '2030-12-31', processCwd: '/process/cwd' });
    if (!out.ok) throw new Error(out.error);
    const problems = out.result.warnings.filter((w) => w.severity === 'warning' || w.code === 'PLACEHOLDER_UNRESOLVED');
    if (problems.length) throw new Error(problems.map((w) => w.message).join('; '));
    return out.result.text;
  };
  // Built on first use, inside the tests, so a failing build fails a test rather than the file.
  const texts = new Map<string, string>();
  const text = (v: string, p: string): string => {
    const key = `${v} x ${p}`;
    if (!texts.has(key)) texts.set(key, build(v, p));
    return texts.get(key)!;
  };
  const pairs = VARIANT_IDS.flatMap((v) => PRESET_NAMES.map((p) => [v, p] as const));

  it.each(pairs)('%s under %s builds without warnings and leaves no {{ }} behind', (v, p) => {
    const t = text(v, p);
    expect(t).not.toMatch(/\{\{|\}\}/);
    expect(t.startsWith('You are ')).toBe(true);
    // The preset's working directory wins over the build options' process directory.
    expect(t).not.toContain('/process/cwd');
  });

  it('gives generic a full-size prompt and xs a compact one', () => {
    const kb = (s: string): number => Buffer.byteLength(s, 'utf8') / 1024;
    expect(kb(text('generic', 'basic'))).toBeGreaterThan(30);
    expect(kb(text('xs', 'basic'))).toBeLessThan(8);
  });

  it('keeps gpt-5 on apply_patch: no other editing tool is ever mentioned', () => {
    for (const p of PRESET_NAMES) {
      const t = text('gpt-5', p);
      expect(t).toContain('## apply_patch');
      expect(t).not.toMatch(/replace_in_file|write_to_file|------- SEARCH/);
    }
  });

  it('follows the presets: task_progress with the focus chain, MCP with a server, plan tools in plan mode', () => {
    for (const v of VARIANT_IDS.filter((id) => id !== 'xs')) {
      expect(text(v, 'basic')).toContain('<task_progress>');
      expect(text(v, 'no-focus-chain')).not.toContain('task_progress');
      expect(text(v, 'basic')).toContain('## use_mcp_tool');
      expect(text(v, 'no-mcp')).not.toContain('## use_mcp_tool');
      expect(text(v, 'plan-mode')).toContain('## plan_mode_respond');
      expect(text(v, 'basic')).not.toContain('## plan_mode_respond');
      expect(text(v, 'yolo')).not.toContain('ask_followup_question');
    }
    expect(text('generic', 'basic')).toContain('## browser_action');
    expect(text('generic', 'no-browser')).not.toContain('browser_action');
  });
});
