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
        observedWith: ['0.169.0', '0.171.0'],
        message:
          'Codex CLI 0.169.0 (observed with 0.169.0, 0.171.0) cuts /repo/AGENTS.md at line 3, column 32721 (32768 of 33049 bytes kept): the limit is 32768 bytes',
      },
    ]);
  });

  it('names imports that fail or leave the allowed root', () => {
    expect(of('import-failed')).toEqual([
      'Claude Code 2.1.328 (observed with 2.1.328, 2.1.332): the import of /repo/docs/missing.md in /repo/CLAUDE.md fails: no such file (the import is ignored)',
    ]);
    expect(of('import-outside')).toEqual([
      "Claude Code 2.1.328 (observed with 2.1.328, 2.1.332): the import of /outside.md in /repo/CLAUDE.md leaves the allowed root: outside the working folder: an external import needs the project's approval (hasClaudeMdExternalIncludesApproved)",
    ]);
  });

  it('finds paths: patterns that match nothing in the tree', () => {
    expect(of('paths-match-nothing')).toEqual([
      "Claude Code 2.1.328 (observed with 2.1.328, 2.1.332): the paths pattern 'src/**/*.ts' of /repo/.claude/rules/ts.md matches no file below /repo",
      // Copilot lists Claude rules with paths in its table of path-specific files.
      "GitHub Copilot CLI 1.0.102 (observed with 1.0.102): the paths pattern 'src/**/*.ts' of /repo/.claude/rules/ts.md matches no file below /repo",
    ]);
  });

  it('finds a rule sent twice in one request', () => {
    expect(of('duplicate-rules')).toEqual([
      `GitHub Copilot CLI 1.0.102 (observed with 1.0.102) sends "${rule}" twice: in /repo/AGENTS.md and /repo/GEMINI.md`,
      `Gemini CLI 0.61.0 (observed with 0.61.0) sends "${rule}" twice: in /repo/AGENTS.md and /repo/GEMINI.md`,
    ]);
  });

  it("says which harnesses load a file and which ignore it, with each one's reason", () => {
    expect(of('ignored-by')).toEqual([
      '/repo/CLAUDE.md is loaded by Claude Code 2.1.328 (observed with 2.1.328, 2.1.332), GitHub Copilot CLI 1.0.102 (observed with 1.0.102); ignored by Cline 4.1.13 (observed with 3.0.65), Cline (classic) 3.89.2 (not observed), Codex CLI 0.169.0 (observed with 0.169.0, 0.171.0), Gemini CLI 0.61.0 (observed with 0.61.0), Qwen Code 0.24.4 (observed with 0.24.4): not one of the files it looks for; Kilo CLI 7.7.9 (observed with 7.7.9), OpenCode 1.18.33 (observed with 1.18.33), OpenCode seed (not observed): not-looked-for, AGENTS.md was found first, so later names are not looked for',
      '/repo/AGENTS.md is loaded by Cline 4.1.13 (observed with 3.0.65), Cline (classic) 3.89.2 (not observed), Codex CLI 0.169.0 (observed with 0.169.0, 0.171.0), GitHub Copilot CLI 1.0.102 (observed with 1.0.102), Gemini CLI 0.61.0 (observed with 0.61.0), Kilo CLI 7.7.9 (observed with 7.7.9), OpenCode 1.18.33 (observed with 1.18.33), OpenCode seed (not observed), Qwen Code 0.24.4 (observed with 0.24.4); ignored by Claude Code 2.1.328 (observed with 2.1.328, 2.1.332): not one of the files it looks for',
      '/repo/GEMINI.md is loaded by GitHub Copilot CLI 1.0.102 (observed with 1.0.102), Gemini CLI 0.61.0 (observed with 0.61.0); ignored by Claude Code 2.1.328 (observed with 2.1.328, 2.1.332), Cline 4.1.13 (observed with 3.0.65), Cline (classic) 3.89.2 (not observed), Codex CLI 0.169.0 (observed with 0.169.0, 0.171.0), Kilo CLI 7.7.9 (observed with 7.7.9), OpenCode 1.18.33 (observed with 1.18.33), OpenCode seed (not observed), Qwen Code 0.24.4 (observed with 0.24.4): not one of the files it looks for',
      '/home/u/.qwen/output-language.md is loaded by Qwen Code 0.24.4 (observed with 0.24.4); ignored by Claude Code 2.1.328 (observed with 2.1.328, 2.1.332), Cline 4.1.13 (observed with 3.0.65), Cline (classic) 3.89.2 (not observed), Codex CLI 0.169.0 (observed with 0.169.0, 0.171.0), GitHub Copilot CLI 1.0.102 (observed with 1.0.102), Gemini CLI 0.61.0 (observed with 0.61.0), Kilo CLI 7.7.9 (observed with 7.7.9), OpenCode 1.18.33 (observed with 1.18.33), OpenCode seed (not observed): not one of the files it looks for',
    ]);
  });

  it("names every instruction file no harness loads, with each harness's reason", () => {
    expect(of('loaded-by-none')).toEqual([
      "/outside.md is loaded by no harness: Claude Code 2.1.328 (observed with 2.1.328, 2.1.332): skipped, outside the working folder: an external import needs the project's approval (hasClaudeMdExternalIncludesApproved); Cline 4.1.13 (observed with 3.0.65), Cline (classic) 3.89.2 (not observed), Codex CLI 0.169.0 (observed with 0.169.0, 0.171.0), GitHub Copilot CLI 1.0.102 (observed with 1.0.102), Gemini CLI 0.61.0 (observed with 0.61.0), Kilo CLI 7.7.9 (observed with 7.7.9), OpenCode 1.18.33 (observed with 1.18.33), OpenCode seed (not observed), Qwen Code 0.24.4 (observed with 0.24.4): not one of the files it looks for",
      '/repo/.claude/rules/ts.md is loaded by no harness: Claude Code 2.1.328 (observed with 2.1.328, 2.1.332): skipped, path-scoped (paths: src/**/*.ts, *.md): loads when a matching file is read; Cline 4.1.13 (observed with 3.0.65), Cline (classic) 3.89.2 (not observed), Codex CLI 0.169.0 (observed with 0.169.0, 0.171.0), Gemini CLI 0.61.0 (observed with 0.61.0), Kilo CLI 7.7.9 (observed with 7.7.9), OpenCode 1.18.33 (observed with 1.18.33), OpenCode seed (not observed), Qwen Code 0.24.4 (observed with 0.24.4): not one of the files it looks for; GitHub Copilot CLI 1.0.102 (observed with 1.0.102): skipped, path-specific (paths: src/**/*.ts, *.md): listed in the table, read by the agent when it needs it',
    ]);
    expect(findings.filter((f) => f.code === 'loaded-by-none').map((f) => f.path)).toEqual(['/outside.md', '/repo/.claude/rules/ts.md']);
  });
});

