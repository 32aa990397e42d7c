import { describe, expect, it } from 'vitest';
import { contextTreeFiles, lintInstructions, parseHarnessContext, runHarness } from '../../shared/harness/index.js';
import { builtinHarnesses } from './conformance-cases.js';

const profiles = builtinHarnesses();
const rule = 'Always run the full test suite before pushing.';

const context = parseHarnessContext({
  files: {
    '/repo/.git/': '',
    '/repo/AGENTS.md': `${rule}\n\n${'x'.repeat(33000)}\n`,
    '/repo/GEMINI.md': `# Gemini\n\n${rule}\n`,
    '/repo/CLAUDE.md': 'See @docs/missing.md and @../outside.md\n',
    '/outside.md': 'outside',
    '/repo/.claude/rules/ts.md': '---\npaths: ["src/**/*.ts", "*.md"]\n---\nTS only\n',
    '/repo/lib/a.js': '',
  },
  cwd: '/repo',
  home: '/home/u',
  env: { GEMINI_CLI_TRUST_WORKSPACE: 'true', CLAUDE_CODE_DISABLE_AUTO_MEMORY: '1' },
  settings: { context: { fileName: 'AGENTS.md' } },
});

describe('lint for instruction files', async () => {
  const results = await Promise.all(profiles.map((p) => runHarness(p, context)));
  const findings = lintInstructions(results, contextTreeFiles(context));
  const of = (code: string): string[] => findings.filter((f) => f.code === code).map((f) => f.message);

  it('says where a limit cuts a file', () => {
    expect(findings.filter((f) => f.code === 'over-limit')).toEqual([
      {
        code: 'over-limit',
        severity: 'warning',
        harness: 'codex',
        path: '/repo/AGENTS.md',
        line: 3,
        column: 32721,
        message: 'Codex CLI 0.169.0 cuts /repo/AGENTS.md at line 3, column 32721 (32768 of 33049 bytes kept): the limit is 32768 bytes',
      },
    ]);
  });

  it('names imports that fail or leave the allowed root', () => {
    expect(of('import-failed')).toEqual([
      'Claude Code 2.1.328: the import of /repo/docs/missing.md in /repo/CLAUDE.md fails: no such file (the import is ignored)',
    ]);
    expect(of('import-outside')).toEqual([
      "Claude Code 2.1.328: the import of /outside.md in /repo/CLAUDE.md leaves the allowed root: outside the working folder: an external import needs the project's approval (hasClaudeMdExternalIncludesApproved)",
    ]);
  });

  it('finds paths: patterns that match nothing in the tree', () => {
    expect(of('paths-match-nothing')).toEqual([
      "Claude Code 2.1.328: the paths pattern 'src/**/*.ts' of /repo/.claude/rules/ts.md matches no file below /repo",
    ]);
  });

  it('finds a rule sent twice in one request', () => {
    expect(of('duplicate-rules')).toEqual([`Gemini CLI 0.61.0 sends "${rule}" twice: in /repo/AGENTS.md and /repo/GEMINI.md`]);
  });

  it('says which harnesses ignore a file others load', () => {
    expect(of('ignored-by')).toEqual([
      '/repo/CLAUDE.md is loaded by Claude Code 2.1.328; Cline 4.1.13, Cline (classic) 3.89.2, Codex CLI 0.169.0, Gemini CLI 0.61.0, OpenCode 1.18.33, OpenCode seed ignore it',
      '/repo/AGENTS.md is loaded by Cline 4.1.13, Cline (classic) 3.89.2, Codex CLI 0.169.0, Gemini CLI 0.61.0, OpenCode 1.18.33, OpenCode seed; Claude Code 2.1.328 ignores it',
      '/repo/GEMINI.md is loaded by Gemini CLI 0.61.0; Claude Code 2.1.328, Cline 4.1.13, Cline (classic) 3.89.2, Codex CLI 0.169.0, OpenCode 1.18.33, OpenCode seed ignore it',
    ]);
  });
});
