import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { folderFileSource } from '../folder-source.js';
import { anthropicBody } from '../../../shared/requests/request-bodies.js';
import { requestInputFromStack } from '../../../shared/requests/request-input.js';
import {
  buildStackPrompt,
  loadStackProfile,
  parseStackContext,
  selectProviderPrompt,
  type StackProfile,
} from '../../../shared/stack/index.js';

// The built-in `opencode` stack profile follows OpenCode 1.18.33 as its requests show it
// (shared/docs/prompt-semantics.md Part 2, "As OpenCode 1.18.33 sends it").
const VARIANTS = path.resolve('variants');
const FOLDER = path.join(VARIANTS, 'profiles/opencode');

function release(): StackProfile {
  const r = loadStackProfile(folderFileSource(VARIANTS), 'profiles/opencode');
  expect(r.problems).toEqual([]);
  if (!r.profile) throw new Error('built-in profile did not load');
  return r.profile;
}

const fileText = async (rel: string): Promise<string> => (await readFile(path.join(FOLDER, rel), 'utf8')).replace(/\n$/, '');

const ENV_CLAUDE = [
  'You are powered by the model named claude-sonnet-4-5. The exact model ID is anthropic/claude-sonnet-4-5',
  'Here is some useful information about the environment you are running in:',
  '<env>',
  '  Working directory: /w/repo/pkg',
  '  Workspace root folder: /w/repo',
  '  Is directory a git repo: yes',
  '  Platform: darwin',
  "  Today's date: Sun Nov 29 2026",
  '</env>',
].join('\n');

