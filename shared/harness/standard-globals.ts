import { joinPath } from '../stack/path.js';
import { resolveOpencodeGlobals, type MachineDirs } from '../stack/standard-globals.js';
import type { HarnessOs } from './context.js';
import type { HarnessProfile } from './profile/schema.js';

/**
 * The standard global locations of each harness on a machine: the only places outside the
 * folders the user granted that a harness run on the real disk may read. They are named here,
 * by kind of harness (the agent a loader family serves), and resolved from the machine (home, its environment variables) — never
 * from a profile, which is workspace data, nor from a request — so that the every-harness view
 * can list them and the user can switch each one off. Files are granted exactly; folders with
 * what lies inside them.
 */

export interface HarnessGlobalLocation {
  /** Stable id (the view's switches use it), unique across harnesses. */
  id: string;
  /** How people know it. */
  name: string;
  files: string[];
  folders: string[];
}

export interface HarnessMachine extends MachineDirs {
  os: HarnessOs;
}

const MANAGED: Record<HarnessOs, string> = {
  linux: '/etc/claude-code',
  darwin: '/Library/Application Support/ClaudeCode',
  win32: 'C:\\Program Files\\ClaudeCode',
};

/** The kinds of harness the app knows the global locations of: a loader family, or the fork of one. */
export const HARNESS_KINDS = [
  'codex',
  'gemini-cli',
  'qwen-code',
  'claude-code',
  'cline-classic',
  'cline',
  'opencode',
  'kilo',
  'copilot',
] as const;
export type HarnessKind = (typeof HARNESS_KINDS)[number];

/** A profile's kind: its loader's, or the fork its agent names (Qwen Code on the Gemini loader, Kilo on OpenCode's). */
export function harnessKindOf(profile: Pick<HarnessProfile, 'loader' | 'agent'>): HarnessKind {
  switch (profile.loader) {
    case 'gemini':
      return profile.agent === 'qwen-code' ? 'qwen-code' : 'gemini-cli';
    case 'opencode':
      return profile.agent === 'kilo' ? 'kilo' : 'opencode';
    case 'cline-sdk':
      return 'cline';
    default:
      return profile.loader;
  }
}

/**
 * The environment variables a kind of harness reads (a real run copies only these from the
 * machine); OpenCode reads every `OPENCODE_` variable. Kilo's `{env:NAME}` is not among them:
 * a global file could name any variable (an API key), and nothing of the machine's environment
 * but these reaches a preview.
 */
export const HARNESS_ENV_NAMES: Readonly<Record<HarnessKind, readonly string[]>> = {
  codex: ['CODEX_HOME'],
  'gemini-cli': ['GEMINI_CLI_HOME', 'GEMINI_CLI_TRUST_WORKSPACE'],
  'qwen-code': ['QWEN_HOME'],
  'claude-code': [
    'CLAUDE_CONFIG_DIR',
    'CLAUDE_CODE_DISABLE_CLAUDE_MDS',
    'CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD',
    'CLAUDE_CODE_DISABLE_AUTO_MEMORY',
  ],
  'cline-classic': [],
  cline: ['HOME', 'CLINE_DIR'],
  opencode: [],
  kilo: ['KILO_CONFIG_DIR', 'KILO_DISABLE_PROJECT_CONFIG', 'KILO_DISABLE_CLAUDE_CODE', 'KILO_DISABLE_CLAUDE_CODE_PROMPT'],
  copilot: ['COPILOT_HOME', 'COPILOT_CUSTOM_INSTRUCTIONS_DIRS'],
};

/** The prefix of every variable a kind of harness reads, where it reads a whole family (OpenCode). */
export const HARNESS_ENV_PREFIX: Readonly<Partial<Record<HarnessKind, string>>> = { opencode: 'OPENCODE_' };

export function harnessEnvAllowed(kind: HarnessKind): (name: string) => boolean {
  const prefix = HARNESS_ENV_PREFIX[kind];
  if (prefix !== undefined) return (name) => name.startsWith(prefix);
  return (name) => HARNESS_ENV_NAMES[kind].includes(name);
}

function envPath(m: HarnessMachine, name: string): string | undefined {
  const v = m.env[name];
  if (v === undefined || v === '') return undefined;
  return joinPath(m.cwd, v);
}

