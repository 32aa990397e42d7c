import type { HarnessCase } from '../conformance-cases.js';

/** OpenCode cases written from prompt-semantics.md Part 2 (1.18.33 and the seed). */
const base = {
  harness: 'opencode',
  version: 'opencode-1.18.33',
  symlinks: {},
  home: '/home/dev',
  os: 'linux' as const,
  env: {},
  settings: { date: '2026-11-30', providerId: 'anthropic', modelId: 'claude-sonnet-4-5' },
  reads: [],
  part: 'system',
  confidence: 'observed',
};

export const opencodeCases: HarnessCase[] = [
  {
    ...base,
    name: 'an empty global file ends the search and gives no block',
    files: {
      '/home/dev/.config/opencode/AGENTS.md': '',
      '/home/dev/.claude/CLAUDE.md': 'claude',
      '/srv/app/.git/': '',
      '/srv/app/AGENTS.md': 'app',
    },
    cwd: '/srv/app',
    expected: '</env>\nInstructions from: /srv/app/AGENTS.md\napp',
  },
  {
    ...base,
    name: 'OPENCODE_DISABLE_CLAUDE_CODE turns off the project CLAUDE.md and ~/.claude/CLAUDE.md',
    files: { '/srv/app/.git/': '', '/srv/app/CLAUDE.md': 'c', '/srv/app/CONTEXT.md': 'ctx', '/home/dev/.claude/CLAUDE.md': 'g' },
    cwd: '/srv/app',
    env: { OPENCODE_DISABLE_CLAUDE_CODE: '1' },
    expected: '</env>\nInstructions from: /srv/app/CONTEXT.md\nctx',
  },
  {
    ...base,
    name: 'OPENCODE_DISABLE_CLAUDE_CODE_PROMPT also turns off the project CLAUDE.md and ~/.claude/CLAUDE.md',
    files: { '/srv/app/.git/': '', '/srv/app/CLAUDE.md': 'c', '/srv/app/CONTEXT.md': 'ctx', '/home/dev/.claude/CLAUDE.md': 'g' },
    cwd: '/srv/app',
    env: { OPENCODE_DISABLE_CLAUDE_CODE_PROMPT: 'true' },
    expected: '</env>\nInstructions from: /srv/app/CONTEXT.md\nctx',
  },
  {
    ...base,
    name: 'with Claude prompts off the global search skips ~/.claude/CLAUDE.md: no global block',
    files: { '/srv/app/.git/': '', '/srv/app/AGENTS.md': 'app', '/home/dev/.claude/CLAUDE.md': 'g' },
    cwd: '/srv/app',
    env: { OPENCODE_DISABLE_CLAUDE_CODE_PROMPT: '1' },
    expected: '</env>\nInstructions from: /srv/app/AGENTS.md\napp',
  },
  {
    ...base,
    name: 'a whitespace-only file is a block and its name wins',
    files: { '/srv/app/.git/': '', '/srv/app/AGENTS.md': '  \n', '/srv/app/CLAUDE.md': 'c' },
    cwd: '/srv/app',
    expected: '</env>\nInstructions from: /srv/app/AGENTS.md\n  \n',
  },
  {
    ...base,
    name: 'outside a repository the workspace root is / and the walk reaches it',
    files: { '/tmp/AGENTS.md': 'tmp rules', '/tmp/x/': '' },
    cwd: '/tmp/x',
    expected:
      "  Working directory: /tmp/x\n  Workspace root folder: /\n  Is directory a git repo: no\n  Platform: linux\n  Today's date: Mon Nov 30 2026\n</env>\nInstructions from: /tmp/AGENTS.md\ntmp rules",
  },
  {
    ...base,
    name: 'project files nearest first, after the global file',
    files: {
      '/srv/app/.git/': '',
      '/srv/app/AGENTS.md': 'root',
      '/srv/app/web/AGENTS.md': 'web',
      '/home/dev/.config/opencode/AGENTS.md': 'mine',
    },
    cwd: '/srv/app/web',
    expected:
      '</env>\nInstructions from: /home/dev/.config/opencode/AGENTS.md\nmine\nInstructions from: /srv/app/web/AGENTS.md\nweb\nInstructions from: /srv/app/AGENTS.md\nroot',
  },
  {
    ...base,
    name: 'a relative configured entry is looked for from the cwd up to the worktree root, nearest first, after the project files',
    files: { '/srv/app/.git/': '', '/srv/app/AGENTS.md': 'root', '/srv/app/docs/rules.md': 'far', '/srv/app/web/docs/rules.md': 'near' },
    cwd: '/srv/app/web',
    settings: { ...base.settings, instructions: ['docs/*.md'] },
    expected:
      'Instructions from: /srv/app/AGENTS.md\nroot\nInstructions from: /srv/app/web/docs/rules.md\nnear\nInstructions from: /srv/app/docs/rules.md\nfar',
  },
  {
    ...base,
    name: 'the seed: project files before the global file',
    version: 'opencode-seed',
    files: { '/srv/app/.git/': '', '/srv/app/AGENTS.md': 'app rules', '/home/dev/.claude/CLAUDE.md': 'my rules' },
    cwd: '/srv/app',
    confidence: 'documented',
    expected: 'Instructions from: /srv/app/AGENTS.md\napp rules\nInstructions from: /home/dev/.claude/CLAUDE.md\nmy rules',
  },
];
