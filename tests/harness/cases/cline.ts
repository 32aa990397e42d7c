import type { HarnessCase } from '../conformance-cases.js';

/** Cline cases written from shared/docs/harnesses/cline-rules.md: classic (3.89.2) and the v4 loader (4.1.13). */
const classic = {
  harness: 'cline',
  version: 'cline-3.89.2',
  symlinks: {},
  cwd: '/home/u/proj',
  home: '/home/u',
  os: 'linux' as const,
  env: {},
  settings: { documentsDir: '/home/u/Documents', promptVariant: 'generic' },
  reads: [],
  part: 'system',
  confidence: 'source',
};
const SECTION =
  "USER'S CUSTOM INSTRUCTIONS\n\nThe following additional instructions are provided by the user, and should be followed to the best of your ability without interfering with the TOOL USE guidelines.\n\n";
const W = '/home/u/proj';
const rulesFolder = (entries: string): string =>
  `# .clinerules/\n\nThe following is provided by a root-level .clinerules/ directory where the user has specified instructions for this working directory (${W})\n\n${entries}`;
const plain = (name: string, content: string): string =>
  `# ${name}\n\nThe following is provided by a root-level ${name} file where the user has specified instructions for this working directory (${W})\n\n${content}`;

export const clineClassicCases: HarnessCase[] = [
  {
    ...classic,
    name: 'a preferred language gives the first block, by its key',
    files: { '/home/u/proj/.clinerules/a.md': 'A' },
    settings: { ...classic.settings, preferredLanguage: 'Japanese - 日本語' },
    expected: `${SECTION}# Preferred Language\n\nSpeak in ja.\n\n${rulesFolder('.clinerules/a.md\nA')}`,
  },
  {
    ...classic,
    name: '.cursorrules and .windsurfrules trimmed, .clineignore raw with .clineignore appended',
    files: {
      '/home/u/proj/.cursorrules': '  cursor  \n',
      '/home/u/proj/.windsurfrules': 'wind',
      '/home/u/proj/.clineignore': 'node_modules/\n*.env\n',
    },
    expected: `${SECTION}${plain('.cursorrules', 'cursor')}\n\n${plain('.windsurfrules', 'wind')}\n\n# .clineignore\n\n(The following is provided by a root-level .clineignore file where the user has specified files and directories that should not be accessed. When using list_files, you'll notice a 🔒 next to files that are blocked. Attempting to access the file's contents e.g. through read_file will result in an error.)\n\nnode_modules/\n*.env\n\n.clineignore`,
  },
  {
    ...classic,
    name: '.cursor/rules: .mdc files only; one with paths never loads',
    files: {
      '/home/u/proj/.cursor/rules/a.mdc': 'A',
      '/home/u/proj/.cursor/rules/b.md': 'not mdc',
      '/home/u/proj/.cursor/rules/sub/c.mdc': '---\npaths: ["src/**"]\n---\nC',
      '/home/u/proj/.windsurfrules': 'wind',
    },
    settings: { ...classic.settings, evaluationPaths: ['src/x.ts'] },
    expected: `# .cursor/rules\n\nThe following is provided by a root-level .cursor/rules directory where the user has specified instructions for this working directory (${W})\n\n.cursor/rules/a.mdc\nA\n\n${plain('.windsurfrules', 'wind')}`,
  },
  {
    ...classic,
    name: 'AGENTS.md files found breadth-first, any letter case, skipping hidden and dependency folders',
    files: {
      '/home/u/proj/AGENTS.md': 'root',
      '/home/u/proj/pkg/agents.md': 'pkg',
      '/home/u/proj/node_modules/x/AGENTS.md': 'no',
      '/home/u/proj/.hidden/AGENTS.md': 'no',
      '/home/u/proj/a/b/AGENTS.MD': 'deep',
      '/home/u/proj/a/empty/AGENTS.md': '  ',
      '/home/u/proj/.clineignore': 'x',
    },
    confidence: 'inferred',
    expected:
      '# AGENTS.md\n\nThe following is provided by AGENTS.md files found recursively throughout this working directory (/home/u/proj) where the user has specified instructions. Nested AGENTS.md will be combined below, and you should only apply the instructions for each AGENTS.md file that is directly applicable to the current task, i.e. if you are reading or writing to a file in that directory.\n\n## AGENTS.md\n\nroot\n\n## pkg/agents.md\n\npkg\n\n## a/b/AGENTS.MD\n\ndeep\n\n# .clineignore',
  },
  {
    ...classic,
    name: 'AGENTS.md only in a subfolder is ignored',
    files: { '/home/u/proj/sub/AGENTS.md': 'sub' },
    expected: '',
  },
  {
    ...classic,
    name: 'gitignored folders are not searched for AGENTS.md',
    files: {
      '/home/u/proj/AGENTS.md': 'root',
      '/home/u/proj/.gitignore': 'gen/\n',
      '/home/u/proj/gen/AGENTS.md': 'generated',
      '/home/u/proj/.clineignore': 'x',
    },
    expected: '## AGENTS.md\n\nroot\n\n# .clineignore',
  },
  {
    ...classic,
    name: 'conditional rules: only paths counts; a string is ignored; [] never loads; a match against the candidates loads',
    files: {
      '/home/u/proj/.clinerules/ts.md': '---\npaths:\n  - "src/**/*.ts"\n---\nTS only',
      '/home/u/proj/.clinerules/always.md': '---\ndescription: x\n---\nAlways',
      '/home/u/proj/.clinerules/never.md': '---\npaths: []\n---\nNever',
      '/home/u/proj/.clinerules/str.md': '---\npaths: src\n---\nString paths load',
      '/home/u/proj/.clinerules/md.md': '---\npaths: ["*.md"]\n---\nRoot markdown only',
    },
    settings: { ...classic.settings, evaluationPaths: ['src/a.ts', 'docs/a.md'] },
    expected: rulesFolder('.clinerules/always.md\nAlways\n\n.clinerules/str.md\nString paths load\n\n.clinerules/ts.md\nTS only'),
  },
  {
    ...classic,
    name: 'a rule toggled off is left out',
    files: { '/home/u/proj/.clinerules/off.md': 'off', '/home/u/proj/.clinerules/on.md': 'on', '/home/u/proj/.windsurfrules': 'w' },
    settings: {
      ...classic.settings,
      localClineRulesToggles: { '/home/u/proj/.clinerules/off.md': false, '/home/u/proj/.clinerules/on.md': true },
    },
    expected: `${rulesFolder('.clinerules/on.md\non')}\n\n# .windsurfrules`,
  },
  {
    ...classic,
    name: 'frontmatter that is not YAML: label and the raw text, fences kept',
    files: { '/home/u/proj/.clinerules/bad.md': '---\nglobs: *.ts\n---\nBody' },
    expected: rulesFolder('.clinerules/bad.md\n---\nglobs: *.ts\n---\nBody'),
  },
  {
    ...classic,
    name: 'workflows, hooks and skills hold no rules; symlinks and .DS_Store are skipped',
    files: {
      '/home/u/proj/.clinerules/workflows/w.md': 'w',
      '/home/u/proj/.clinerules/hooks/h.md': 'h',
      '/home/u/proj/.clinerules/skills/s.md': 's',
      '/home/u/proj/.clinerules/r.md': 'r',
      '/home/u/proj/.clinerules/.DS_Store': 'junk',
      '/home/u/proj/.windsurfrules': 'w',
    },
    symlinks: { '/home/u/proj/.clinerules/link.md': 'r.md' },
    expected: `${rulesFolder('.clinerules/r.md\nr')}\n\n# .windsurfrules`,
  },
  {
    ...classic,
    name: 'global rules: a folder’s files first, then its subfolders last-first',
    files: {
      '/home/u/Documents/Cline/Rules/a.md': 'A',
      '/home/u/Documents/Cline/Rules/z.txt': 'Z',
      '/home/u/Documents/Cline/Rules/frontend/f.md': 'F',
      '/home/u/Documents/Cline/Rules/backend/b.md': 'B',
      '/home/u/proj/.windsurfrules': 'w',
    },
    confidence: 'inferred',
    expected:
      '# .clinerules/\n\nThe following is provided by a global .clinerules/ directory, located at /home/u/Documents/Cline/Rules, where the user has specified instructions for all working directories:\n\na.md\nA\n\nz.txt\nZ\n\nfrontend/f.md\nF\n\nbackend/b.md\nB\n\n# .windsurfrules',
  },
  {
    ...classic,
    name: 'the xs variant writes a ## heading; blank runs in rules collapse',
    files: { '/home/u/proj/.clinerules': 'a\n\n\n\nb' },
    settings: { ...classic.settings, promptVariant: 'xs' },
    expected: `## ${SECTION}${plain('.clinerules', 'a\n\nb')}`,
  },
  {
    ...classic,
    name: '--- then --- on the next line is not frontmatter',
    files: { '/home/u/proj/.clinerules/f.md': '---\n---\nx' },
    expected: rulesFolder('.clinerules/f.md\n---\n---\nx'),
  },
];

