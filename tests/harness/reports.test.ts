import { describe, expect, it } from 'vitest';
import { parseHarnessContext, runHarness, type HarnessContextInput, type HarnessFileReport } from '../../shared/harness/index.js';
import { builtinHarnesses } from './conformance-cases.js';

/** The "why not" of every harness: each file looked at gets a status and a reason. */
const profiles = builtinHarnesses();
async function reports(id: string, input: HarnessContextInput): Promise<Pick<HarnessFileReport, 'path' | 'status' | 'reason'>[]> {
  const profile = profiles.find((p) => p.id === id);
  if (!profile) throw new Error(id);
  const r = await runHarness(profile, parseHarnessContext(input));
  return r.files.map(({ path, status, reason }) => ({ path, status, reason }));
}

describe('file reports', () => {
  it('Codex: an override hides AGENTS.md, the budget runs out, folders above the root are never looked at', async () => {
    const r = await reports('codex', {
      files: {
        '/w/AGENTS.md': 'above',
        '/w/r/.git/': '',
        '/w/r/AGENTS.override.md': 'abc',
        '/w/r/AGENTS.md': 'hidden',
        '/w/r/s/AGENTS.md': 'later',
      },
      cwd: '/w/r/s',
      home: '/h',
      settings: { project_doc_max_bytes: 3 },
    });
    expect(r).toEqual([
      { path: '/h/.codex/AGENTS.override.md', status: 'missing', reason: 'no such file' },
      { path: '/h/.codex/AGENTS.md', status: 'missing', reason: 'no such file' },
      { path: '/w/r/AGENTS.override.md', status: 'loaded', reason: '3 of 3 budget bytes' },
      { path: '/w/r/AGENTS.md', status: 'not-looked-for', reason: 'AGENTS.override.md is the file of this folder' },
      { path: '/w/r/s/AGENTS.override.md', status: 'missing', reason: 'no such file' },
      { path: '/w/r/s/AGENTS.md', status: 'skipped', reason: 'the 3-byte budget is used up' },
    ]);
  });

  it('Gemini CLI: project files of an untrusted folder are skipped, with the trust decision', async () => {
    const r = await reports('gemini-cli', {
      files: { '/r/.git/': '', '/r/GEMINI.md': 'p' },
      cwd: '/r',
      home: '/h',
      env: { GEMINI_CLI_TRUST_WORKSPACE: 'false' },
    });
    expect(r).toEqual([
      { path: '/h/.gemini/GEMINI.md', status: 'missing', reason: 'no such file' },
      { path: '/r/GEMINI.md', status: 'skipped', reason: 'project memory is off: GEMINI_CLI_TRUST_WORKSPACE=false' },
    ]);
  });

  it('Claude Code: a path-scoped rule waits, an excluded file is named, a missing import is ignored', async () => {
    const r = await reports('claude-code', {
      files: { '/p/CLAUDE.md': '@gone.md', '/p/CLAUDE.local.md': 'mine', '/p/.claude/rules/ts.md': '---\npaths: "**/*.ts"\n---\nTS' },
      cwd: '/p',
      home: '/h',
      env: { CLAUDE_CODE_DISABLE_AUTO_MEMORY: '1' },
      settings: { claudeMdExcludes: ['**/CLAUDE.local.md'] },
    });
    expect(r.filter((f) => f.status !== 'missing' || f.path === '/p/gone.md')).toEqual([
      { path: '/p/CLAUDE.md', status: 'loaded', reason: 'project memory' },
      { path: '/p/gone.md', status: 'missing', reason: 'no such file (the import is ignored)' },
      { path: '/p/.claude/rules/ts.md', status: 'skipped', reason: 'path-scoped (paths: **/*.ts): loads when a matching file is read' },
      { path: '/p/CLAUDE.local.md', status: 'skipped', reason: 'excluded by claudeMdExcludes' },
    ]);
  });

  it('Cline (classic): toggles and conditions say why a rule is left out', async () => {
    const r = await reports('cline-classic', {
      files: { '/w/.clinerules/off.md': 'x', '/w/.clinerules/ts.md': '---\npaths: ["src/**"]\n---\nTS' },
      cwd: '/w',
      home: '/h',
      settings: { localClineRulesToggles: { '/w/.clinerules/off.md': false } },
    });
    expect(r.filter((f) => f.path.startsWith('/w/.clinerules/'))).toEqual([
      { path: '/w/.clinerules/off.md', status: 'skipped', reason: 'toggled off' },
      { path: '/w/.clinerules/ts.md', status: 'skipped', reason: 'paths: src/**: no candidate paths to match' },
    ]);
  });

  it('OpenCode: the first name found wins, later names are not looked for', async () => {
    const r = await reports('opencode', { files: { '/r/.git/': '', '/r/CLAUDE.md': 'c', '/r/CONTEXT.md': 'x' }, cwd: '/r', home: '/h' });
    expect(r.filter((f) => f.path.startsWith('/r/'))).toEqual([
      { path: '/r/AGENTS.md', status: 'missing', reason: 'no such file' },
      { path: '/r/CLAUDE.md', status: 'loaded', reason: 'found and used' },
      { path: '/r/CONTEXT.md', status: 'not-looked-for', reason: 'CLAUDE.md was found first, so later names are not looked for' },
    ]);
  });
});
