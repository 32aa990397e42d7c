import { describe, expect, it } from 'vitest';
import { memoryFileSource } from '../domain/file-source.js';
import { buildStackPrompt, joinStackParts, type StackUserPart } from './build.js';
import { describeStackBuild, explainInstructions } from './explain.js';
import { parseStackContext, type StackContextInput } from './context.js';
import type { UrlFetcher } from './discovery.js';
import { loadStackProfile } from './load-profile.js';
import type { StackProfile } from './profile.js';

const PROFILE_YAML = `id: test
providerPrompts:
  gpt: { text: "GPT PROMPT" }
  claude: { text: "CLAUDE PROMPT" }
  rest: { text: "OTHER PROMPT" }
providerRules:
  - { id: openai, modelId: [gpt-, o1, o3], prompt: gpt }
  - { id: claude, modelId: [claude], prompt: claude }
  - { id: other, prompt: rest }
agents:
  build: {}
  plan:
    reminder: { text: "PLAN REMINDER" }
  compaction:
    prompt: { text: "SUMMARISE" }
  hollow:
    prompt: { text: "" }
switchReminders:
  - { from: plan, to: build, text: { text: "SWITCH REMINDER" } }
environment: env.md
instructionFiles:
  - name: AGENTS.md
  - name: CLAUDE.md
    skipWhen: disableClaudePrompts
  - name: CONTEXT.md
    deprecated: true
globalFiles:
  - path: "{configDirOverride}/AGENTS.md"
  - path: "{configDir}/opencode/AGENTS.md"
  - path: ~/.claude/CLAUDE.md
    skipWhen: disableClaudePrompts
`;

const ENV = `Model: {{modelId}}
Working directory: {{cwd}}
Git: {{isGitRepo}}
Platform: {{platform}}
Date: {{date}}
`;

function profile(yaml = PROFILE_YAML): StackProfile {
  const r = loadStackProfile(memoryFileSource({ 'p/test/profile.yaml': yaml, 'p/test/env.md': ENV }), 'p/test');
  if (!r.profile) throw new Error(JSON.stringify(r.problems));
  return r.profile;
}

const ctx = (input: StackContextInput) =>
  parseStackContext({ homeDir: '/home/u', cwd: '/w/repo/app', date: '2026-11-29', platform: 'linux', ...input });

const TREE = {
  '/w/repo/.git': { type: 'dir' as const },
  '/w/repo/AGENTS.md': 'Repo rules.\n',
  '/w/repo/app/AGENTS.md': 'App rules.',
  '/home/u/.config/opencode/AGENTS.md': 'Global rules.',
};

