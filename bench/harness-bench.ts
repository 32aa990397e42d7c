/**
 * npm run bench:harness — prints figures, asserts nothing.
 *  1. The every-harness view's example tree: every built-in harness profile, median and p95 of one pass.
 *  2. A larger repository (300 folders, an AGENTS.md and a CLAUDE.md in each, imports, rules,
 *     a 40 KB AGENTS.md at the root): the same.
 */
import { performance } from 'node:perf_hooks';
import { builtinWorkspaceDir } from '../electron/host/builtin-workspace.js';
import { folderFileSource } from '../electron/host/folder-source.js';
import { contextFs, loadHarnessProfiles, parseHarnessContext, runHarness, type HarnessContext } from '../shared/harness/index.js';

const { profiles } = loadHarnessProfiles(folderFileSource(builtinWorkspaceDir()));

function stats(samples: number[]): { median: number; p95: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { median: at(0.5), p95: at(0.95) };
}

async function bench(label: string, context: HarnessContext, runs: number): Promise<void> {
  // As the host does it: the tree's filesystem built once per pass, shared by the harnesses.
  const pass = async (): Promise<void> => {
    const tree = contextFs(context);
    for (const p of profiles) await runHarness(p, context, { today: '2026-11-30', fs: tree.fs, treeProblems: tree.problems });
  };
  for (let i = 0; i < 5; i++) await pass();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await pass();
    samples.push(performance.now() - t0);
  }
  const s = stats(samples);
  console.log(
    `${label}: ${profiles.length} harnesses per pass, median ${s.median.toFixed(2)} ms, p95 ${s.p95.toFixed(2)} ms (${runs} passes)`,
  );
}

const small = parseHarnessContext({
  cwd: '/home/user/project',
  home: '/home/user',
  env: { GEMINI_CLI_TRUST_WORKSPACE: 'true', CLAUDE_CODE_DISABLE_AUTO_MEMORY: '1' },
  reads: ['/home/user/project/packages/api/src/server.ts'],
  files: {
    '/home/user/project/.git/': '',
    '/home/user/project/AGENTS.md': '# Project guide\n\n- Use pnpm.\n',
    '/home/user/project/CLAUDE.md': 'See @AGENTS.md.\n',
    '/home/user/project/.clinerules/style.md': 'Small commits.\n',
    '/home/user/project/packages/api/GEMINI.md': '# API\n',
    '/home/user/project/packages/api/src/server.ts': '',
    '/home/user/.claude/CLAUDE.md': 'Brief.\n',
  },
});

const files: Record<string, string> = {
  '/repo/.git/': '',
  '/repo/AGENTS.md': `# Root\n\n${'Run the tests before you push. '.repeat(1400)}\n`,
};
for (let i = 0; i < 300; i++) {
  const dir = `/repo/packages/p${i % 30}/m${i}`;
  files[`${dir}/AGENTS.md`] = `Module ${i}: keep the public API stable.\n`;
  files[`${dir}/CLAUDE.md`] = `Module ${i} @AGENTS.md\n`;
  files[`${dir}/src/index.ts`] = 'export {};\n';
}
for (let i = 0; i < 20; i++)
  files[`/repo/.claude/rules/r${i}.md`] = i % 2 ? `---\npaths: ["packages/p${i}/**"]\n---\nRule ${i}` : `Rule ${i}`;
for (let i = 0; i < 20; i++) files[`/repo/.clinerules/c${i}.md`] = `Cline rule ${i}`;
const large = parseHarnessContext({
  cwd: '/repo/packages/p3/m3',
  home: '/home/u',
  env: { GEMINI_CLI_TRUST_WORKSPACE: 'true', CLAUDE_CODE_DISABLE_AUTO_MEMORY: '1' },
  reads: ['/repo/packages/p3/m3/src/index.ts'],
  files,
});

await bench('example tree (7 files)', small, 200);
await bench(`large repository (${Object.keys(files).length} files, 40 KB AGENTS.md)`, large, 30);