describe('instruction files no harness reaches', async () => {
  // docs/ is below the working folder and no read goes there: no walk reaches docs/AGENTS.md.
  const tree = parseHarnessContext({
    files: {
      '/repo/.git/': '',
      '/repo/AGENTS.md': 'Root rules.\n',
      '/repo/docs/AGENTS.md': 'Docs rules.\n',
      '/repo/docs/notes.md': 'Not an instruction file.\n',
    },
    cwd: '/repo',
    home: '/home/u',
  });
  const codexOnly = profiles.filter((p) => p.id === 'codex' || p.id === 'opencode');
  const findings = lintInstructions(await Promise.all(codexOnly.map((p) => runHarness(p, tree))), contextTreeFiles(tree));

  it('names a file with an instruction file’s name that no harness looked at, with where each one looks for that name', () => {
    expect(findings.filter((f) => f.code === 'loaded-by-none')).toEqual([
      {
        code: 'loaded-by-none',
        severity: 'warning',
        path: '/repo/docs/AGENTS.md',
        message:
          '/repo/docs/AGENTS.md is loaded by no harness: Codex CLI 0.169.0 (observed with 0.169.0, 0.171.0): not looked for there: it looks for AGENTS.md in /home/u/.codex, /repo; OpenCode 1.18.33 (observed with 1.18.33): not looked for there: it looks for AGENTS.md in /repo, /home/u/.config/opencode',
      },
    ]);
  });
});
