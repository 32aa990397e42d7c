import { joinPath } from '../stack/path.js';
import { resolveOpencodeGlobals, type MachineDirs } from '../stack/standard-globals.js';
import type { HarnessOs } from './context.js';
import type { HarnessLoader } from './profile/schema.js';

/**
 * The standard global locations of each harness on a machine: the only places outside the
 * folders the user granted that a harness run on the real disk may read. They are named here,
 * by loader family, and resolved from the machine (home, its environment variables) — never
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

/** The environment variables a harness family reads (a real run copies only these from the machine). */
export function harnessEnvAllowed(loader: HarnessLoader): (name: string) => boolean {
  const names: Record<HarnessLoader, readonly string[]> = {
    codex: ['CODEX_HOME'],
    gemini: ['GEMINI_CLI_HOME', 'GEMINI_CLI_TRUST_WORKSPACE'],
    'claude-code': [
      'CLAUDE_CONFIG_DIR',
      'CLAUDE_CODE_DISABLE_CLAUDE_MDS',
      'CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD',
      'CLAUDE_CODE_DISABLE_AUTO_MEMORY',
    ],
    'cline-classic': [],
    'cline-sdk': ['HOME', 'CLINE_DIR'],
    opencode: [],
  };
  if (loader === 'opencode') return (name) => name.startsWith('OPENCODE_');
  return (name) => names[loader].includes(name);
}

function envPath(m: HarnessMachine, name: string): string | undefined {
  const v = m.env[name];
  if (v === undefined || v === '') return undefined;
  return joinPath(m.cwd, v);
}

export function harnessStandardGlobals(loader: HarnessLoader, m: HarnessMachine): HarnessGlobalLocation[] {
  const home = m.homeDir;
  switch (loader) {
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
    case 'gemini': {
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
    case 'cline-sdk': {
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
  }
}
