import { describe, expect, it } from 'vitest';
import type { SystemPromptContextInput } from '../../../domain/context.js';
import { parseContext } from '../../../domain/parse-context.js';
import { buildVariantPrompt } from '../../build/build-variant-prompt.js';
import { SECTION_IDS } from '../../sections.js';
import { templateKeys } from '../../template/component-template.js';
import { baseVariables } from '../base-variables.js';
import { BUILTIN_COMPONENTS, createBuiltinRegistry } from './index.js';
import { BASE_KEYS, builtinVariables } from './variables.js';
import { exampleTools, makeInput, MAXIMAL_CONTEXT, render, testVariant } from './__tests__/input.js';

const TOOLS = exampleTools();
const TEXTS = TOOLS.map((t) => `## ${t.id}\nDescription: ${t.description ?? 'Tracks the task.'}`);

/** Contexts that together take every branch of every default template. */
const CONTEXTS: Record<string, SystemPromptContextInput> = {
  empty: {},
  maximal: MAXIMAL_CONTEXT,
  yolo: { ...MAXIMAL_CONTEXT, yoloModeToggled: true, providerInfo: { mode: 'act' } },
  'native cli subagent': {
    ...MAXIMAL_CONTEXT,
    enableNativeToolCalls: true,
    enableParallelToolCalling: false,
    isCliEnvironment: true,
    isSubagentRun: true,
    terminalExecutionMode: 'backgroundExec',
    browserSettings: undefined,
  },
};

/** Item fields read inside #each blocks (looked up on the item, not on the variables). */
const ITEM_FIELDS = new Set(['name', 'description', 'path', 'label', 'vcs', 'primary']);

