/**
 * npm run bench:harness — prints figures, asserts nothing.
 *  1. The every-harness view's example tree: every built-in harness profile, median and p95 of one pass.
 *  2. A larger repository (300 folders, an AGENTS.md and a CLAUDE.md in each, imports, rules,
 *     a 40 KB AGENTS.md at the root): the same.
 *  3. A 2,000-file repository holding what every profile reads (QWEN.md, GEMINI.md, Kilo and
 *     Qwen rules folders, Copilot's instruction files, ...): each harness on its own, and the
 *     whole view (every harness, then the lint over the tree).
 */
import { performance } from 'node:perf_hooks';
import { builtinWorkspaceDir } from '../electron/host/builtin-workspace.js';
import { folderFileSource } from '../electron/host/folder-source.js';
import {
  contextFs,
  contextTreeFiles,
  lintInstructions,
  loadHarnessProfiles,
  parseHarnessContext,
  runHarness,
  type HarnessContext,
  type HarnessResult,
} from '../shared/harness/index.js';

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

// 3. Every profile's files, 2,000 in all.
const wide: Record<string, string> = {
  '/big/.git/': '',
  '/big/AGENTS.md': `# Root\n\n${'Keep changes small. '.repeat(400)}\n`,
  '/big/QWEN.md': 'Qwen root @./docs/style.md\n',
  '/big/GEMINI.md': 'Gemini root\n',
  '/big/docs/style.md': 'Style guide.\n',
  '/big/.github/copilot-instructions.md': 'Copilot repo rules.\n',
  '/big/.kilocoderules': 'Kilo legacy rules.\n',
};
for (let i = 0; i < 10; i++) {
  wide[`/big/.qwen/rules/q${i}.md`] = i % 3 ? `Qwen rule ${i}` : `---\npaths: ["pkg${i}/**"]\n---\nQwen rule ${i}`;
  wide[`/big/.kilo/rules/k${i}.md`] = `Kilo rule ${i} {file:./docs/style.md}`;
  wide[`/big/.github/instructions/i${i}.instructions.md`] = i % 2 ? `---\napplyTo: "pkg${i}/**"\n---\nPath rule ${i}` : `Inline rule ${i}`;
  wide[`/big/.claude/rules/c${i}.md`] = `Claude rule ${i}`;
}
for (let i = 0; Object.keys(wide).length < 2000; i++) {
  const dir = `/big/pkg${i % 40}/mod${i}`;
  const kind = i % 5;
  if (kind === 0) wide[`${dir}/AGENTS.md`] = `Module ${i}.\n`;
  else if (kind === 1) wide[`${dir}/QWEN.md`] = `Module ${i} (Qwen).\n`;
  else if (kind === 2) wide[`${dir}/GEMINI.md`] = `Module ${i} (Gemini).\n`;
  else if (kind === 3) wide[`${dir}/CLAUDE.md`] = `Module ${i} @AGENTS.md\n`;
  wide[`${dir}/src/index.ts`] = 'export {};\n';
}
const big = parseHarnessContext({
  cwd: '/big/pkg3/mod3',
  home: '/home/u',
  env: { GEMINI_CLI_TRUST_WORKSPACE: 'true', CLAUDE_CODE_DISABLE_AUTO_MEMORY: '1' },
  reads: ['/big/pkg3/mod3/src/index.ts'],
  files: wide,
});
const bigTree = contextFs(big);
const runs = 20;
for (const p of profiles) {
  for (let i = 0; i < 3; i++) await runHarness(p, big, { today: '2026-11-30', fs: bigTree.fs });
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await runHarness(p, big, { today: '2026-11-30', fs: bigTree.fs });
    samples.push(performance.now() - t0);
  }
  const s = stats(samples);
  console.log(`2,000-file repository, ${p.id}: median ${s.median.toFixed(2)} ms, p95 ${s.p95.toFixed(2)} ms (${runs} runs)`);
}
const view = async (): Promise<void> => {
  const tree = contextFs(big);
  const results: HarnessResult[] = [];
  for (const p of profiles) results.push(await runHarness(p, big, { today: '2026-11-30', fs: tree.fs, treeProblems: tree.problems }));
  lintInstructions(results, contextTreeFiles(big));
};
for (let i = 0; i < 2; i++) await view();
const viewSamples: number[] = [];
for (let i = 0; i < runs; i++) {
  const t0 = performance.now();
  await view();
  viewSamples.push(performance.now() - t0);
}
const v = stats(viewSamples);
console.log(
  `2,000-file repository (${Object.keys(wide).length} files), whole view (${profiles.length} harnesses and the lint): median ${v.median.toFixed(2)} ms, p95 ${v.p95.toFixed(2)} ms (${runs} passes)`,
);
