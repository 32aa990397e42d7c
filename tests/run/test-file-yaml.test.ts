import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { UsageError } from '../../cli/cli-io.js';
import { cliConnections } from '../../cli/run-setup.js';
import { parseTestFile } from '../../electron/host/run/workspace-tests.js';
import { ALIAS_BOMB, DEEP_FLOW, wideMap } from '../yaml/hostile-yaml.js';

/**
 * Issue 18, items 1–3, for the run feature's YAML: workspace tests (`tests/<id>.yaml`) and the
 * CLI's `--connections` file go through the bounded parser like every other YAML, so deep
 * nesting, a wide map or an alias bomb is a problem naming the file and the limit, not a stack
 * overflow, a quadratic key check or an expansion.
 */

const DEEP = 'line 1, column 64: collections are nested more than 64 deep; the file is not read';
const WIDE = 'line 2501, column 1: the file has more than 5,000 YAML values (keys, items, scalars); it is not read';

describe('workspace test files', () => {
  it('a deeply nested file is refused with the nesting limit', () => {
    expect(parseTestFile('tests/deep.yaml', DEEP_FLOW)).toEqual({ ok: false, message: `not YAML: ${DEEP}` });
  });

  it('a map with 10,000 keys is refused with the value limit, before the parser sees it', () => {
    expect(parseTestFile('tests/wide.yaml', wideMap(10_000))).toEqual({ ok: false, message: `not YAML: ${WIDE}` });
  });

  it('an alias bomb is refused, and a plain test still reads', () => {
    const bomb = parseTestFile('tests/bomb.yaml', ALIAS_BOMB);
    expect(bomb.ok).toBe(false);
    expect(!bomb.ok && bomb.message.startsWith('not YAML: ')).toBe(true);
    const plain = parseTestFile(
      'tests/ok.yaml',
      'messages:\n  - role: user\n    content: Hi\ncolumns: { variants: [generic], presets: [base] }\n',
    );
    expect(plain.ok && plain.test.id).toBe('ok');
  });
});

describe('the CLI --connections file', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('deep nesting is a usage error naming the file and the limit', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vs-connections-'));
    dirs.push(dir);
    writeFileSync(path.join(dir, 'c.yaml'), DEEP_FLOW);
    expect(() => cliConnections('c.yaml', dir, {})).toThrow(new UsageError(`--connections 'c.yaml': ${DEEP}`));
  });
});
