import { afterEach, describe, expect, it } from 'vitest';
import { deterministicBuildOptions } from '../../shared/engine/snapshots/snapshot-files.js';
import type { ColumnRequestOutcome } from '../../electron/host/run/column-request.js';
import { planEval } from '../../electron/host/run/eval-plan.js';
import { runEval } from '../../electron/host/run/eval-runner.js';
import { loadWorkspaceTests } from '../../electron/host/run/workspace-tests.js';
import { cleanupTempDirs, miniWorkspace, startHost, tempDir, writeFiles, type Loose } from '../host/support/fixtures.js';
import { noCap, runFixtures } from './support/run-fixtures.js';

/**
 * Evals of an unchanged workspace reuse their column builds; an edit builds again: the bodies
 * are those a fresh build gives, before and after the edit.
 */

const fx = runFixtures();
afterEach(() => cleanupTempDirs());

const TEST = [
  'messages: [{ role: user, content: Greet the user }]',
  'columns: { variants: [generic, special], presets: [base] }',
  'assert: [{ type: tool-call, name: say }]',
  '',
].join('\n');

describe('column builds across evals', () => {
  it('an unchanged workspace sends the same bodies; an edited template is in the next eval’s bodies', async () => {
    const standIn = await fx.standIn({ fallback: { text: 'Hi.\n<say>\n<text>Hello</text>\n</say>' } });
    const ws = writeFiles(tempDir('vs-ws-'), { ...miniWorkspace(), 'tests/greet.yaml': TEST });
    const t = await startHost({
      initialWorkspace: ws,
      watch: false,
      environment: { ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: standIn.origin },
    });
    const bodies = async (evalId: string): Promise<Record<string, string>> => {
      const summary: Loose = await t.call('eval:start', { evalId, mode: 'live' });
      const out: Record<string, string> = {};
      for (const c of summary.cells) out[c.id] = ((await t.call('eval:request', { evalId, cellId: c.id })) as Loose).body;
      return out;
    };
    const first = await bodies('e1');
    expect(Object.keys(first)).toEqual(['greet · generic @ base via anthropic', 'greet · special @ base via anthropic']);
    expect(await bodies('e2')).toEqual(first);
    await t.call('doc:update', { ref: { kind: 'variant-template', variantId: 'generic' }, text: 'EDITED {{ROLE}}\n\n{{TOOLBOX}}\n' });
    const edited = await bodies('e3');
    expect(edited['greet · generic @ base via anthropic']).toContain('EDITED You are a test agent');
    expect(first['greet · generic @ base via anthropic']).not.toContain('EDITED');
    expect(edited['greet · special @ base via anthropic']).toBe(first['greet · special @ base via anthropic']);
    // Every request arrived as the eval says it was sent.
    for (const body of [...Object.values(first), ...Object.values(edited)])
      expect(standIn.requests.some((r) => r.route === 'generate' && r.body === body)).toBe(true);
    await t.host.close();
    expect(t.errors).toEqual([]);
  });

  it('runEval takes a column’s build from the map it is given, and leaves the map’s builds as they were', async () => {
    const standIn = await fx.standIn({ fallback: { text: 'Hi.\n<say>\n<text>Hello</text>\n</say>' } });
    const ws = writeFiles(tempDir('vs-ws-'), { ...miniWorkspace(), 'tests/greet.yaml': TEST });
    const t = await startHost({ initialWorkspace: ws, watch: false });
    const session = t.host.requireSession();
    const inputs = { ...t.host.preview.inputs(session, 'edited'), options: deterministicBuildOptions() };
    const connection = { id: 'anthropic', api: 'anthropic' as const, baseUrl: standIn.origin };
    const plan = planEval(loadWorkspaceTests(ws).tests, [connection]);
    if (!plan.ok) throw new Error(plan.error);
    const builds = new Map<string, Promise<ColumnRequestOutcome>>();
    const deps = { inputs, keyFor: () => 'sk-test', mode: 'live' as const, concurrency: 2, builds };
    const once = await runEval(plan.cells, { ...deps, spend: noCap() });
    expect(builds.size).toBe(2);
    const kept = [...builds.values()];
    const twice = await runEval(plan.cells, { ...deps, spend: noCap() });
    expect([...builds.values()]).toEqual(kept);
    expect(twice.cells.map((c) => c.request?.body)).toEqual(once.cells.map((c) => c.request?.body));
    // A build put in the map is the one sent.
    const key = JSON.stringify([plan.cells[0]!.column, 'anthropic']);
    const real = await builds.get(key)!;
    if (!real.ok) throw new Error(real.error);
    builds.set(key, Promise.resolve({ ok: true, value: { ...real.value, input: { ...real.value.input, system: 'SEEDED SYSTEM' } } }));
    const seeded = await runEval(plan.cells, { ...deps, spend: noCap() });
    expect(seeded.cells[0]!.request?.body).toContain('SEEDED SYSTEM');
    expect(seeded.cells[1]!.request?.body).toBe(once.cells[1]!.request?.body);
    await t.host.close();
  });
});
