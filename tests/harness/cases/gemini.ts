import type { HarnessCase } from '../conformance-cases.js';

/** Gemini CLI cases written from shared/docs/harnesses/gemini-cli.md. */
const base = {
  harness: 'gemini-cli',
  version: 'gemini-cli-0.61.0',
  symlinks: {},
  home: '/home/u',
  os: 'linux' as const,
  env: { GEMINI_CLI_TRUST_WORKSPACE: 'true' },
  settings: {},
  reads: [],
  part: 'user',
  confidence: 'source',
};
const block = (path: string, text: string): string => `--- Context from: ${path} ---\n${text}\n--- End of Context from: ${path} ---`;
const project = (...blocks: string[]): string =>
  `\n<loaded_context>\n<project_context>\n${blocks.join('\n\n')}\n</project_context>\n</loaded_context>`;
const imported = (p: string, content: string): string => `<!-- Imported from: ${p} -->\n${content}\n<!-- End of import from: ${p} -->`;

export const geminiCases: HarnessCase[] = [
  {
    ...base,
    name: 'memoryBoundaryMarkers = [] turns the upward walk off: only the cwd',
    files: { '/r/.git/': '', '/r/GEMINI.md': 'root', '/r/s/GEMINI.md': 'sub' },
    cwd: '/r/s',
    settings: { context: { memoryBoundaryMarkers: [] } },
    expected: project(block('/r/s/GEMINI.md', 'sub')),
  },
  {
    ...base,
    name: 'two listed names in one folder: both load, sorted by path',
    files: { '/r/.git/': '', '/r/GEMINI.md': 'g', '/r/AGENTS.md': 'a' },
    cwd: '/r',
    settings: { context: { fileName: ['./AGENTS.md', ' '] } },
    expected: project(block('/r/AGENTS.md', 'a'), block('/r/GEMINI.md', 'g')),
  },
  {
    ...base,
    name: 'paths sort as plain strings: /repo/Api/GEMINI.md before /repo/GEMINI.md',
    files: { '/repo/.git/': '', '/repo/GEMINI.md': 'root', '/repo/Api/GEMINI.md': 'api' },
    cwd: '/repo/Api',
    expected: project(block('/repo/Api/GEMINI.md', 'api'), block('/repo/GEMINI.md', 'root')),
  },
  {
    ...base,
    name: 'tree imports: replaced in place, content untrimmed, code spans skipped, a bare @name imports ./name',
    files: {
      '/r/.git/': '',
      '/r/GEMINI.md': 'Intro @./docs/a.md and `@./docs/b.md` ping @alice\nEnd',
      '/r/docs/a.md': 'A text\n',
      '/r/docs/b.md': 'B',
    },
    cwd: '/r',
    expected: project(
      block(
        '/r/GEMINI.md',
        `Intro ${imported('./docs/a.md', 'A text\n')} and \`@./docs/b.md\` ping <!-- Import failed: alice - ENOENT: no such file or directory, access '/r/alice' -->\nEnd`,
      ),
    ),
  },
  {
    ...base,
    name: 'an import that leaves the marker root is a traversal attempt',
    files: { '/r/.git/': '', '/r/GEMINI.md': 'See @../secret.md', '/secret.md': 'secret' },
    cwd: '/r',
    expected: project(block('/r/GEMINI.md', 'See <!-- Import failed: ../secret.md - Path traversal attempt -->')),
  },
  {
    ...base,
    name: 'an import cycle stops at a file already in the chain',
    files: { '/r/.git/': '', '/r/GEMINI.md': '@./a.md', '/r/a.md': 'A @./b.md', '/r/b.md': 'B @./a.md' },
    cwd: '/r',
    expected: project(block('/r/GEMINI.md', imported('./a.md', `A ${imported('./b.md', 'B <!-- File already processed: ./a.md -->')}`))),
  },
  {
    ...base,
    name: 'the top-level file is not in its own chain: it appears once more inside itself',
    files: { '/r/.git/': '', '/r/GEMINI.md': 'X @./GEMINI.md' },
    cwd: '/r',
    expected: project(block('/r/GEMINI.md', `X ${imported('./GEMINI.md', 'X <!-- File already processed: ./GEMINI.md -->')}`)),
  },
  {
    ...base,
    name: 'a file imported at depth 5 keeps its own @ tokens',
    files: {
      '/r/.git/': '',
      '/r/GEMINI.md': '@./d1.md',
      '/r/d1.md': '1 @./d2.md',
      '/r/d2.md': '2 @./d3.md',
      '/r/d3.md': '3 @./d4.md',
      '/r/d4.md': '4 @./d5.md',
      '/r/d5.md': '5 @./d6.md',
      '/r/d6.md': '6',
    },
    cwd: '/r',
    expected: project(
      block(
        '/r/GEMINI.md',
        imported(
          './d1.md',
          `1 ${imported('./d2.md', `2 ${imported('./d3.md', `3 ${imported('./d4.md', `4 ${imported('./d5.md', '5 @./d6.md')}`)}`)}`)}`,
        ),
      ),
    ),
  },
  {
    ...base,
    name: 'flat import format: the file named by its folder, then imports depth-first in reverse order',
    files: { '/r/.git/': '', '/r/GEMINI.md': 'Top @./a.md @./b.md', '/r/a.md': 'A', '/r/b.md': 'B @./c.md', '/r/c.md': ' C ' },
    cwd: '/r',
    settings: { context: { importFormat: 'flat' } },
    expected: project(
      block(
        '/r/GEMINI.md',
        [
          '--- File: /r ---\nTop @./a.md @./b.md\n--- End of File: /r ---',
          '--- File: /r/b.md ---\nB @./c.md\n--- End of File: /r/b.md ---',
          '--- File: /r/c.md ---\nC\n--- End of File: /r/c.md ---',
          '--- File: /r/a.md ---\nA\n--- End of File: /r/a.md ---',
        ].join('\n\n'),
      ),
    ),
  },
  {
    ...base,
    name: 'a legacy model lists GEMINI.md alone in the header',
    files: { '/home/u/.gemini/AGENTS.md': 'a', '/home/u/.gemini/GEMINI.md': 'g', '/tmp/x/': '' },
    cwd: '/tmp/x',
    settings: { context: { fileName: 'AGENTS.md' }, model: { name: 'gemini-2.5-pro' } },
    part: 'system',
    expected: '# Contextual Instructions (GEMINI.md)\nThe following content is loaded from local and global configuration files.',
  },
  {
    ...base,
    name: 'an untrusted folder gets no project memory',
    files: { '/r/.git/': '', '/r/GEMINI.md': 'project' },
    cwd: '/r',
    env: { GEMINI_CLI_TRUST_WORKSPACE: 'false' },
    expected: '',
  },
  {
    ...base,
    name: 'an untrusted folder still gets the global memory',
    files: { '/home/u/.gemini/GEMINI.md': 'global', '/r/.git/': '', '/r/GEMINI.md': 'project' },
    cwd: '/r',
    env: {},
    part: 'system',
    expected:
      '<loaded_context>\n--- Context from: /home/u/.gemini/GEMINI.md ---\nglobal\n--- End of Context from: /home/u/.gemini/GEMINI.md ---\n</loaded_context>',
  },
  {
    ...base,
    name: 'with no variable, trustedFolders.json decides',
    files: { '/home/u/.gemini/trustedFolders.json': '{"/r": "TRUST_FOLDER"}', '/r/.git/': '', '/r/s/GEMINI.md': 'trusted' },
    cwd: '/r/s',
    env: {},
    confidence: 'inferred',
    expected: project(block('/r/s/GEMINI.md', 'trusted')),
  },
  {
    ...base,
    name: 'GEMINI_CLI_HOME replaces the home folder',
    files: { '/alt/.gemini/GEMINI.md': 'alt', '/home/u/.gemini/GEMINI.md': 'not this', '/tmp/x/': '' },
    cwd: '/tmp/x',
    env: { GEMINI_CLI_HOME: '/alt', GEMINI_CLI_TRUST_WORKSPACE: 'true' },
    part: 'system',
    expected:
      '<loaded_context>\n--- Context from: /alt/.gemini/GEMINI.md ---\nalt\n--- End of Context from: /alt/.gemini/GEMINI.md ---\n</loaded_context>',
  },
  {
    ...base,
    name: 'a blank file is left out; CRLF inside stays',
    files: { '/r/.git/': '', '/r/GEMINI.md': ' \r\n\ufeff', '/r/s/GEMINI.md': '\ufeff a\r\nb\r\n' },
    cwd: '/r/s',
    expected: project(block('/r/s/GEMINI.md', 'a\r\nb')),
  },
  {
    ...base,
    name: 'one file through two paths loads once, under the outermost path (rule 4, observed with 0.61.0)',
    files: { '/r/.git/': '', '/r/GEMINI.md': 'same' },
    symlinks: { '/r/s/GEMINI.md': '../GEMINI.md' },
    cwd: '/r/s',
    confidence: 'observed',
    expected: project(block('/r/GEMINI.md', 'same')),
  },
  {
    ...base,
    name: 'the outermost path wins even when the link is the outer one',
    files: { '/r/.git/': '', '/r/s/GEMINI.md': 'inner file' },
    symlinks: { '/r/GEMINI.md': 's/GEMINI.md' },
    cwd: '/r/s',
    expected: project(block('/r/GEMINI.md', 'inner file')),
  },
  {
    ...base,
    name: 'include directories are workspace roots; all lists merge and sort',
    files: { '/r/.git/': '', '/r/GEMINI.md': 'r', '/other/GEMINI.md': 'other' },
    cwd: '/r',
    settings: { context: { includeDirectories: ['/other'] } },
    expected: project(block('/other/GEMINI.md', 'other'), block('/r/GEMINI.md', 'r')),
  },
  {
    ...base,
    name: 'reading a file whose context is already loaded adds nothing',
    files: { '/r/.git/': '', '/r/GEMINI.md': 'root', '/r/x.ts': 'code' },
    cwd: '/r',
    reads: ['/r/x.ts'],
    part: 'read:/r/x.ts',
    expected: '',
  },
  {
    ...base,
    name: 'on reads, every listed name loads, root-to-leaf',
    files: {
      '/r/.git/': '',
      '/r/a/AGENTS.md': 'agents a',
      '/r/a/GEMINI.md': 'gemini a',
      '/r/a/b/GEMINI.md': 'gemini b',
      '/r/a/b/x.ts': '',
    },
    cwd: '/r',
    settings: { context: { fileName: 'AGENTS.md' } },
    reads: ['/r/a/b/x.ts'],
    part: 'read:/r/a/b/x.ts',
    expected: `\n\n--- Newly Discovered Project Context ---\n${block('/r/a/AGENTS.md', 'agents a')}\n\n${block('/r/a/GEMINI.md', 'gemini a')}\n\n${block('/r/a/b/GEMINI.md', 'gemini b')}\n--- End Project Context ---`,
  },
];
