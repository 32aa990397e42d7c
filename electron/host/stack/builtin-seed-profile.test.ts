import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { folderFileSource } from '../folder-source.js';
import {
  buildStackPrompt,
  loadStackProfile,
  parseStackContext,
  selectProviderPrompt,
  stackProfileJsonSchema,
  type StackProfile,
} from '../../../shared/stack/index.js';

const VARIANTS = path.resolve('variants');
const FOLDER = path.join(VARIANTS, 'profiles/opencode-seed');

function builtin(): StackProfile {
  const r = loadStackProfile(folderFileSource(VARIANTS), 'profiles/opencode-seed');
  expect(r.problems).toEqual([]);
  if (!r.profile) throw new Error('built-in profile did not load');
  return r.profile;
}

const fileText = async (rel: string): Promise<string> => (await readFile(path.join(FOLDER, rel), 'utf8')).replace(/\n$/, '');

describe('built-in OpenCode profile as the seed describes it (opencode-seed)', () => {
  it('loads without a single problem', () => {
    const p = builtin();
    expect(Object.keys(p.agents)).toEqual(['build', 'plan', 'general', 'compaction']);
    expect(p.instructionFiles.map((f) => f.name)).toEqual(['AGENTS.md', 'CLAUDE.md', 'CONTEXT.md']);
    expect(p.globalFiles.map((g) => g.path)).toEqual([
      '{configDirOverride}/AGENTS.md',
      '{configDir}/opencode/AGENTS.md',
      '~/.claude/CLAUDE.md',
    ]);
  });

  it('has provider prompts of realistic length (a few KB each)', () => {
    for (const [key, prompt] of Object.entries(builtin().providerPrompts)) {
      expect(prompt.text.length, key).toBeGreaterThan(2000);
      expect(prompt.text.length, key).toBeLessThan(8000);
    }
  });

  it('picks provider prompts by model id as OpenCode does', () => {
    const p = builtin();
    const table: [string, string][] = [
      ['gpt-5', 'codex'],
      ['gpt-5-codex', 'codex'],
      ['gpt-5.1', 'codex'],
      ['openai/gpt-5-mini', 'codex'],
      ['gpt-4o', 'beast'],
      ['gpt-4.1', 'beast'],
      ['o1', 'beast'],
      ['o1-preview', 'beast'],
      ['o3-mini', 'beast'],
      ['gemini-2.5-pro', 'gemini'],
      ['google/gemini-3-pro-preview', 'gemini'],
      ['claude-sonnet-4-5', 'anthropic'],
      ['anthropic/claude-opus-4-1', 'anthropic'],
      ['claude-3-5-haiku-latest', 'anthropic'],
      ['qwen3-coder', 'anthropic-without-todo'],
      ['grok-code-fast-1', 'anthropic-without-todo'],
      ['deepseek-chat', 'anthropic-without-todo'],
      ['kimi-k2', 'anthropic-without-todo'],
      ['glm-4.6', 'anthropic-without-todo'],
      // Case-sensitive, like OpenCode's substring tests.
      ['GPT-4o', 'anthropic-without-todo'],
      ['', 'anthropic-without-todo'],
    ];
    const got = table.map(([id]) => [id, selectProviderPrompt(p, id, 'any').promptId]);
    expect(got).toEqual(table);
  });

  it('builds the exact system text for the build agent', async () => {
    const p = builtin();
    const context = parseStackContext({
      modelId: 'claude-sonnet-4-5',
      cwd: '/w/repo',
      platform: 'darwin',
      date: '2026-11-29',
      homeDir: '/Users/ana',
      files: { '/w/repo/.git': { type: 'dir' }, '/w/repo/AGENTS.md': 'Use pnpm.\n', '/Users/ana/.claude/CLAUDE.md': 'Be brief.' },
      userSystem: 'Answer in French.',
      userMessage: 'Fix the build',
    });
    const r = await buildStackPrompt(p, context);
    const env = [
      'You are running on the model claude-sonnet-4-5.',
      'Facts about the session you are working in:',
      '<env>',
      'Working directory: /w/repo',
      'Working directory is a git repository: yes',
      'Platform: darwin',
      "Today's date: Sun Nov 29 2026",
      '</env>',
    ].join('\n');
    expect(r.system).toBe(
      [
        await fileText('prompts/anthropic.md'),
        env,
        'Instructions from: /w/repo/AGENTS.md\nUse pnpm.\n',
        'Instructions from: /Users/ana/.claude/CLAUDE.md\nBe brief.',
        'Answer in French.',
      ].join('\n'),
    );
    expect(r.warnings).toEqual([]);
    expect(r.messages[1]).toEqual({ role: 'user', content: [{ type: 'text', text: 'Fix the build', synthetic: false, source: 'user' }] });
  });

  it('adds the plan reminder, the plan-to-build reminder, and lets compaction replace the provider prompt', async () => {
    const p = builtin();
    const base = { modelId: 'gpt-4.1', isGitRepo: false, date: '2026-11-29', userMessage: 'go' };
    const plan = await buildStackPrompt(p, parseStackContext({ ...base, agent: 'plan' }));
    expect(plan.system.startsWith(`${await fileText('prompts/beast.md')}\n`)).toBe(true);
    expect(plan.messages[1]).toMatchObject({
      content: [{ text: 'go' }, { text: await fileText('reminders/plan.md'), source: 'agent-reminder', synthetic: true }],
    });

    const build = await buildStackPrompt(p, parseStackContext({ ...base, agent: 'build', previousAgent: 'plan' }));
    expect(build.messages[1]).toMatchObject({
      content: [{ text: 'go' }, { text: await fileText('reminders/build-switch.md'), source: 'switch-reminder' }],
    });

    const compaction = await buildStackPrompt(p, parseStackContext({ ...base, agent: 'compaction' }));
    expect(compaction.system.startsWith(`${await fileText('agents/compaction.md')}\nYou are running on the model gpt-4.1.\n`)).toBe(true);
    expect(compaction.provider.used).toBe(false);
  });

  it('is described by the JSON Schema: every key of profile.yaml is a schema property', async () => {
    const schema = stackProfileJsonSchema() as { type: string; properties: Record<string, unknown>; required: string[] };
    expect(schema.type).toBe('object');
    const yamlKeys = (await readFile(path.join(FOLDER, 'profile.yaml'), 'utf8'))
      .split('\n')
      .filter((l) => /^[A-Za-z$]/.test(l))
      .map((l) => l.slice(0, l.indexOf(':')));
    expect(yamlKeys.length).toBeGreaterThan(8);
    for (const key of yamlKeys) expect(Object.keys(schema.properties), key).toContain(key);
    expect(schema.required.sort()).toEqual(['agents', 'environment', 'id', 'providerPrompts', 'providerRules']);
  });
});
