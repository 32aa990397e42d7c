import { describe, expect, it } from 'vitest';
import { memoryFileSource } from '../../domain/file-source.js';
import { loadHarnessProfile, loadHarnessProfiles } from './load.js';

const CLINE_SDK = `id: mini
name: Mini
agent: cline
version: 9.9.9
loader: cline-sdk
locations:
  - { folder: "{{cwd}}/.clinerules" }
extensions: [.md]
languageBlock: "x"
rules: { textFile: rules.txt }
rule: "## {{name}}\\n{{content}}"
ruleSeparator: "\\n\\n"
`;

const load = (yaml: string, extra: Record<string, string> = {}) =>
  loadHarnessProfile(
    memoryFileSource({ 'harnesses/mini/harness.yaml': yaml, 'harnesses/mini/rules.txt': '\n\n# Rules\n{{rules}}\n', ...extra }),
    'harnesses/mini',
  );

describe('loadHarnessProfile', () => {
  it('loads a profile, with a text field read from a file of the folder (its final newline dropped)', () => {
    const { profile, problems } = load(CLINE_SDK);
    expect(problems).toEqual([]);
    expect(profile?.loader).toBe('cline-sdk');
    if (profile?.loader !== 'cline-sdk') throw new Error('loader');
    expect(profile.rules).toBe('\n\n# Rules\n{{rules}}');
    expect(profile.homeVariable).toBe('HOME');
    expect(profile.files).toEqual({ folder: 'harnesses/mini', config: 'harnesses/mini/harness.yaml' });
  });

  it('reports YAML syntax errors with line and column', () => {
    const r = load('id: mini\nlocations: [unclosed\n');
    expect(r.profile).toBeUndefined();
    expect(r.problems[0]).toMatchObject({ file: 'harnesses/mini/harness.yaml', severity: 'error', line: 3 });
    expect(r.problems[0]?.message).toMatch(/^YAML syntax: /);
  });

  it('points unknown fields and bad values at their node', () => {
    const r = load(CLINE_SDK.replace('extensions: [.md]', 'extensions: [.md]\ncolour: red').replace('version: 9.9.9', 'version: ""'));
    expect(r.problems).toEqual([
      {
        file: 'harnesses/mini/harness.yaml',
        line: 4,
        column: 10,
        path: 'version',
        severity: 'error',
        message: 'Too small: expected string to have >=1 characters',
      },
      { file: 'harnesses/mini/harness.yaml', line: 9, column: 9, path: 'colour', severity: 'error', message: "unknown field 'colour'" },
    ]);
  });

  it('refuses text files that are missing or leave the profile folder', () => {
    const missing = load(CLINE_SDK.replace('textFile: rules.txt', 'textFile: nope.txt'));
    expect(missing.problems).toEqual([
      {
        file: 'harnesses/mini/harness.yaml',
        line: 10,
        column: 1,
        path: 'rules',
        severity: 'error',
        message: 'file not found: harnesses/mini/nope.txt',
      },
    ]);
    const escaping = load(CLINE_SDK.replace('textFile: rules.txt', 'textFile: ../other/harness.yaml'));
    expect(escaping.problems[0]).toMatchObject({
      path: 'rules',
      message: "'../other/harness.yaml' must be a relative path inside the profile folder",
    });
  });

  it('names the loaders there are when the loader is unknown', () => {
    const unknown = load(CLINE_SDK.replace('loader: cline-sdk', 'loader: cursor'));
    expect(unknown.problems).toEqual([
      {
        file: 'harnesses/mini/harness.yaml',
        line: 5,
        column: 9,
        path: 'loader',
        severity: 'error',
        message:
          "Invalid discriminator value. Expected 'codex' | 'gemini' | 'claude-code' | 'cline-classic' | 'cline-sdk' | 'opencode' | 'copilot'",
      },
    ]);
  });

  it('warns when the id differs from the folder, and refuses two profiles with one id', () => {
    const source = memoryFileSource({
      'harnesses/mini/harness.yaml': CLINE_SDK.replace('rules: { textFile: rules.txt }', 'rules: "x"'),
      'harnesses/other/harness.yaml': CLINE_SDK.replace('rules: { textFile: rules.txt }', 'rules: "x"'),
    });
    const r = loadHarnessProfiles(source);
    expect(r.profiles.map((p) => p.id)).toEqual(['mini']);
    expect(r.problems).toEqual([
      {
        file: 'harnesses/other/harness.yaml',
        line: 1,
        column: 5,
        path: 'id',
        severity: 'warning',
        message: "id 'mini' differs from the folder name 'other'",
      },
      { file: 'harnesses/other/harness.yaml', severity: 'error', message: "a harness profile with id 'mini' is already loaded" },
    ]);
  });
});