export function harnessStandardGlobals(kind: HarnessKind, m: HarnessMachine): HarnessGlobalLocation[] {
  const home = m.homeDir;
  switch (kind) {
    case 'codex': {
      const dir = envPath(m, 'CODEX_HOME') ?? joinPath(home, '.codex');
      const shown = envPath(m, 'CODEX_HOME') ? '$CODEX_HOME' : '~/.codex';
      return [
        {
          id: 'codex-global',
          name: `${shown}/AGENTS.override.md, AGENTS.md`,
          files: [dir, joinPath(dir, 'AGENTS.override.md'), joinPath(dir, 'AGENTS.md')],
          folders: [],
        },
      ];
    }
    case 'gemini-cli': {
      const g = joinPath(envPath(m, 'GEMINI_CLI_HOME') ?? home, '.gemini');
      return [
        {
          id: 'gemini-global',
          name: '~/.gemini/GEMINI.md, AGENTS.md',
          files: [joinPath(g, 'GEMINI.md'), joinPath(g, 'AGENTS.md')],
          folders: [],
        },
        { id: 'gemini-trust', name: '~/.gemini/trustedFolders.json', files: [joinPath(g, 'trustedFolders.json')], folders: [] },
      ];
    }
    case 'claude-code': {
      const user = envPath(m, 'CLAUDE_CONFIG_DIR') ?? joinPath(home, '.claude');
      const managed = MANAGED[m.os];
      const slug = m.cwd.replace(/[\\/:]/g, '-');
      return [
        {
          id: 'claude-managed',
          name: `${managed}/CLAUDE.md, managed-settings.json`,
          files: [joinPath(managed, 'CLAUDE.md'), joinPath(managed, 'managed-settings.json')],
          folders: [],
        },
        {
          id: 'claude-user',
          name: '~/.claude/CLAUDE.md and ~/.claude/rules/',
          files: [joinPath(user, 'CLAUDE.md')],
          folders: [joinPath(user, 'rules')],
        },
        {
          id: 'claude-auto-memory',
          name: '~/.claude/projects/<this folder>/memory/MEMORY.md',
          files: [joinPath(user, 'projects', slug, 'memory', 'MEMORY.md')],
          folders: [],
        },
      ];
    }
    case 'cline-classic':
      return [
        {
          id: 'cline-classic-global',
          name: '~/Documents/Cline/Rules/',
          files: [],
          folders: [joinPath(home, 'Documents', 'Cline', 'Rules')],
        },
      ];
    case 'cline': {
      const clineDir = envPath(m, 'CLINE_DIR') ?? joinPath(home, '.cline');
      return [
        { id: 'cline-agents', name: '~/.agents/AGENTS.md', files: [joinPath(home, '.agents', 'AGENTS.md')], folders: [] },
        {
          id: 'cline-global',
          name: '~/.cline/rules/, ~/Cline/Rules/, ~/Documents/Cline/Rules/',
          files: [],
          folders: [joinPath(clineDir, 'rules'), joinPath(home, 'Cline', 'Rules'), joinPath(home, 'Documents', 'Cline', 'Rules')],
        },
      ];
    }
    case 'opencode':
      return resolveOpencodeGlobals(m)
        .filter((g) => g.path !== undefined)
        .map((g) => ({ id: `opencode-${g.id}`, name: g.name, files: [g.path as string], folders: [] }));
    case 'qwen-code': {
      const g = envPath(m, 'QWEN_HOME') ?? joinPath(home, '.qwen');
      const shown = envPath(m, 'QWEN_HOME') ? '$QWEN_HOME' : '~/.qwen';
      return [
        {
          id: 'qwen-global',
          name: `${shown}/QWEN.md, AGENTS.md, output-language.md, rules/`,
          files: ['QWEN.md', 'AGENTS.md', 'output-language.md'].map((n) => joinPath(g, n)),
          folders: [joinPath(g, 'rules')],
        },
        { id: 'qwen-trust', name: `${shown}/trustedFolders.json`, files: [joinPath(g, 'trustedFolders.json')], folders: [] },
      ];
    }
    case 'kilo': {
      const override = envPath(m, 'KILO_CONFIG_DIR');
      return [
        ...(override
          ? [{ id: 'kilo-config-dir', name: '$KILO_CONFIG_DIR/AGENTS.md', files: [joinPath(override, 'AGENTS.md')], folders: [] }]
          : []),
        { id: 'kilo-config', name: '~/.config/kilo/AGENTS.md', files: [joinPath(m.configDir, 'kilo', 'AGENTS.md')], folders: [] },
        { id: 'kilo-claude', name: '~/.claude/CLAUDE.md', files: [joinPath(home, '.claude', 'CLAUDE.md')], folders: [] },
        {
          id: 'kilo-rules',
          name: '~/.kilo/rules/, ~/.kilocode/rules/',
          files: [],
          folders: [joinPath(home, '.kilo', 'rules'), joinPath(home, '.kilocode', 'rules')],
        },
      ];
    }
    case 'copilot': {
      const user = envPath(m, 'COPILOT_HOME') ?? joinPath(home, '.copilot');
      const shown = envPath(m, 'COPILOT_HOME') ? '$COPILOT_HOME' : '~/.copilot';
      const custom = (m.env.COPILOT_CUSTOM_INSTRUCTIONS_DIRS ?? '')
        .split(',')
        .map((d) => d.trim())
        .filter((d) => d !== '')
        .map((d) => joinPath(m.cwd, d));
      return [
        {
          id: 'copilot-user',
          name: `${shown}/copilot-instructions.md, instructions/`,
          files: [joinPath(user, 'copilot-instructions.md')],
          folders: [joinPath(user, 'instructions')],
        },
        ...(custom.length > 0
          ? [
              {
                id: 'copilot-custom-dirs',
                name: '$COPILOT_CUSTOM_INSTRUCTIONS_DIRS: each folder’s AGENTS.md and .github/instructions/',
                files: custom.map((d) => joinPath(d, 'AGENTS.md')),
                folders: custom.map((d) => joinPath(d, '.github', 'instructions')),
              },
            ]
          : []),
      ];
    }
  }
}
