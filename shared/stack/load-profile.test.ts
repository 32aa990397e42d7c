import { describe, expect, it } from 'vitest';
import { memoryFileSource } from '../domain/file-source.js';
import { loadStackProfile } from './load-profile.js';

const YAML = `id: mini
providerPrompts:
  main: prompts/main.md
providerRules:
  - id: all
    prompt: main
agents:
  build: {}
  plan:
    reminder: { text: "plan only" }
environment: env.md
instructionFiles:
  - name: AGENTS.md
`;

const files = (yaml: string, extra: Record<string, string> = {}): Record<string, string> => ({
  'profiles/mini/profile.yaml': yaml,
  'profiles/mini/prompts/main.md': 'Main prompt.\n',
  'profiles/mini/env.md': 'Model: {{modelId}}\n',
  ...extra,
});

const load = (yaml: string, extra: Record<string, string> = {}) => loadStackProfile(memoryFileSource(files(yaml, extra)), 'profiles/mini');

describe('loadStackProfile', () => {
  it('loads a profile with its texts; one final newline of a file is not part of the text', () => {
    const { profile, problems } = load(YAML);
    expect(problems).toEqual([]);
    expect(profile?.providerPrompts.main).toEqual({ text: 'Main prompt.', file: 'profiles/mini/prompts/main.md' });
    expect(profile?.environment.text).toBe('Model: {{modelId}}');
    expect(profile?.agents.plan?.reminder).toEqual({ text: 'plan only' });
    expect(profile?.defaultAgent).toBe('build');
    expect(profile?.localCompanions).toBe(false);
    expect(profile?.flags.disableClaudePrompts).toBe('OPENCODE_DISABLE_CLAUDE_CODE_PROMPT');
    expect(profile?.files).toEqual({ folder: 'profiles/mini', config: 'profiles/mini/profile.yaml' });
  });

  it('reports a missing profile.yaml', () => {
    const r = loadStackProfile(memoryFileSource({}), 'profiles/none');
    expect(r.profile).toBeUndefined();
    expect(r.problems).toEqual([{ file: 'profiles/none/profile.yaml', severity: 'error', message: 'profile.yaml not found' }]);
  });

  it('reports YAML syntax errors with line and column', () => {
    const r = load('id: mini\nproviderPrompts: [unclosed\n');
    expect(r.profile).toBeUndefined();
    expect(r.problems[0]).toMatchObject({ file: 'profiles/mini/profile.yaml', severity: 'error', line: 3 });
  });

  it('points schema errors at the offending node', () => {
    const r = load(YAML.replace('  - id: all\n    prompt: main', '  - id: all\n    prompt: 42'));
    expect(r.profile).toBeUndefined();
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]).toMatchObject({ line: 6, column: 13, path: 'providerRules.0.prompt', severity: 'error' });
  });

  it('points unknown fields at the key', () => {
    const r = load(YAML.replace('  build: {}', '  build:\n    colour: red'));
    expect(r.problems).toEqual([
      {
        file: 'profiles/mini/profile.yaml',
        line: 9,
        column: 5,
        path: 'agents.build.colour',
        severity: 'error',
        message: "unknown field 'colour'",
      },
    ]);
  });

  it('points a missing required field at its parent', () => {
    const r = load(YAML.replace('environment: env.md\n', ''));
    expect(r.problems[0]).toMatchObject({ line: 1, column: 1, path: 'environment', severity: 'error' });
  });

  it('reports files that do not exist or leave the profile folder', () => {
    const r = load(
      YAML.replace('main: prompts/main.md', 'main: prompts/gone.md').replace('environment: env.md', 'environment: ../../secret.md'),
    );
    expect(r.profile).toBeUndefined();
    expect(r.problems).toEqual([
      {
        file: 'profiles/mini/profile.yaml',
        line: 3,
        column: 9,
        path: 'providerPrompts.main',
        severity: 'error',
        message: 'file not found: profiles/mini/prompts/gone.md',
      },
      {
        file: 'profiles/mini/profile.yaml',
        line: 11,
        column: 14,
        path: 'environment',
        severity: 'error',
        message: "'../../secret.md' must be a relative path inside the profile folder",
      },
    ]);
  });

  it('checks references between parts', () => {
    const yaml = YAML.replace('    prompt: main', '    prompt: other').replace(
      'instructionFiles:',
      'defaultAgent: ghost\nswitchReminders:\n  - { from: plan, to: nobody, text: { text: go } }\ninstructionFiles:',
    );
    const r = load(yaml);
    expect(r.profile).toBeUndefined();
    expect(r.problems.map((p) => [p.path, p.severity, p.message])).toEqual([
      ['providerRules.0.prompt', 'error', "unknown provider prompt 'other' (known: main)"],
      ['providerPrompts.main', 'warning', "provider prompt 'main' is used by no rule"],
      ['defaultAgent', 'error', "unknown agent 'ghost'"],
      ['switchReminders.0.to', 'error', "unknown agent 'nobody'"],
    ]);
  });

  it('warns about unreachable rules, a missing catch-all, and unknown environment placeholders (with the line in the template)', () => {
    const yaml = YAML.replace(
      '  - id: all\n    prompt: main',
      '  - id: all\n    prompt: main\n  - id: later\n    modelId: [x]\n    prompt: main',
    );
    const r = load(yaml, { 'profiles/mini/env.md': 'Model: {{modelId}}\nShell: {{ shell }}\n' });
    expect(r.profile).toBeDefined();
    expect(r.problems).toEqual([
      {
        file: 'profiles/mini/profile.yaml',
        line: 7,
        column: 5,
        path: 'providerRules.1',
        severity: 'warning',
        message: "rule 'later' is never reached: rule 'all' before it matches every model",
      },
      {
        file: 'profiles/mini/env.md',
        line: 2,
        column: 8,
        severity: 'warning',
        message: 'unknown placeholder {{shell}} in the environment template (it stays as written)',
      },
    ]);
    const noCatchAll = load(YAML.replace('  - id: all\n    prompt: main', '  - id: all\n    modelId: [x]\n    prompt: main'));
    expect(noCatchAll.problems.map((p) => p.message)).toEqual(['no catch-all rule: models that match no rule get no provider prompt']);
  });

  it('rejects unknown placeholders in global locations and duplicate names', () => {
    const yaml = `${YAML}  - name: AGENTS.md\nglobalFiles:\n  - path: "{xdg}/AGENTS.md"\n  - path: relative/AGENTS.md\n`;
    const r = load(yaml);
    expect(r.problems.map((p) => [p.path, p.message])).toEqual([
      ['instructionFiles.1.name', "duplicate instruction file name 'AGENTS.md'"],
      ['globalFiles.0.path', 'unknown placeholder {xdg} (known: {configDirOverride}, {configDir}, {home})'],
      ['globalFiles.1.path', 'a global location must start with a placeholder, ~/ or an absolute path'],
    ]);
  });

  it('never throws, whatever the source does', () => {
    const throwing = {
      read: () => {
        throw new Error('disk on fire');
      },
      list: () => [],
    };
    const r = loadStackProfile(throwing, 'profiles/x');
    expect(r.problems[0]?.message).toBe('cannot read: disk on fire');
  });
});
