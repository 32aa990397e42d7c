import { describe, expect, it } from 'vitest';
import { HARNESS_CONTEXT_FIELDS, harnessContextUse, harnessFieldUse } from '../../shared/harness/index.js';
import { builtinHarnesses } from './conformance-cases.js';

const profiles = builtinHarnesses();
const context = {
  env: { GEMINI_CLI_TRUST_WORKSPACE: 'true', OPENCODE_DISABLE_CLAUDE_CODE: '1', MY_TOKEN_NAME: 'x' },
  settings: { documentsDir: '/home/u/Docs', configDir: '/home/u/.cfg', 'context.fileName': 'AGENTS.md' },
};

describe('which parts of the harness context apply in each mode', () => {
  it('on the virtual tree, every field applies', () => {
    expect(HARNESS_CONTEXT_FIELDS.filter((f) => !harnessFieldUse('virtual', f).applies)).toEqual([]);
  });

  it('on a folder on this machine, home, operating system, environment and the tree are the machine’s', () => {
    expect(HARNESS_CONTEXT_FIELDS.filter((f) => !harnessFieldUse('real', f).applies)).toEqual(['home', 'os', 'env', 'files']);
    expect(harnessFieldUse('real', 'env').reason).toBe(
      'ignored on a folder on this machine: each harness reads this machine’s environment (only the variables it knows, listed below)',
    );
  });

  it('virtual: each variable says which harnesses read it; one no harness names still applies through {env:}', () => {
    expect(harnessContextUse(profiles, 'virtual', context).env).toEqual([
      { name: 'GEMINI_CLI_TRUST_WORKSPACE', readBy: ['Gemini CLI 0.61.0'], applies: true, reason: 'read by Gemini CLI 0.61.0' },
      {
        name: 'OPENCODE_DISABLE_CLAUDE_CODE',
        readBy: ['OpenCode 1.18.33', 'OpenCode seed'],
        applies: true,
        reason: 'read by OpenCode 1.18.33, OpenCode seed',
      },
      {
        name: 'MY_TOKEN_NAME',
        readBy: [],
        applies: true,
        reason: 'no harness reads it by name (an OpenCode or Kilo `{env:NAME}` in a file still substitutes it)',
      },
    ]);
    expect(harnessContextUse(profiles, 'virtual', context).settings.every((s) => s.applies)).toBe(true);
    expect(harnessContextUse(profiles, 'virtual', context).machineEnv).toEqual([]);
  });

  it('real: every variable typed is ignored, the settings that name machine folders are ignored by the harnesses that take them from the machine', () => {
    const use = harnessContextUse(profiles, 'real', context, ['CODEX_HOME']);
    expect(use.env.map((e) => [e.name, e.applies, e.reason])).toEqual([
      ['GEMINI_CLI_TRUST_WORKSPACE', false, 'on a folder on this machine, the machine’s own value is used'],
      ['OPENCODE_DISABLE_CLAUDE_CODE', false, 'on a folder on this machine, the machine’s own value is used'],
      ['MY_TOKEN_NAME', false, 'on a folder on this machine, the machine’s own value is used'],
    ]);
    expect(use.settings).toEqual([
      {
        key: 'documentsDir',
        ignoredBy: ['Cline (classic) 3.89.2'],
        applies: false,
        reason: 'on a folder on this machine, Cline (classic) 3.89.2 takes it from the machine: this machine’s ~/Documents',
      },
      {
        key: 'configDir',
        ignoredBy: ['Kilo CLI 7.7.9', 'OpenCode 1.18.33', 'OpenCode seed'],
        applies: false,
        reason:
          'on a folder on this machine, Kilo CLI 7.7.9, OpenCode 1.18.33, OpenCode seed take it from the machine: this machine’s config folder ($XDG_CONFIG_HOME, else ~/.config)',
      },
      { key: 'context.fileName', ignoredBy: [], applies: true, reason: 'used' },
    ]);
    // The machine's variables each harness reads: set, or not.
    const gemini = use.machineEnv.find((e) => e.name === 'GEMINI_CLI_TRUST_WORKSPACE');
    expect(gemini).toEqual({
      name: 'GEMINI_CLI_TRUST_WORKSPACE',
      readBy: ['Gemini CLI 0.61.0'],
      applies: false,
      reason: 'not set on this machine',
    });
    expect(use.machineEnv.find((e) => e.name === 'CODEX_HOME')).toEqual({
      name: 'CODEX_HOME',
      readBy: ['Codex CLI 0.169.0'],
      applies: true,
      reason: 'set on this machine',
    });
    expect(use.machineEnv.find((e) => e.name === 'OPENCODE_*')).toEqual({
      name: 'OPENCODE_*',
      readBy: ['OpenCode 1.18.33', 'OpenCode seed'],
      applies: false,
      reason: 'none set on this machine',
    });
  });
});
