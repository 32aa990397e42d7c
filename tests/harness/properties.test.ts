import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseHarnessContext, runHarness, type HarnessContextInput } from '../../shared/harness/index.js';
import type { InstructionFs } from '../../shared/stack/instruction-fs.js';
import { isInsideOrEqual, joinPath, parentOf } from '../../shared/stack/path.js';
import { virtualInstructionFs } from '../../shared/stack/virtual-fs.js';
import { harnessTree } from '../../shared/harness/context.js';
import { builtinHarnesses } from './conformance-cases.js';

/**
 * Properties of every built-in harness on random trees full of traps: import cycles
 * (`a` imports `b` imports `a`, a file importing itself), symlink loops (a link to itself,
 * two links to each other, a folder link to its own parent), imports pointing out of the
 * repository, and bait files above the repository root and outside the tree.
 *
 * - Every run terminates, with a bounded number of filesystem calls.
 * - No run reads (readFile, readdir) a file outside what its agent may read: never anything
 *   under /outside (reachable only through imports the specs refuse: traversal for Gemini
 *   CLI and Qwen Code, external imports without approval for Claude Code, imports out of the
 *   repository for Copilot, `{file:}` out of the worktree in Kilo's project files), and,
 *   except for Claude Code (which walks every ancestor) and Qwen Code (which walks up to the
 *   parent of the repository root), nothing in /w above the repository root.
 */

const profiles = builtinHarnesses();
const REPO = '/w/repo';
const NAMES = [
  'AGENTS.md',
  'CLAUDE.md',
  'GEMINI.md',
  'AGENTS.override.md',
  'CLAUDE.local.md',
  'a.md',
  'b.md',
  'rules.md',
  '.clinerules',
  '.cursorrules',
  'x.mdc',
  'QWEN.md',
  'copilot-instructions.md',
  'x.instructions.md',
  '.kilocoderules',
];
const FOLDERS = ['sub', 'deep', '.claude', 'rules', '.clinerules', '.cursor', 'pkg', '.github', 'instructions', '.qwen', '.kilo'];
const LINES = [
  '@./a.md',
  '@a.md',
  '@../b.md',
  '@./AGENTS.md',
  '@CLAUDE.md',
  '@/outside/secret.md',
  '@../../../outside/secret.md',
  '@../../outside/secret.md',
  '`@./code.md`',
  'plain rule text',
  '---\npaths: ["**/*.md"]\n---',
  '<!-- a comment -->',
  '{file:../../outside/secret.md}',
  '{file:/outside/secret.md}',
  '{file:./a.md} {env:HOME}',
  '---\napplyTo: "src/**"\n---',
  '',
];

const segment = fc.constantFrom(...FOLDERS);
const relFile = fc.tuple(fc.array(segment, { maxLength: 3 }), fc.constantFrom(...NAMES)).map(([dirs, name]) => [...dirs, name].join('/'));
const content = fc.array(fc.constantFrom(...LINES), { maxLength: 5 }).map((lines) => lines.join('\n'));
const linkTarget = fc.constantFrom('.', '..', 'a.md', 'AGENTS.md', 'sub', '../sub', 'self', 'loop-a', 'loop-b');
const relLink = fc
  .tuple(fc.array(segment, { maxLength: 2 }), fc.constantFrom('self', 'loop-a', 'loop-b', 'up', 'AGENTS.md', 'CLAUDE.md', 'sub'))
  .map(([dirs, name]) => [...dirs, name].join('/'));

const treeArb = fc.record({
  files: fc.array(fc.tuple(relFile, content), { maxLength: 14 }),
  links: fc.array(fc.tuple(relLink, linkTarget), { maxLength: 6 }),
  cwd: fc.constantFrom('', 'sub', 'sub/deep'),
  reads: fc.array(relFile, { maxLength: 3 }),
});

type Tree = typeof treeArb extends fc.Arbitrary<infer T> ? T : never;

