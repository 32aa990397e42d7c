import type { HarnessCase } from '../conformance-cases.js';
import { caseDefaults, gitRepo } from './case-defaults.js';

/** GitHub Copilot CLI cases written from shared/docs/harnesses/copilot.md (rules and edge-case table). */
const base = caseDefaults('copilot', 'copilot-1.0.102');
const wrap = (text: string): string => `<custom_instruction>\n${text}\n</custom_instruction>`;
const TABLE =
  'Here is a list of instruction files that contain rules for modifying or creating new code.\nThese files are important for ensuring that the code is modified or created correctly.\nPlease make sure to follow the rules specified in these files when working with the codebase.\nIf you have not already read the file, use the `view` tool to acquire it.\nMake sure to acquire the instructions before making any changes to the code.\n| Pattern | File Path | Description |\n| ------- | --------- | ----------- |\n';
const NESTED =
  'Here is a list of nested AGENTS.md files that contain additional agent instructions.\nThese files provide context-specific instructions for different parts of the codebase.\nPlease make sure to follow the rules specified in these files when working with the relevant areas.\nIf you have not already read the file, use the `view` tool to acquire it.\nMake sure to acquire the instructions before making any changes to the code in those areas.\n| Directory | File Path | Description |\n| --------- | --------- | ----------- |\n';

export const copilotCases: HarnessCase[] = [
  {
    ...base,
    name: 'the user file first, then CLAUDE.md and GEMINI.md after AGENTS.md in a folder; nothing below the cwd',
    files: {
      ...gitRepo('/r'),
      '/home/u/.copilot/copilot-instructions.md': 'user\n',
      '/r/AGENTS.md': 'a\n',
      '/r/CLAUDE.md': 'c\n',
      '/r/GEMINI.md': 'g\n',
      '/r/.claude/CLAUDE.md': 'not read\n',
      '/r/below/AGENTS.md': 'below\n',
    },
    cwd: '/r',
    expected: [wrap('user\n'), wrap('a\n'), wrap('c\n'), wrap('g\n')].join('\n\n'),
  },
  {
    ...base,
    name: 'a text equal to an earlier one is left out (a copy, a link); x and x\\n both stay',
    files: { ...gitRepo('/r'), '/r/AGENTS.md': 'same', '/r/CLAUDE.md': 'same', '/r/GEMINI.md': 'same\n' },
    symlinks: { '/r/a/AGENTS.md': '../AGENTS.md' },
    cwd: '/r/a',
    expected: [wrap('same'), wrap('same\n')].join('\n\n'),
  },
  {
    ...base,
    name: 'no repository (an empty .git/ is not one): the cwd only, its .github included; text verbatim',
    files: { '/w/.git/': '', '/w/AGENTS.md': 'above', '/w/cwd/.github/copilot-instructions.md': '\n\nlead\r\n', '/w/cwd/AGENTS.md': ' \n' },
    cwd: '/w/cwd',
    expected: [wrap('\n\nlead\r\n'), wrap(' \n')].join('\n\n'),
  },
  {
    ...base,
    name: 'COPILOT_HOME moves the user folder; user instruction files are inline or listed with an absolute path',
    files: {
      ...gitRepo('/r'),
      '/etc/cop/copilot-instructions.md': 'moved user',
      '/etc/cop/instructions/all.instructions.md': 'User everywhere.\n',
      '/etc/cop/instructions/py.instructions.md': '---\napplyTo: "**/*.py"\ndescription: Python\n---\nPy.\n',
      '/home/u/.copilot/copilot-instructions.md': 'not read',
    },
    cwd: '/r',
    env: { COPILOT_HOME: '/etc/cop' },
    expected: `${wrap('moved user')}\n\nUser everywhere.\n\n\n${TABLE}| **/*.py | '/etc/cop/instructions/py.instructions.md' | Python |\n`,
  },
  {
    ...base,
    name: 'custom directories (comma-separated): their instruction files, and their AGENTS.md in the nested table',
    files: {
      ...gitRepo('/r'),
      '/opt/instr/.github/instructions/go.instructions.md': '---\napplyTo: "**/*.go"\n---\nGo.\n',
      '/opt/instr/.github/instructions/all.instructions.md': 'Custom everywhere.\n',
      '/opt/instr/AGENTS.md': 'listed, not inlined',
      '/opt/instr/CLAUDE.md': 'not read',
      '/opt/instr/.github/copilot-instructions.md': 'not read',
      '/r/.github/instructions/ts.instructions.md': '---\napplyTo: "**/*.ts"\n---\nTS.\n',
    },
    cwd: '/r',
    env: { COPILOT_CUSTOM_INSTRUCTIONS_DIRS: '/opt/instr, /opt/none' },
    expected: `Custom everywhere.\n\n\n${TABLE}| **/*.ts | '.github/instructions/ts.instructions.md' |  |\n| **/*.go | '/opt/instr/.github/instructions/go.instructions.md' |  |\n\n\n${NESTED}| ../opt/instr/ | '../opt/instr/AGENTS.md' | Agent instructions for ../opt/instr/**/* |\n`,
  },
  {
    ...base,
    name: 'Claude rules: without paths inline, with paths in the table',
    files: {
      ...gitRepo('/r'),
      '/r/.claude/rules/style.md': 'Style rule.\n',
      '/r/.claude/rules/api.md': '---\npaths: ["api/**"]\n---\nAPI rule.\n',
    },
    cwd: '/r',
    expected: `Style rule.\n\n\n${TABLE}| api/** | '.claude/rules/api.md' |  |\n`,
  },
  {
    ...base,
    name: 'imports: a missing file, a path outside the repository and a code span stay literal; imports nest',
    files: {
      ...gitRepo('/r'),
      '/outside.md': 'outside',
      '/r/AGENTS.md': 'Use @none.md and @../outside.md and `@docs/a.md`.\n@docs/a.md',
      '/r/docs/a.md': 'A @b.md',
      '/r/docs/b.md': 'B\n',
    },
    cwd: '/r',
    expected: wrap(
      'Use @none.md and @../outside.md and `@docs/a.md`.\n@docs/a.md\n\n<imported_custom_instruction source="/r/docs/a.md">\nA @b.md\n\n<imported_custom_instruction source="/r/docs/b.md">\nB\n</imported_custom_instruction>\n</imported_custom_instruction>',
    ),
  },
];
