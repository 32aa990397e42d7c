import type { SystemPromptContextInput } from '../../../../domain/context.js';
import { parseContext } from '../../../../domain/parse-context.js';
import type { ToolParameter, ToolSpec } from '../../../../domain/tool.js';
import { defineVariant, type Variant } from '../../../../domain/variant.js';
import { resolveEnvironment } from '../../../environment.js';
import { renderTemplate } from '../../../template/component-template.js';
import type { BuiltinComponent, ComponentInput } from '../../component-types.js';

/** Test inputs for the built-in components: a context written by hand, tools optional. */

export function testVariant(overrides: Partial<Variant> = {}): Variant {
  return defineVariant({ id: 'test', description: 'variant for component tests', ...overrides });
}

export interface InputOptions {
  /** Enabled tool specs (their texts are `texts` or, by default, "## <id>"). */
  tools?: ToolSpec[];
  /** Prompt texts of the enabled tools, in order; defaults to none. */
  texts?: string[];
  variant?: Partial<Variant>;
  sections?: Record<string, string>;
}

export function makeInput(context: SystemPromptContextInput = {}, options: InputOptions = {}): ComponentInput {
  const parsed = parseContext(context);
  const enabled = options.tools ?? [];
  const texts = options.texts ?? [];
  return {
    variant: testVariant(options.variant),
    context: parsed,
    env: resolveEnvironment(parsed, {
      now: '2026-01-15',
      processCwd: '/tmp',
      machine: { os: 'Linux 6.1', shell: '/bin/zsh', homeDir: '/home/dev', platform: 'linux' },
    }),
    tools: {
      catalog: new Map(),
      selection: { enabled, excluded: [] },
      texts: texts.map((text, i) => ({ spec: enabled[i] ?? { id: `tool_${i}`, family: 'generic' }, text })),
    },
    sections: options.sections ?? {},
    memo: new Map(),
  };
}

export function render(component: BuiltinComponent, input: ComponentInput): string {
  return renderTemplate(component.defaultTemplate, component.variables(input));
}

/** Renders a component for a hand-written context. */
export function renderFor(component: BuiltinComponent, context: SystemPromptContextInput = {}, options: InputOptions = {}): string {
  return render(component, makeInput(context, options));
}

function param(name: string, extra: Partial<ToolParameter> = {}): ToolParameter {
  return { name, required: true, instruction: `The ${name}.`, usage: `${name} here`, ...extra };
}

/** A tool spec with the named (required) parameters. */
export function spec(id: string, params: (string | ToolParameter)[] = [], extra: Partial<ToolSpec> = {}): ToolSpec {
  return {
    id,
    family: 'generic',
    description: `Does ${id}.`,
    parameters: params.map((p) => (typeof p === 'string' ? param(p) : p)),
    ...extra,
  };
}

/** The tools the examples of TOOL_USE are written for, with Cline's parameter names. */
export function exampleTools(): ToolSpec[] {
  return [
    spec('execute_command', ['command', 'requires_approval', param('task_progress', { required: false, dependencies: ['focus_chain'] })]),
    spec('read_file', ['path']),
    spec('write_to_file', ['path', 'content']),
    spec('replace_in_file', ['path', 'diff']),
    spec('new_task', ['context']),
    spec('use_mcp_tool', ['server_name', 'tool_name', 'arguments'], { contextRequirement: 'mcp' }),
    spec('focus_chain', [], { description: undefined }),
  ];
}

/** A context with every field that changes a built-in component switched on. */
export const MAXIMAL_CONTEXT: SystemPromptContextInput = {
  providerInfo: { providerId: 'anthropic', model: { id: 'claude-sonnet-4' }, mode: 'plan' },
  cwd: '/home/dev/shop',
  ide: 'Visual Studio Code',
  editorTabs: { open: ['src/app.ts'], visible: ['src/app.ts'] },
  supportsBrowserUse: true,
  browserSettings: { viewport: { width: 900, height: 600 } },
  mcpServers: [
    {
      name: 'weather',
      status: 'connected',
      tools: [
        {
          name: 'get_forecast',
          description: 'Forecast for a city.',
          inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
        },
      ],
      resources: [{ uri: 'weather://stations', name: 'Stations', description: 'All weather stations.' }],
      resourceTemplates: [{ uriTemplate: 'weather://city/{name}', name: 'City', description: 'Current weather of a city.' }],
    },
  ],
  skills: [
    {
      name: 'release-notes',
      description: 'Write release notes from merged pull requests.',
      path: '/home/dev/.skills/release-notes/SKILL.md',
    },
    { name: 'db-migration', description: 'Plan and write a database migration.' },
  ],
  focusChainSettings: { enabled: true, remindClineInterval: 4 },
  globalClineRulesFileInstructions: 'Global rules: prefer small commits.',
  localClineRulesFileInstructions: 'Local rules: use pnpm.',
  localCursorRulesFileInstructions: 'Cursor rules file.',
  localCursorRulesDirInstructions: 'Cursor rules dir.',
  localWindsurfRulesFileInstructions: 'Windsurf rules.',
  localAgentsRulesFileInstructions: 'AGENTS.md rules.',
  clineIgnoreInstructions: 'Ignore dist/.',
  preferredLanguageInstructions: 'Speak French.',
  subagentsEnabled: true,
  clineWebToolsEnabled: true,
  isMultiRootEnabled: true,
  workspaceRoots: [
    { path: '/home/dev/shop', name: 'shop', vcs: 'git' },
    { path: '/home/dev/shared-lib', vcs: 'none' },
  ],
  enableParallelToolCalling: true,
  terminalExecutionMode: 'vscodeTerminal',
};