const v4 = {
  harness: 'cline',
  version: 'cline-4.1.13',
  symlinks: {},
  cwd: '/home/u/proj',
  home: '/home/u',
  os: 'linux' as const,
  env: { HOME: '/home/u' },
  settings: {},
  reads: [],
  part: 'system',
  confidence: 'source',
};

export const clineSdkCases: HarnessCase[] = [
  {
    ...v4,
    name: 'a later place wins a name clash: the global rule beats the workspace one',
    files: { '/home/u/proj/.clinerules/style.md': 'ws style', '/home/u/Documents/Cline/Rules/Style.md': 'global style' },
    expected: '\n\n# Rules\n## Style\nglobal style',
  },
  {
    ...v4,
    name: 'frontmatter name; disabled, broken YAML and empty bodies drop; folders are not recursive; .md .markdown .txt in any case',
    files: {
      '/home/u/proj/.clinerules/a.md': '---\nname: Alpha Rule\n---\nalpha',
      '/home/u/proj/.clinerules/b.md': '---\ndisabled: true\n---\nb',
      '/home/u/proj/.clinerules/c.md': '---\nbad: [\n---\nc',
      '/home/u/proj/.clinerules/d.md': '   ',
      '/home/u/proj/.clinerules/e.txt': '\ufeffecho',
      '/home/u/proj/.clinerules/f.mdc': 'mdc is not read',
      '/home/u/proj/.clinerules/sub/g.md': 'nested is not read',
      '/home/u/proj/.clinerules/Upper.MARKDOWN': 'upper ext',
      '/home/u/proj/.clinerules/h.md': '---\nenabled: false\n---\nh',
    },
    expected: '\n\n# Rules\n## Alpha Rule\nalpha\n\n## e\necho\n\n## Upper\nupper ext',
  },
  {
    ...v4,
    name: 'the .clinerules file form and ~/.agents/AGENTS.md have fixed names',
    files: { '/home/u/.agents/AGENTS.md': 'global agents', '/home/u/proj/.clinerules': 'legacy\r\nrule\n' },
    expected: '\n\n# Rules\n## .clinerules\nlegacy\r\nrule\n\n## Global AGENTS.md\nglobal agents',
  },
  {
    ...v4,
    name: 'a symlinked rule file is skipped',
    files: { '/home/u/proj/.clinerules/real.md': 'real' },
    symlinks: { '/home/u/proj/.clinerules/link.md': 'real.md' },
    confidence: 'observed',
    expected: '\n\n# Rules\n## real\nreal',
  },
  {
    ...v4,
    name: 'a symlinked rules folder is followed; CLINE_DIR moves ~/.cline',
    files: { '/shared/rules/team.md': 'team' },
    symlinks: { '/opt/cline/rules': '/shared/rules' },
    env: { HOME: '/home/u', CLINE_DIR: '/opt/cline' },
    confidence: 'observed',
    expected: '\n\n# Rules\n## team\nteam',
  },
  {
    ...v4,
    name: 'global folders: ~/.cline/rules < ~/Cline/Rules < ~/Documents/Cline/Rules',
    files: { '/home/u/.cline/rules/n.md': 'dot', '/home/u/Cline/Rules/n.md': 'cline', '/home/u/Documents/Cline/Rules/n.md': 'docs' },
    confidence: 'observed',
    expected: '\n\n# Rules\n## n\ndocs',
  },
  {
    ...v4,
    name: 'no preferred-language block and no rules: nothing is added',
    files: { '/home/u/proj/.cursorrules': 'not read by v4', '/home/u/proj/sub/AGENTS.md': 'nested not read' },
    settings: { preferredLanguage: 'Japanese - 日本語' },
    confidence: 'observed',
    expected: '',
  },
];