describe('built-in OpenCode profile (release 1.18.33)', () => {
  it('loads without a problem, with the harness profile of the release for its instruction files', () => {
    const p = release();
    expect(p.id).toBe('opencode');
    expect(Object.keys(p.agents)).toEqual(['build', 'plan', 'general', 'compaction']);
    expect(p.blockOrder).toEqual(['global', 'project', 'configured', 'urls']);
    expect(p.globalFiles.map((g) => g.path)).toEqual([
      '{configDirOverride}/AGENTS.md',
      '{configDir}/opencode/AGENTS.md',
      '~/.claude/CLAUDE.md',
    ]);
  });

  it('has a prompt text of its own for every provider rule', () => {
    const p = release();
    const keys = Object.keys(p.providerPrompts);
    expect(keys).toEqual(['beast', 'gpt', 'gpt-6', 'codex', 'gemini', 'anthropic', 'trinity', 'kimi', 'muse', 'default']);
    const texts = keys.map((k) => p.providerPrompts[k]!.text);
    expect(new Set(texts).size).toBe(keys.length);
    for (const [i, t] of texts.entries()) expect(t.length, keys[i]).toBeGreaterThan(500);
  });

  it('picks provider prompts by model id as 1.18.33 does', () => {
    const p = release();
    const table: [string, string][] = [
      ['gpt-4o', 'beast'],
      ['gpt-4.1', 'beast'],
      ['o1-preview', 'beast'],
      ['o3-mini', 'beast'],
      ['gpt-5', 'gpt'],
      ['openai/gpt-5-mini', 'gpt'],
      ['gpt-6', 'gpt-6'],
      ['gpt-6-mini', 'gpt-6'],
      ['gpt-5-codex', 'codex'],
      ['gpt-5.1-codex-max', 'codex'],
      ['gemini-2.5-pro', 'gemini'],
      ['google/gemini-3-pro-preview', 'gemini'],
      ['claude-sonnet-4-5', 'anthropic'],
      ['anthropic/claude-opus-4-1', 'anthropic'],
      ['arcee-ai/trinity-large', 'trinity'],
      ['kimi-k2', 'kimi'],
      ['moonshot-v1-128k', 'kimi'],
      ['muse-spark', 'muse'],
      ['qwen3-coder', 'default'],
      ['glm-4.6', 'default'],
      // Case-sensitive "contains" tests; `gemini-` needs its dash.
      ['GPT-4o', 'default'],
      ['gemini', 'default'],
      ['', 'default'],
    ];
    expect(table.map(([id]) => [id, selectProviderPrompt(p, id, 'any').promptId])).toEqual(table);
  });

  it('builds the exact system text: prompt, environment, global file first, project files nearest first, MCP, skills, user text', async () => {
    const p = release();
    const context = parseStackContext({
      modelId: 'claude-sonnet-4-5',
      cwd: '/w/repo/pkg',
      platform: 'darwin',
      date: '2026-11-29',
      homeDir: '/Users/ana',
      files: {
        '/w/repo/.git': { type: 'dir' },
        '/w/repo/AGENTS.md': 'Use pnpm.\n',
        '/w/repo/pkg/AGENTS.md': 'Package rules.',
        '/Users/ana/.claude/CLAUDE.md': 'Be brief.',
      },
      mcpServers: [
        { name: 'docs', instructions: 'Search the docs server first.' },
        { name: 'quiet', instructions: '' },
      ],
      skills: [{ name: 'release', description: 'Cut a release.' }],
      userSystem: 'Answer in French.',
      userMessage: 'Fix the build',
    });
    const r = await buildStackPrompt(p, context);
    const skills = [
      'Skills provide specialized instructions and workflows for specific tasks.',
      '<available_skills>',
      '  <skill>',
      '    <name>release</name>',
      '    <description>Cut a release.</description>',
      '  </skill>',
      '</available_skills>',
    ].join('\n');
    expect(r.system).toBe(
      [
        await fileText('prompts/anthropic.md'),
        ENV_CLAUDE,
        'Instructions from: /Users/ana/.claude/CLAUDE.md\nBe brief.',
        'Instructions from: /w/repo/pkg/AGENTS.md\nPackage rules.',
        'Instructions from: /w/repo/AGENTS.md\nUse pnpm.\n',
        'Search the docs server first.',
        skills,
        'Answer in French.',
      ].join('\n'),
    );
    expect(r.warnings).toEqual([]);
    expect(r.sections.map((s) => s.layer)).toEqual([
      'provider-prompt',
      'environment',
      'instructions',
      'instructions',
      'instructions',
      'mcp',
      'skills',
      'user-system',
    ]);
    // For Anthropic models: one system block, marked for caching.
    const body = anthropicBody(requestInputFromStack(r)) as { system: unknown };
    expect(body.system).toEqual([{ type: 'text', text: r.system, cache_control: { type: 'ephemeral' } }]);
  });

  it('outside a repository the workspace root is /, and either Claude flag turns off both CLAUDE.md files', async () => {
    const p = release();
    const files = {
      '/w/a/CLAUDE.md': 'project claude',
      '/w/a/CONTEXT.md': 'context file',
      '/Users/ana/.claude/CLAUDE.md': 'global claude',
    };
    const base = { modelId: 'qwen3-coder', providerId: 'local', cwd: '/w/a', date: '2026-11-29', homeDir: '/Users/ana', files };
    const on = await buildStackPrompt(p, parseStackContext(base));
    expect(on.system).toContain('  Workspace root folder: /\n  Is directory a git repo: no\n');
    expect([...on.system.matchAll(/^Instructions from: (.*)$/gm)].map((m) => m[1])).toEqual([
      '/Users/ana/.claude/CLAUDE.md',
      '/w/a/CLAUDE.md',
    ]);
    for (const flag of ['OPENCODE_DISABLE_CLAUDE_CODE', 'OPENCODE_DISABLE_CLAUDE_CODE_PROMPT']) {
      const off = await buildStackPrompt(p, parseStackContext({ ...base, env: { [flag]: '1' } }));
      expect(
        [...off.system.matchAll(/^Instructions from: (.*)$/gm)].map((m) => m[1]),
        flag,
      ).toEqual(['/w/a/CONTEXT.md']);
    }
  });

  it('without skills the heading-only text is left out, and an agent prompt replaces the provider prompt', async () => {
    const p = release();
    const base = { modelId: 'gpt-4.1', providerId: 'openai', isGitRepo: false, date: '2026-11-29', userMessage: 'go' };
    const build = await buildStackPrompt(p, parseStackContext({ ...base, agent: 'build', previousAgent: 'plan' }));
    expect(build.system.startsWith(`${await fileText('prompts/beast.md')}\nYou are powered by the model named gpt-4.1. `)).toBe(true);
    expect(build.system).not.toContain('available_skills');
    expect(build.messages[1]).toMatchObject({
      content: [{ text: 'go' }, { text: await fileText('reminders/build-switch.md'), source: 'switch-reminder' }],
    });
    const compaction = await buildStackPrompt(p, parseStackContext({ ...base, agent: 'compaction' }));
    expect(compaction.system.startsWith(`${await fileText('agents/compaction.md')}\nYou are powered by the model named gpt-4.1.`)).toBe(
      true,
    );
    expect(compaction.provider.used).toBe(false);
  });
});