function contextOf(t: Tree): HarnessContextInput {
  const files: Record<string, string> = {
    // A repository git accepts (Kilo and Copilot ask git: an empty .git/ would not be one).
    [`${REPO}/.git/HEAD`]: 'ref: refs/heads/main\n',
    [`${REPO}/.git/objects/`]: '',
    [`${REPO}/.git/refs/`]: '',
    [`${REPO}/sub/deep/`]: '',
    '/w/AGENTS.md': 'BAIT above the root',
    '/w/GEMINI.md': 'BAIT above the root',
    '/w/.clinerules': 'BAIT above the root',
    '/outside/secret.md': 'BAIT outside',
    '/h/.claude/CLAUDE.md': 'user @~/notes.md',
    '/h/notes.md': 'notes',
    '/h/.gemini/GEMINI.md': 'global @./more.md',
    '/h/.gemini/more.md': 'more',
    '/h/.codex/AGENTS.md': 'codex global',
    '/h/Documents/Cline/Rules/g.md': 'cline global',
  };
  const symlinks: Record<string, string> = {};
  for (const [rel, text] of t.files) files[`${REPO}/${rel}`] = text;
  for (const [rel, target] of t.links) {
    const link = `${REPO}/${rel}`;
    // Links stay inside the repository (a link out of it is the repository's own choice, which agents follow).
    const resolved = joinPath(parentOf(link), target);
    symlinks[link] = isInsideOrEqual(resolved, REPO) ? target : '.';
  }
  // A path cannot be both a file or folder and a link, nor lie below a file.
  for (const link of Object.keys(symlinks)) {
    if (Object.keys(files).some((f) => f === link || f.startsWith(`${link}/`) || link.startsWith(`${f.replace(/\/$/, '')}/`)))
      delete symlinks[link];
  }
  for (const f of Object.keys(files))
    if (Object.keys(files).some((g) => g !== f && !g.endsWith('/') && f.startsWith(`${g}/`))) delete files[f];
  return {
    files,
    symlinks,
    cwd: t.cwd === '' ? REPO : `${REPO}/${t.cwd}`,
    home: '/h',
    env: { GEMINI_CLI_TRUST_WORKSPACE: 'true', HOME: '/h' },
    settings: {
      hasClaudeMdExternalIncludesApproved: false,
      documentsDir: '/h/Documents',
      context: { fileName: ['AGENTS.md', 'CLAUDE.md'] },
    },
    reads: t.reads.map((r) => `${REPO}/${r}`),
  };
}

function recording(inner: InstructionFs, reads: string[], calls: { n: number }): InstructionFs {
  const count = <T>(f: () => Promise<T>): Promise<T> => {
    calls.n++;
    return f();
  };
  return {
    stat: (p) => count(() => inner.stat(p)),
    readFile: (p) => count(() => (reads.push(p), inner.readFile(p))),
    readdir: (p) => count(() => (reads.push(p), inner.readdir(p))),
    realpath: (p) => count(() => inner.realpath(p)),
    lstat: (p) => count(() => (inner.lstat ? inner.lstat(p) : Promise.resolve(undefined))),
  };
}

describe('every harness on random trees with cycles, loops and bait', () => {
  for (const profile of profiles) {
    it(`${profile.id}: terminates and reads nothing it may not`, async () => {
      await fc.assert(
        fc.asyncProperty(treeArb, async (t) => {
          const context = parseHarnessContext(contextOf(t));
          const virtual = virtualInstructionFs(harnessTree(context));
          const reads: string[] = [];
          const calls = { n: 0 };
          await runHarness(profile, context, { fs: recording(virtual, reads, calls) });
          expect(calls.n).toBeLessThan(20000);
          const real = await Promise.all(reads.map((p) => virtual.realpath(p).catch(() => p)));
          const outside = real.filter((p) => isInsideOrEqual(p, '/outside'));
          expect(outside).toEqual([]);
          if (profile.loader !== 'claude-code') {
            // Qwen Code reads the root's parent folder itself, nothing deeper in it.
            const parentAllowed = profile.agent === 'qwen-code';
            const above = real.filter(
              (p) => isInsideOrEqual(p, '/w') && !isInsideOrEqual(p, REPO) && !(parentAllowed && parentOf(p) === '/w'),
            );
            expect(above).toEqual([]);
          }
        }),
        { numRuns: 60, seed: 1313 },
      );
    });
  }
});
