import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../cli/main.js';
import { hostsClosedAfterEach, tempDir, writeFiles, type Loose } from './support/fixtures.js';

const hosts = hostsClosedAfterEach();

async function cliCheck(workspace: string): Promise<{ findings: Loose[]; groups: Loose[] }> {
  let out = '';
  await runCli(['check', '--strict', '--format', 'json', '--workspace', workspace], {
    stdout: (t) => (out += t),
    stderr: () => {},
    cwd: workspace,
  });
  return JSON.parse(out) as { findings: Loose[]; groups: Loose[] };
}
async function cliFindings(workspace: string): Promise<Loose[]> {
  return (await cliCheck(workspace)).findings;
}

describe('check:run (the Problems panel) and variant-studio check --strict', () => {
  it('agree finding for finding on the built-in variants with problems added, and follow unsaved edits', async () => {
    const ws = tempDir('vs-check-');
    fs.cpSync(path.resolve('variants'), ws, { recursive: true });
    // The agent role not first (a strict finding), an empty {{ }} (an unknown placeholder), a broken preset.
    const config = path.join(ws, 'variants/xs/variant.yaml');
    fs.writeFileSync(
      config,
      fs
        .readFileSync(config, 'utf8')
        .replace('  - AGENT_ROLE_SECTION\n  - TOOL_USE_SECTION\n', '  - TOOL_USE_SECTION\n  - AGENT_ROLE_SECTION\n'),
    );
    fs.appendFileSync(path.join(ws, 'variants/xs/template.md'), '\n{{ }}\n');
    writeFiles(ws, { 'contexts/broken.yaml': 'context:\n  cwd: [not, a, path]\n' });

    const cli = await cliFindings(ws);
    const codes = cli.map((f) => f.code);
    expect(codes).toContain('STRICT_AGENT_ROLE_NOT_FIRST');
    expect(codes).toContain('UNKNOWN_PLACEHOLDER');
    expect(codes).toContain('LOAD_ERROR');
    expect(cli.find((f) => f.code === 'STRICT_AGENT_ROLE_NOT_FIRST')).toMatchObject({
      file: 'variants/xs/variant.yaml',
      message: 'AGENT_ROLE_SECTION should come first',
      line: expect.any(Number),
      column: 5,
    });

    const h = await hosts.start({ initialWorkspace: ws });
    const app = (await h.call('check:run')).findings;
    expect(app).toEqual(cli);

    // An unsaved edit is checked at once; saved, the CLI finds the same.
    const ref = { kind: 'variant-template', variantId: 'xs' };
    const { text } = await h.call('doc:read', { ref });
    await h.call('doc:update', { ref, text: text.replace('\n{{ }}\n', '\n') });
    const edited = (await h.call('check:run')).findings;
    expect(edited.map((f: Loose) => f.code)).not.toContain('UNKNOWN_PLACEHOLDER');
    await h.call('doc:save', { ref });
    expect(await cliFindings(ws)).toEqual(edited);
  });
});

describe('findings that can be acted on', () => {
  it('the built-ins: the identical cache warnings at tools/execute_command.yaml:7 are one group naming its variants, with what to change; the CLI and the app share it', async () => {
    const h = await hosts.start();
    const app = await h.call('check:run');
    const cache = app.groups.filter((g: Loose) => g.code === 'CACHE_VOLATILE_BEFORE_STABLE');
    const at7 = cache.find((g: Loose) => g.file === 'tools/execute_command.yaml' && g.line === 7);
    expect(at7).toMatchObject({
      severity: 'warning',
      message:
        'the working directory, read by tool execute_command, description, ends the cacheable prefix, but sections that never change between sessions come after it',
      count: 5,
      fix: "keep the working directory out of tool execute_command, description, or move the sections that never change above {{TOOL_USE_SECTION}} in the variant's template, so the cached prefix holds them",
    });
    expect(at7.occurrences.map((o: Loose) => [o.variantId, o.preset])).toEqual([
      ['devstral', 'basic'],
      ['hermes', 'basic'],
      ['glm', 'basic'],
      ['gemini-3', 'basic'],
      ['generic', 'basic'],
    ]);
    expect(at7.occurrences[0].detail).toMatch(
      /^the prefix ends at character \d+; after it come TASK_PROGRESS_SECTION, .* \(\d+ characters\) in variants\/devstral\/template\.md$/,
    );
    // Every finding names its variant (all of the built-ins' arise in one) and says what to change.
    expect(app.findings.every((f: Loose) => typeof f.variantId === 'string' && typeof f.fix === 'string' && f.fix.length > 0)).toBe(true);
    expect(app.groups.reduce((n: number, g: Loose) => n + g.count, 0)).toBe(app.findings.length);
    // The CLI prints the same groups.
    const cli = await cliCheck(path.resolve('variants'));
    expect(cli.groups).toEqual(app.groups);
    let text = '';
    await runCli(['check', '--strict', '--workspace', path.resolve('variants')], {
      stdout: (t) => (text += t),
      stderr: () => {},
      cwd: '/',
    });
    expect(text).toContain(
      'tools/execute_command.yaml:7:1: warning CACHE_VOLATILE_BEFORE_STABLE: the working directory, read by tool execute_command, description, ends the cacheable prefix, but sections that never change between sessions come after it [5 variants: devstral, hermes, glm, gemini-3, generic; preset basic]\n  fix: keep the working directory',
    );
    expect(text.trimEnd().split('\n').at(-1)).toMatch(/^0 error\(s\), 7 warning\(s\), 25 note\(s\) \(\d+ distinct\) in /);
  });
});

describe('check:run while the user types (issue 23)', () => {
  it('lets an edit in between its builds, and starts again on the edited text: the answer is the check of the text as it is now', async () => {
    const h = await hosts.start();
    const ref = { kind: 'variant-template', variantId: 'xs' };
    const { text } = await h.call('doc:read', { ref });
    // Encoders loaded, a result kept; then an edit, so that the next check has to run.
    await h.call('check:run');
    await h.call('doc:update', { ref, text: `${text}\n` });
    const checking = h.call('check:run');
    await new Promise((resolve) => setImmediate(resolve));
    await h.call('doc:update', { ref, text: `${text}\n{{ }}\n` });
    const answered = (await checking).findings;
    expect(answered.map((f: Loose) => f.code)).toContain('UNKNOWN_PLACEHOLDER');
    await h.call('doc:update', { ref, text: `${text}\n` });
    await h.call('doc:update', { ref, text: `${text}\n{{ }}\n` });
    expect((await h.call('check:run')).findings).toEqual(answered);
  });
});
