import type { HarnessCase } from '../conformance-cases.js';
import { caseDefaults, gitRepo } from './case-defaults.js';

/** Kilo CLI cases written from shared/docs/harnesses/kilo.md (rules and edge-case table). */
const base = caseDefaults('kilo', 'kilo-7.7.9');
const SKILLS = 'Skills provide specialized instructions and workflows for specific tasks.';
const blocks = (...b: [string, string][]): string => `${b.map(([p, t]) => `Instructions from: ${p}\n${t}`).join('\n')}\n${SKILLS}`;

export const kiloCases: HarnessCase[] = [
  {
    ...base,
    name: 'only CLAUDE.md files: they load, nearest first',
    files: { ...gitRepo('/r'), '/r/CLAUDE.md': 'root', '/r/a/CLAUDE.md': 'a' },
    cwd: '/r/a',
    expected: blocks(['/r/a/CLAUDE.md', 'a'], ['/r/CLAUDE.md', 'root']),
  },
  {
    ...base,
    name: 'KILO_DISABLE_CLAUDE_CODE_PROMPT turns off the project and the global CLAUDE.md: CONTEXT.md wins',
    files: { ...gitRepo('/r'), '/r/CLAUDE.md': 'claude', '/r/CONTEXT.md': 'context', '/home/u/.claude/CLAUDE.md': 'global' },
    cwd: '/r',
    env: { KILO_DISABLE_CLAUDE_CODE_PROMPT: '1' },
    expected: `</env>\n${blocks(['/r/CONTEXT.md', 'context'])}`,
  },
  {
    ...base,
    name: 'an empty root AGENTS.md wins the name and gives no block; CLAUDE.md is not loaded',
    files: { ...gitRepo('/r'), '/r/AGENTS.md': '', '/r/CLAUDE.md': 'claude' },
    cwd: '/r',
    expected: `</env>\n${SKILLS}`,
  },
  {
    ...base,
    name: '{env:HOME} in a project AGENTS.md drops that file; the others load',
    files: { ...gitRepo('/r'), '/r/AGENTS.md': 'home is {env:HOME}', '/r/app/AGENTS.md': 'app' },
    cwd: '/r/app',
    env: { HOME: '/home/u' },
    expected: `</env>\n${blocks(['/r/app/AGENTS.md', 'app'])}`,
  },
  {
    ...base,
    name: 'an empty .git/ folder is not a repository: only the cwd is searched',
    files: { '/r/.git/': '', '/r/AGENTS.md': 'root', '/r/app/AGENTS.md': 'app' },
    cwd: '/r/app',
    expected: `</env>\n${blocks(['/r/app/AGENTS.md', 'app'])}`,
  },
  {
    ...base,
    name: 'KILO_CONFIG_DIR is tried first; an empty global file ends the search',
    files: { ...gitRepo('/r'), '/etc/kilo/AGENTS.md': '', '/home/u/.config/kilo/AGENTS.md': 'usual', '/r/AGENTS.md': 'p' },
    cwd: '/r',
    env: { KILO_CONFIG_DIR: '/etc/kilo' },
    expected: `</env>\n${blocks(['/r/AGENTS.md', 'p'])}`,
  },
  {
    ...base,
    name: 'KILO_CONFIG_DIR does not hide the usual folder when it has no AGENTS.md',
    files: { ...gitRepo('/r'), '/etc/kilo/': '', '/home/u/.config/kilo/AGENTS.md': 'usual', '/r/AGENTS.md': 'p' },
    cwd: '/r',
    env: { KILO_CONFIG_DIR: '/etc/kilo' },
    expected: blocks(['/home/u/.config/kilo/AGENTS.md', 'usual'], ['/r/AGENTS.md', 'p']),
  },
  {
    ...base,
    name: 'rules folders: global (a name taken is skipped), cwd folders, .kilocoderules, then every mode folder',
    files: {
      ...gitRepo('/r'),
      '/home/u/.kilo/rules/a.md': 'global a',
      '/home/u/.kilocode/rules/a.md': 'shadowed',
      '/home/u/.kilocode/rules/b.md': 'global b',
      '/r/.kilo/rules/r.md': 'root rules are not read from a subfolder',
      '/r/app/.kilo/rules/c.md': 'cwd c',
      '/r/app/.kilocoderules': 'legacy',
      '/r/app/.kilo/rules-code/m.md': 'code mode',
      '/r/app/.kilocoderules-ask': 'ask mode',
      '/r/app/.kilo/rules/notes.txt': 'not markdown',
    },
    cwd: '/r/app',
    expected: blocks(
      ['/home/u/.kilo/rules/a.md', 'global a'],
      ['/home/u/.kilocode/rules/b.md', 'global b'],
      ['/r/app/.kilo/rules/c.md', 'cwd c'],
      ['/r/app/.kilocoderules', 'legacy'],
      ['/r/app/.kilo/rules-code/m.md', 'code mode'],
      ['/r/app/.kilocoderules-ask', 'ask mode'],
    ),
  },
  {
    ...base,
    name: 'KILO_DISABLE_PROJECT_CONFIG skips project files, not the rules folders',
    files: { ...gitRepo('/r'), '/r/AGENTS.md': 'project', '/r/.kilo/rules/x.md': 'rule' },
    cwd: '/r',
    env: { KILO_DISABLE_PROJECT_CONFIG: 'true' },
    expected: `</env>\n${blocks(['/r/.kilo/rules/x.md', 'rule'])}`,
  },
  {
    ...base,
    name: 'a relative instructions entry is looked for from the cwd up to the worktree, nearest first',
    files: { ...gitRepo('/r'), '/r/docs/style.md': 'root style', '/r/app/docs/style.md': 'app style' },
    cwd: '/r/app',
    settings: { instructions: ['docs/style.md'] },
    expected: `</env>\n${blocks(['/r/app/docs/style.md', 'app style'], ['/r/docs/style.md', 'root style'])}`,
  },
  {
    ...base,
    name: 'a project AGENTS.md linked to a file outside the worktree is dropped; a link inside gives its own block',
    files: { ...gitRepo('/r'), '/elsewhere/AGENTS.md': 'outside', '/r/AGENTS.md': 'root' },
    symlinks: { '/r/a/AGENTS.md': '/elsewhere/AGENTS.md', '/r/b/AGENTS.md': '../AGENTS.md' },
    cwd: '/r/b',
    expected: `</env>\n${blocks(['/r/b/AGENTS.md', 'root'], ['/r/AGENTS.md', 'root'])}`,
  },
  {
    ...base,
    name: '{file:} out of the worktree drops a project file; ${env:} stays literally; a whitespace-only file is a block',
    files: {
      ...gitRepo('/r'),
      '/secret.txt': 'secret',
      '/r/AGENTS.md': 'costs ${env:HOME} and {file:../secret.txt}',
      '/r/app/AGENTS.md': 'price ${env:HOME}',
      '/r/app/x/AGENTS.md': ' \n',
    },
    cwd: '/r/app/x',
    expected: `</env>\nInstructions from: /r/app/x/AGENTS.md\n \n\nInstructions from: /r/app/AGENTS.md\nprice \${env:HOME}\n${SKILLS}`,
  },
];