describe('buildStackPrompt', () => {
  it('stacks provider prompt, environment, instructions nearest first, global, then user system text', async () => {
    const r = await buildStackPrompt(
      profile(),
      ctx({ modelId: 'claude-sonnet-4-5', files: TREE, userSystem: 'USER SYSTEM', userMessage: 'hello' }),
    );
    expect(r.system).toBe(
      [
        'CLAUDE PROMPT',
        'Model: claude-sonnet-4-5\nWorking directory: /w/repo/app\nGit: yes\nPlatform: linux\nDate: Sun Nov 29 2026',
        'Instructions from: /w/repo/app/AGENTS.md\nApp rules.',
        'Instructions from: /w/repo/AGENTS.md\nRepo rules.\n',
        'Instructions from: /home/u/.config/opencode/AGENTS.md\nGlobal rules.',
        'USER SYSTEM',
      ].join('\n'),
    );
    expect(r.messages).toEqual([
      { role: 'system', content: r.system },
      { role: 'user', content: [{ type: 'text', text: 'hello', synthetic: false, source: 'user' }] },
    ]);
    expect(r.sections.map((s) => [s.layer, s.label])).toEqual([
      ['provider-prompt', "provider prompt 'claude'"],
      ['environment', 'environment'],
      ['instructions', '/w/repo/app/AGENTS.md'],
      ['instructions', '/w/repo/AGENTS.md'],
      ['instructions', '/home/u/.config/opencode/AGENTS.md'],
      ['user-system', 'user system text'],
    ]);
    expect(r.sections[0]?.source).toMatchObject({ promptId: 'claude', ruleId: 'claude' });
    expect(r.sections[4]?.source).toMatchObject({ instructionLayer: 'global', path: '/home/u/.config/opencode/AGENTS.md' });
    // Offsets cut the system text exactly; joins are single newlines between sections.
    const cut = r.sections.map((s) => r.system.slice(s.start, s.end)).join('\n');
    expect(cut).toBe(r.system);
    expect(r.sizes).toMatchObject({
      systemChars: r.system.length,
      systemBytes: r.system.length,
      systemLines: r.system.split('\n').length,
      userChars: 5,
    });
    expect(r.sizes.layers.instructions).toBe(r.sections.filter((s) => s.layer === 'instructions').reduce((n, s) => n + s.end - s.start, 0));
    expect(r.provider.used).toBe(true);
    expect(r.warnings).toEqual([]);
  });

  it('lets an agent prompt replace the provider prompt, and drops empty parts', async () => {
    const r = await buildStackPrompt(profile(), ctx({ modelId: 'gpt-4.1', agent: 'compaction', cwd: '/elsewhere', isGitRepo: false }));
    expect(r.system).toBe('SUMMARISE\nModel: gpt-4.1\nWorking directory: /elsewhere\nGit: no\nPlatform: linux\nDate: Sun Nov 29 2026');
    expect(r.provider).toMatchObject({ used: false, ruleId: 'openai' });
    expect(r.sections[0]).toMatchObject({ layer: 'agent-prompt', source: { agent: 'compaction' } });
  });

  it('falls back to the provider prompt when the agent prompt is empty, and says so', async () => {
    const r = await buildStackPrompt(profile(), ctx({ modelId: 'qwen3-coder', agent: 'hollow', isGitRepo: false }));
    expect(r.system.startsWith('OTHER PROMPT\n')).toBe(true);
    expect(r.warnings.map((w) => w.code)).toEqual(['empty-agent-prompt']);
  });

  it('adds the plan-mode reminder for the plan agent and the switch reminder going from plan to build', async () => {
    const plan = await buildStackPrompt(profile(), ctx({ agent: 'plan', userMessage: 'think', isGitRepo: false }));
    const reminder: StackUserPart = { type: 'text', text: 'PLAN REMINDER', synthetic: true, source: 'agent-reminder' };
    expect(plan.messages[1]).toEqual({
      role: 'user',
      content: [{ type: 'text', text: 'think', synthetic: false, source: 'user' }, reminder],
    });

    const back = await buildStackPrompt(profile(), ctx({ agent: 'build', previousAgent: 'plan', userMessage: 'go', isGitRepo: false }));
    expect(back.messages[1]).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'go', synthetic: false, source: 'user' },
        { type: 'text', text: 'SWITCH REMINDER', synthetic: true, source: 'switch-reminder' },
      ],
    });
    const stay = await buildStackPrompt(profile(), ctx({ agent: 'build', previousAgent: 'build', isGitRepo: false }));
    expect(stay.messages[1]).toEqual({ role: 'user', content: [{ type: 'text', text: '', synthetic: false, source: 'user' }] });
  });

  it('reports an unknown agent as an error and builds with the provider prompt', async () => {
    const r = await buildStackPrompt(profile(), ctx({ agent: 'bulid', isGitRepo: false }));
    expect(r.warnings[0]).toMatchObject({ code: 'unknown-agent', severity: 'error' });
    expect(r.system.startsWith('CLAUDE PROMPT\n')).toBe(true);
  });

  it('reports virtual tree entries it cannot place', async () => {
    const r = await buildStackPrompt(
      profile(),
      ctx({ isGitRepo: false, files: { '/w/repo/app/AGENTS.md': 'x', '/w/repo/app/AGENTS.md/y': 'z' } }),
    );
    expect(r.warnings.map((w) => w.code)).toEqual(['virtual-tree-problem']);
    expect(r.system).toContain('Instructions from: /w/repo/app/AGENTS.md\nx');
  });

  it('warns when no provider rule matches', async () => {
    const yaml = PROFILE_YAML.replace('  - { id: other, prompt: rest }\n', '').replace('  rest: { text: "OTHER PROMPT" }\n', '');
    const r = await buildStackPrompt(profile(yaml), ctx({ modelId: 'llama-3', isGitRepo: false }));
    expect(r.warnings.map((w) => w.code)).toEqual(['no-provider-rule']);
    expect(r.system.startsWith('Model: llama-3\n')).toBe(true);
    expect(r.sections[0]?.layer).toBe('environment');
  });

  it('keeps unknown environment placeholders literally and warns', async () => {
    const r = loadStackProfile(
      memoryFileSource({ 'p/test/profile.yaml': PROFILE_YAML, 'p/test/env.md': 'Shell: {{shell}} on {{platform}}' }),
      'p/test',
    );
    const built = await buildStackPrompt(r.profile as StackProfile, ctx({ isGitRepo: false }));
    expect(built.environment.text).toBe('Shell: {{shell}} on linux');
    expect(built.warnings.map((w) => w.code)).toEqual(['environment-unknown-placeholder']);
  });
});

describe('joinStackParts', () => {
  it('drops only exactly empty parts (whitespace is text, as in OpenCode)', () => {
    const { system, sections } = joinStackParts([
      { layer: 'provider-prompt', label: 'a', text: 'A', source: {} },
      { layer: 'environment', label: 'e', text: '', source: {} },
      { layer: 'user-system', label: 'u', text: ' ', source: {} },
    ]);
    expect(system).toBe('A\n ');
    expect(sections.map((s) => [s.start, s.end])).toEqual([
      [0, 1],
      [2, 3],
    ]);
  });
});