describe('built-in components', () => {
  it('cover every standard section id, in the standard order', () => {
    expect(BUILTIN_COMPONENTS.map((c) => c.id)).toEqual([...SECTION_IDS]);
    expect(createBuiltinRegistry().ids()).toEqual([...SECTION_IDS]);
    for (const c of BUILTIN_COMPONENTS) {
      expect(c.title.length).toBeGreaterThan(3);
      expect(c.description.length).toBeGreaterThan(40);
    }
  });

  for (const [name, context] of Object.entries(CONTEXTS)) {
    it(`render for the ${name} context without throwing, leftover keys or stray whitespace`, () => {
      const input = makeInput(context, { tools: TOOLS, texts: context.enableNativeToolCalls ? [] : TEXTS });
      for (const c of BUILTIN_COMPONENTS) {
        const text = render(c, input);
        expect(text, c.id).not.toContain('{{');
        expect(text, c.id).toBe(text.trim());
        expect(text.startsWith('===='), c.id).toBe(false);
        expect(text.endsWith('===='), c.id).toBe(false);
        expect(text, c.id).not.toMatch(/\n\n\n/);
        // emptyReason explains exactly the empty renders.
        expect(c.emptyReason?.(input) === undefined, c.id).toBe(text !== '');
      }
    });
  }

  it('are all non-empty for the maximal context, each starting with its heading', () => {
    const input = makeInput(MAXIMAL_CONTEXT, { tools: TOOLS, texts: TEXTS });
    const headings: Record<string, string> = {
      AGENT_ROLE_SECTION: 'You are Cline',
      TOOL_USE_SECTION: 'TOOL USE\n\n',
      TOOLS_SECTION: '## execute_command\n',
      MCP_SECTION: 'MCP SERVERS\n\n',
      EDITING_FILES_SECTION: 'EDITING FILES\n\n',
      ACT_VS_PLAN_SECTION: 'ACT MODE AND PLAN MODE\n\n',
      TODO_SECTION: 'TODO LIST\n\n',
      CAPABILITIES_SECTION: 'CAPABILITIES\n\n',
      SKILLS_SECTION: 'SKILLS\n\n',
      RULES_SECTION: 'RULES\n\n',
      SYSTEM_INFO_SECTION: 'SYSTEM INFORMATION\n\n',
      OBJECTIVE_SECTION: 'OBJECTIVE\n\n',
      USER_INSTRUCTIONS_SECTION: 'USER INSTRUCTIONS\n\n',
      FEEDBACK_SECTION: 'FEEDBACK\n\n',
      TASK_PROGRESS_SECTION: 'TASK PROGRESS\n\n',
    };
    for (const c of BUILTIN_COMPONENTS) expect(render(c, input).startsWith(headings[c.id]!), c.id).toBe(true);
  });

  it('have 15 to 25 KB of their own text with everything on', () => {
    const input = makeInput(MAXIMAL_CONTEXT, { tools: TOOLS, texts: TEXTS });
    let own = 0;
    for (const c of BUILTIN_COMPONENTS) {
      const vars = c.variables(input);
      // Count the component's own words: leave out the tool texts and the context's own texts.
      own += render(c, input).length - (c.defaultTemplate.includes('{{TOOLS}}') ? (vars.TOOLS as string).length : 0);
    }
    own -= (builtinVariables(makeInput(MAXIMAL_CONTEXT)).INSTRUCTIONS as string).length;
    expect(own).toBeGreaterThan(15_000);
    expect(own).toBeLessThan(25_000);
  });

  it('only read variables that the built-in variables define', () => {
    const vars = builtinVariables(makeInput(MAXIMAL_CONTEXT));
    for (const c of BUILTIN_COMPONENTS) {
      for (const { key } of templateKeys(c.defaultTemplate)) {
        if (ITEM_FIELDS.has(key)) continue;
        expect(key in vars, `${c.id} reads ${key}`).toBe(true);
      }
    }
  });

  it('keep every base variable', () => {
    const input = makeInput(MAXIMAL_CONTEXT);
    const base = baseVariables(input);
    const keys: string[] = [];
    for (const key in base) keys.push(key);
    expect(keys.sort()).toEqual([...BASE_KEYS].sort());
    const vars = builtinVariables(input);
    for (const key of keys) expect(vars[key], key).toEqual(base[key]);
  });

  it('share one variables object per build', () => {
    const input = makeInput(MAXIMAL_CONTEXT);
    expect(BUILTIN_COMPONENTS[0]!.variables(input)).toBe(BUILTIN_COMPONENTS[5]!.variables(input));
    expect(builtinVariables(makeInput(MAXIMAL_CONTEXT))).not.toBe(builtinVariables(input));
  });

  it('build through the builder: every section for the maximal context, empty reasons for the empty one', () => {
    const variant = testVariant({
      componentOrder: [...SECTION_IDS],
      baseTemplate: SECTION_IDS.map((id) => `{{${id}}}`).join('\n\n====\n\n'),
      tools: TOOLS.map((t) => t.id),
    });
    const catalog = new Map(TOOLS.map((t) => [t.id, { id: t.id, specs: [{ ...t }] }]));
    const build = (context: SystemPromptContextInput) =>
      buildVariantPrompt({
        variant,
        context: parseContext(context),
        components: createBuiltinRegistry(),
        tools: catalog,
        options: { now: '2026-01-15', processCwd: '/tmp' },
      });
    const full = build(MAXIMAL_CONTEXT);
    expect(full.warnings.filter((w) => w.severity !== 'info')).toEqual([]);
    expect(full.components.map((c) => c.status)).toEqual(SECTION_IDS.map(() => 'ok'));
    expect(full.text).not.toContain('{{');
    const empty = build({});
    const reasons = Object.fromEntries(empty.components.filter((c) => c.status === 'empty').map((c) => [c.id, c.reason]));
    expect(reasons).toEqual({
      MCP_SECTION: 'no MCP servers in the context',
      TODO_SECTION: 'the focus chain is disabled (focusChainSettings.enabled is not true)',
      SKILLS_SECTION: 'no skills in the context',
      USER_INSTRUCTIONS_SECTION: 'no preferred language, rules files or .clineignore instructions in the context',
      FEEDBACK_SECTION: 'the focus chain is disabled (focusChainSettings.enabled is not true)',
      TASK_PROGRESS_SECTION: 'the focus chain is disabled (focusChainSettings.enabled is not true)',
    });
  });
});
