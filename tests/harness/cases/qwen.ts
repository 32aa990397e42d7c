import type { HarnessCase } from '../conformance-cases.js';
import { caseDefaults } from './case-defaults.js';

/** Qwen Code cases written from shared/docs/harnesses/qwen-code.md (rules and edge-case table). */
const LANG = '/home/u/.qwen/output-language.md';
const seeded = { [LANG]: '<!-- qwen-code:llm-output-language: auto -->\nReply in kind.\n' };
const base = caseDefaults('qwen-code', 'qwen-code-0.24.4');
const block = (path: string, text: string): string => `--- Context from: ${path} ---\n${text}\n--- End of Context from: ${path} ---`;
const rule = (path: string, text: string): string => `--- Rule from: ${path} ---\n${text}\n--- End of Rule from: ${path} ---`;
const memory = (...blocks: string[]): string => `\n\n---\n\n${blocks.join('\n\n')}`;
const lang = (display: string): string => block(display, '<!-- qwen-code:llm-output-language: auto -->\nReply in kind.');

export const qwenCases: HarnessCase[] = [
  {
    ...base,
    name: 'the parent of the git root is walked, / is not',
    files: { ...seeded, '/QWEN.md': 'slash', '/srv/QWEN.md': 'srv', '/srv/repo/.git/': '', '/srv/repo/QWEN.md': 'repo' },
    cwd: '/srv/repo',
    expected: memory(block('../QWEN.md', 'srv'), block('QWEN.md', 'repo'), lang('../../home/u/.qwen/output-language.md')),
  },
  {
    ...base,
    name: 'no repository, cwd outside home: every folder up to, not including, /',
    files: { ...seeded, '/QWEN.md': 'slash', '/work/QWEN.md': 'work', '/work/a/b/QWEN.md': 'b' },
    cwd: '/work/a/b',
    expected: memory(block('../../QWEN.md', 'work'), block('QWEN.md', 'b'), lang('../../../home/u/.qwen/output-language.md')),
  },
  {
    ...base,
    name: 'no repository under home: the walk stops after /home',
    files: { ...seeded, '/QWEN.md': 'slash', '/home/QWEN.md': 'homes', '/home/u/x/QWEN.md': 'x' },
    cwd: '/home/u/x',
    expected: memory(block('../../QWEN.md', 'homes'), block('QWEN.md', 'x'), lang('../.qwen/output-language.md')),
  },
  {
    ...base,
    name: 'cwd is home: only home/QWEN.md, shown relative to it',
    files: { ...seeded, '/home/QWEN.md': 'homes', '/home/u/QWEN.md': 'mine', '/home/u/.qwen/QWEN.md': 'global' },
    cwd: '/home/u',
    expected: memory(block('.qwen/QWEN.md', 'global'), block('QWEN.md', 'mine'), lang('.qwen/output-language.md')),
  },
  {
    ...base,
    name: 'a whitespace-only QWEN.md gives no block; AGENTS.md still loads',
    files: { ...seeded, '/r/.git/': '', '/r/QWEN.md': ' \n\t\n', '/r/AGENTS.md': '\ufeff agents \r\n' },
    cwd: '/r',
    expected: memory(block('AGENTS.md', 'agents'), lang('../home/u/.qwen/output-language.md')),
  },
  {
    ...base,
    name: 'folder trust on with no entry: global files and the language file only',
    files: { ...seeded, '/r/.git/': '', '/r/QWEN.md': 'project', '/home/u/.qwen/QWEN.md': 'global', '/r/.qwen/QWEN.local.md': 'local' },
    cwd: '/r',
    settings: { security: { folderTrust: { enabled: true } } },
    expected: memory(block('../home/u/.qwen/QWEN.md', 'global'), lang('../home/u/.qwen/output-language.md')),
  },
  {
    ...base,
    name: 'context.fileName replaces the default names; QWEN_HOME moves the global folder',
    files: {
      '/etc/qwen/output-language.md': seeded[LANG],
      '/etc/qwen/RULES.md': 'g',
      '/r/.git/': '',
      '/r/QWEN.md': 'q',
      '/r/RULES.md': 'r',
    },
    cwd: '/r',
    env: { QWEN_HOME: '/etc/qwen' },
    settings: { context: { fileName: ' RULES.md ' } },
    expected: memory(block('../etc/qwen/RULES.md', 'g'), block('RULES.md', 'r'), lang('../etc/qwen/output-language.md')),
  },
  {
    ...base,
    name: 'the local file comes last, after the language file; QWEN.local.md elsewhere is not read',
    files: { ...seeded, '/r/.git/': '', '/r/QWEN.md': 'q', '/r/.qwen/QWEN.local.md': 'mine', '/r/pkg/QWEN.local.md': 'no' },
    cwd: '/r/pkg',
    expected: memory(block('../QWEN.md', 'q'), lang('../../home/u/.qwen/output-language.md'), block('../.qwen/QWEN.local.md', 'mine')),
  },
  {
    ...base,
    name: 'rules: global then project (root, not cwd), sorted as paths, paths-conditional left out, comments removed',
    files: {
      ...seeded,
      '/r/.git/': '',
      '/home/u/.qwen/rules/g.md': 'global rule',
      '/r/.qwen/rules/b.md': 'B <!-- note --> end\n',
      '/r/.qwen/rules/a/x.md': '---\ndescription: d\n---\nA X',
      '/r/.qwen/rules/c.md': '---\npaths: ["src/**"]\n---\nconditional',
      '/r/.qwen/rules/empty.md': '<!-- only -->\n',
      '/r/.qwen/rules/notes.txt': 'not a rule',
      '/r/pkg/.qwen/rules/p.md': 'cwd rules are not read',
    },
    cwd: '/r/pkg',
    expected: `${lang('../../home/u/.qwen/output-language.md')}\n\n${rule('../home/u/.qwen/rules/g.md', 'global rule')}\n\n${rule('.qwen/rules/a/x.md', 'A X')}\n\n${rule('.qwen/rules/b.md', 'B  end')}`,
  },
  {
    ...base,
    name: 'the generated language file for a named language',
    files: { '/r/.git/': '' },
    cwd: '/r',
    settings: { general: { outputLanguage: 'Japanese' } },
    expected:
      "\n\n---\n\n--- Context from: ../home/u/.qwen/output-language.md ---\n# Output language preference: Japanese\n<!-- qwen-code:llm-output-language: Japanese -->\n\n## Rule\nYou MUST always respond in **Japanese** regardless of the user's input language.",
  },
  {
    ...base,
    name: "the working folder's .qwen/output-language.md is used as it is",
    files: { ...seeded, '/r/.git/': '', '/r/.qwen/output-language.md': 'Local language rule.\n' },
    cwd: '/r',
    expected: memory(block('.qwen/output-language.md', 'Local language rule.')),
  },
  {
    ...base,
    name: 'a symlink to an outer file loads once, under the outer path',
    files: { ...seeded, '/r/.git/': '', '/r/QWEN.md': 'same' },
    symlinks: { '/r/sub/QWEN.md': '../QWEN.md' },
    cwd: '/r/sub',
    expected: memory(block('../QWEN.md', 'same'), lang('../../home/u/.qwen/output-language.md')),
  },
  {
    ...base,
    name: 'imports: the top-level file is in its own chain; a file at depth 5 keeps its @ tokens',
    files: {
      ...seeded,
      '/r/.git/': '',
      '/r/QWEN.md': 'top @./QWEN.md @./d1.md',
      '/r/d1.md': '1 @./d2.md',
      '/r/d2.md': '2 @./d3.md',
      '/r/d3.md': '3 @./d4.md',
      '/r/d4.md': '4 @./d5.md',
      '/r/d5.md': '5 @./d6.md',
      '/r/d6.md': '6',
    },
    cwd: '/r',
    expected:
      'top <!-- File already processed: ./QWEN.md --> <!-- Imported from: ./d1.md -->\n1 <!-- Imported from: ./d2.md -->\n2 <!-- Imported from: ./d3.md -->\n3 <!-- Imported from: ./d4.md -->\n4 <!-- Imported from: ./d5.md -->\n5 @./d6.md\n<!-- End of import from: ./d5.md -->',
  },
  {
    ...base,
    name: 'flat format: the file itself (its file path, raw tokens), then imports depth-first, reversed; missing dropped',
    files: {
      ...seeded,
      '/r/.git/': '',
      '/r/QWEN.md': 'top @./a.md @./b.md @./none.md',
      '/r/a.md': 'A\n',
      '/r/b.md': 'B @./c.md',
      '/r/c.md': 'C',
    },
    cwd: '/r',
    settings: { context: { importFormat: 'flat' } },
    expected: block(
      'QWEN.md',
      '--- File: /r/QWEN.md ---\ntop @./a.md @./b.md @./none.md\n--- End of File: /r/QWEN.md ---\n\n--- File: /r/b.md ---\nB @./c.md\n--- End of File: /r/b.md ---\n\n--- File: /r/c.md ---\nC\n--- End of File: /r/c.md ---\n\n--- File: /r/a.md ---\nA\n--- End of File: /r/a.md ---',
    ),
  },
  {
    ...base,
    name: 'include directories load only with loadFromIncludeDirectories, after the language file',
    files: { ...seeded, '/r/.git/': '', '/r/QWEN.md': 'r', '/lib/x/QWEN.md': 'lib' },
    cwd: '/r',
    settings: { context: { includeDirectories: ['/lib/x'], loadFromIncludeDirectories: true } },
    expected: memory(block('QWEN.md', 'r'), lang('../home/u/.qwen/output-language.md'), block('../lib/x/QWEN.md', 'lib')),
  },
];