describe('configured URLs', () => {
  const withUrls = (urls: string[]) => ctx({ isGitRepo: false, instructions: urls });
  const ok: UrlFetcher = async (url) => ({ status: 200, text: `rules from ${url}` });

  it('are listed but not fetched unless asked', async () => {
    let calls = 0;
    const r = await buildStackPrompt(profile(), withUrls(['https://example.test/a.md']), {
      fetchUrl: async () => {
        calls += 1;
        return { status: 200, text: 'x' };
      },
    });
    expect(calls).toBe(0);
    expect(r.instructions.sources).toMatchObject([{ kind: 'url', path: 'https://example.test/a.md', status: 'not-fetched' }]);
    expect(r.warnings.map((w) => [w.code, w.severity])).toEqual([['url-not-fetched', 'info']]);
    expect(r.system).not.toContain('Instructions from: https://');
  });

  it('come after all files when fetched, in the order configured', async () => {
    const tree = {
      '/home/user/project/.git': { type: 'dir' as const },
      '/home/user/project/AGENTS.md': 'P',
      '/home/user/project/docs/x.md': 'X',
    };
    const context = parseStackContext({
      date: '2026-11-29',
      files: tree,
      instructions: ['https://b.test/1', 'docs/x.md', 'https://a.test/2'],
    });
    const r = await buildStackPrompt(profile(), context, { fetchUrls: true, fetchUrl: ok });
    const blocks = r.sections.filter((s) => s.layer === 'instructions').map((s) => s.label);
    expect(blocks).toEqual(['/home/user/project/AGENTS.md', '/home/user/project/docs/x.md', 'https://b.test/1', 'https://a.test/2']);
    expect(
      r.system.endsWith(
        'Instructions from: https://b.test/1\nrules from https://b.test/1\nInstructions from: https://a.test/2\nrules from https://a.test/2',
      ),
    ).toBe(true);
  });

  it('turn failures, bad statuses and timeouts into warnings, never a crash', async () => {
    const fetchUrl: UrlFetcher = (url) => {
      if (url.includes('boom')) return Promise.reject(new Error('connection refused'));
      if (url.includes('404')) return Promise.resolve({ status: 404, text: 'not here' });
      if (url.includes('slow')) return new Promise(() => undefined);
      const timeout = new Error('The operation was aborted due to timeout');
      timeout.name = 'TimeoutError';
      return Promise.reject(timeout);
    };
    const r = await buildStackPrompt(
      profile(),
      withUrls(['https://boom.test', 'https://404.test', 'https://slow.test', 'https://aborted.test']),
      {
        fetchUrls: true,
        fetchUrl,
        urlTimeoutMs: 50,
        sleep: () => Promise.resolve(),
      },
    );
    expect(r.warnings.map((w) => [w.code, w.message])).toEqual([
      ['url-fetch-failed', 'https://boom.test: fetch failed (connection refused)'],
      ['url-fetch-failed', 'https://404.test: the server answered 404'],
      ['url-timeout', 'https://slow.test: no answer within 50 ms'],
      ['url-timeout', 'https://aborted.test: no answer within 50 ms'],
    ]);
    expect(r.instructions.sources.map((s) => s.status)).toEqual(['fetch-failed', 'fetch-failed', 'fetch-failed', 'fetch-failed']);
    expect(r.system).not.toContain('Instructions from:');
  });

  it('says so when fetching is asked for without a fetch function', async () => {
    const r = await buildStackPrompt(profile(), withUrls(['https://a.test']), { fetchUrls: true });
    expect(r.warnings.map((w) => w.code)).toEqual(['url-fetcher-missing']);
  });
});

describe('why-not explanations', () => {
  it('name every lookup with its outcome, including names never looked for', async () => {
    const r = await buildStackPrompt(
      profile(),
      ctx({ cwd: '/w/repo', files: { '/w/repo/.git': { type: 'dir' }, '/w/repo/AGENTS.md': 'rules' } }),
    );
    const lines = explainInstructions(r.instructions);
    expect(lines[0]).toBe('working directory /w/repo; worktree root /w/repo (found); git: yes');
    expect(lines[2]).toBe('project name that won: AGENTS.md');
    expect(lines).toContain('project    used                         /w/repo/AGENTS.md  [AGENTS.md] - found and used');
    expect(lines).toContain(
      'project    never looked for             /w/repo/CLAUDE.md  [CLAUDE.md] - AGENTS.md was found first, so later names are not looked for',
    );
    expect(lines).toContain('global     switched off                 {configDirOverride}/AGENTS.md - OPENCODE_CONFIG_DIR is not set');
    expect(lines).toContain(
      'global     not there                    /home/u/.config/opencode/AGENTS.md  [{configDir}/opencode/AGENTS.md] - no such file',
    );
    const text = describeStackBuild(r);
    expect(text).toContain("provider prompt: rule 'claude' -> prompt 'claude'");
    expect(text).toContain("[0, 13) provider-prompt: provider prompt 'claude'");
  });
});
