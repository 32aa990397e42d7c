import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../cli/main.js';
import { hostsClosedAfterEach, tempDir, writeFiles, type Loose } from './support/fixtures.js';

const hosts = hostsClosedAfterEach();

async function cliFindings(workspace: string): Promise<Loose[]> {
  let out = '';
  await runCli(['check', '--strict', '--format', 'json', '--workspace', workspace], {
    stdout: (t) => (out += t),
    stderr: () => {},
    cwd: workspace,
  });
  return (JSON.parse(out) as { findings: Loose[] }).findings;
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
